#!/usr/bin/env bash
# Whether the Swift compiler on PATH is at least MAJOR.MINOR: exits 0 when it
# is, 1 when it is older, and prints the version it found on standard output.
#
#   scripts/compiler-at-least.sh 6 2
#
# Reads `swift --version`, whose first line names the version on Linux
# ("Swift version 6.3.1 (swift-6.3.1-RELEASE)") and on macOS ("Apple Swift
# version 6.2 (swiftlang-…)"). Used to skip the lanes of packages whose tools
# version is newer than the library's (Examples/ApproachableApp: 6.2).
set -euo pipefail
want_major=${1:?usage: compiler-at-least.sh MAJOR MINOR}
want_minor=${2:?usage: compiler-at-least.sh MAJOR MINOR}
version=$(swift --version 2>/dev/null | sed -nE 's/.*Swift version ([0-9]+)\.([0-9]+).*/\1.\2/p' | head -n 1)
if [ -z "$version" ]; then
    echo "unknown (swift --version named no version)"
    exit 1
fi
echo "$version"
major=${version%%.*}
minor=${version#*.}
if [ "$major" -gt "$want_major" ] || { [ "$major" -eq "$want_major" ] && [ "$minor" -ge "$want_minor" ]; }; then
    exit 0
fi
exit 1
