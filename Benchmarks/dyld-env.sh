# Sourced by run.sh and memory.sh. CombineProbe links XCTest: on macOS, an
# executable that links XCTest runs outside a test bundle only when dyld can
# find the framework and its Swift support library in the selected Xcode.
if [ "$(uname)" = Darwin ]; then
    developer="$(xcode-select -p)/Platforms/MacOSX.platform/Developer"
    export DYLD_FRAMEWORK_PATH="$developer/Library/Frameworks${DYLD_FRAMEWORK_PATH:+:$DYLD_FRAMEWORK_PATH}"
    export DYLD_LIBRARY_PATH="$developer/usr/lib${DYLD_LIBRARY_PATH:+:$DYLD_LIBRARY_PATH}"
fi
