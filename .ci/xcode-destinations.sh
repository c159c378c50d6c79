#!/usr/bin/env bash
# Which generic destinations ("Any iOS Device", "Any Mac", …) the Xcode of this
# runner can build for: the deployment-targets job of .github/workflows/ci.yml
# asks before it compiles, so that a platform missing from the image (Xcode
# 16.0 on macos-15 has shipped without its visionOS platform: "Ineligible
# destinations … visionOS 2.0 is not installed") fails as a step named after
# that platform, with the cause and the fix, and never as a compile failure.
#
#   .ci/xcode-destinations.sh show SCHEME FILE
#       Prints `xcodebuild -showdestinations -scheme SCHEME` (run it in the
#       package's directory) and saves it to FILE. Fails only if xcodebuild does.
#   .ci/xcode-destinations.sh check PLATFORM FILE...
#       Succeeds if PLATFORM's generic destination is available in every FILE;
#       else prints a GitHub error annotation naming the platform, the Xcode,
#       xcodebuild's own reason and the fix, and fails.
#   .ci/xcode-destinations.sh available FILE PLATFORM...
#       Prints, one a line, the PLATFORMs whose generic destination FILE lists
#       as available: the platforms to build.
#   .ci/xcode-destinations.sh status PLATFORM < OUTPUT
#       Prints "available", "ineligible: <xcodebuild's reason>" or "missing".
#
# PLATFORM is macOS, iOS, tvOS, watchOS or visionOS (xcodebuild has called
# visionOS xrOS too; both are read). The format read is xcodebuild's:
#
#     Available destinations for the "CombineProbe" scheme:
#         { platform:iOS, id:dvtdevice-DVTiPhonePlaceholder-iphoneos:placeholder, name:Any iOS Device }
#     Ineligible destinations for the "CombineProbe" scheme:
#         { platform:visionOS, id:…-xros:placeholder, name:Any visionOS Device, error:visionOS 2.0 is not installed. … }
#
# A generic destination is a line of the platform itself (not "iOS Simulator"),
# without a variant, named "Any …" or with a placeholder id; for macOS, any Mac
# line without a variant. Its test: scripts/tests/test_xcode_destinations.py
# (a fake xcodebuild, on Linux).
set -euo pipefail

status() {
    awk -v want="$1" '
        /Available destinations for/ { section = "available"; next }
        /Ineligible destinations for/ { section = "ineligible"; next }
        section != "" && /\{ *platform:/ {
            line = $0
            sub(/^[^{]*\{ */, "", line)
            sub(/ *\}[^}]*$/, "", line)
            platform = line
            sub(/^platform:/, "", platform)
            sub(/,.*/, "", platform)
            if (platform == "xrOS") platform = "visionOS"
            if (platform != want || line ~ /(^|, )variant:/) next
            if (want != "macOS" && line !~ /name:Any / && line !~ /placeholder/) next
            if (section == "available") { found = "available"; exit }
            reason = line
            if (!sub(/.*, error:/, "", reason)) reason = "listed as ineligible"
            if (found == "") found = "ineligible: " reason
        }
        END { print (found == "" ? "missing" : found) }'
}

xcode() {
    xcodebuild -version 2>/dev/null | head -n 1 || true
}

command=${1:-}
shift || true
case "$command" in
    status)
        status "$1"
        ;;
    show)
        scheme=$1 file=$2
        echo "::group::xcodebuild -showdestinations -scheme $scheme"
        code=0
        xcodebuild -showdestinations -scheme "$scheme" >"$file" 2>&1 || code=$?
        cat "$file"
        echo "::endgroup::"
        if [ "$code" -ne 0 ]; then
            echo "::error title=xcodebuild -showdestinations failed::xcodebuild -showdestinations -scheme $scheme failed (status $code) with $(xcode); its output is above"
            exit 1
        fi
        ;;
    check)
        platform=$1
        shift
        for file in "$@"; do
            result=$(status "$platform" <"$file")
            if [ "$result" != available ]; then
                found=$(xcode)
                case "$result" in
                    missing) reason="xcodebuild lists no generic $platform destination" ;;
                    *) reason="xcodebuild: ${result#ineligible: }" ;;
                esac
                echo "::error title=$platform platform not installed::$platform platform not installed in ${found:-this Xcode} on this runner ($reason). Install it in a step before the build with \`xcodebuild -downloadPlatform $platform\`, or pick an image whose Xcode has it (https://github.com/actions/runner-images). The other platforms are still built."
                exit 1
            fi
        done
        echo "$platform: generic/platform=$platform is available with $(xcode)"
        ;;
    available)
        file=$1
        shift
        for platform in "$@"; do
            if [ "$(status "$platform" <"$file")" = available ]; then
                echo "$platform"
            fi
        done
        ;;
    *)
        echo "usage: $0 show SCHEME FILE | check PLATFORM FILE... | available FILE PLATFORM... | status PLATFORM" >&2
        exit 2
        ;;
esac
