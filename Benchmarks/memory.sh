#!/usr/bin/env bash
# Peak memory per recorded value: a Recorder vs a sink appending to an array
# (the floor), measured with /usr/bin/time on the release benchmark binary:
# `time -v` (GNU, kilobytes) on Linux, `time -l` (BSD, bytes) on macOS.
# Usage: Benchmarks/memory.sh [N]   (default 1,000,000 values)
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-1000000}
swift build -c release >/dev/null
. ./dyld-env.sh
binary=.build/release/CombineProbeBenchmarks
if [ ! -x /usr/bin/time ]; then
    echo "memory: /usr/bin/time is missing (Debian package 'time'); skipped"
    exit 0
fi

peak_kb() {
    if [ "$(uname)" = Darwin ]; then
        /usr/bin/time -l "$binary" --memory "$1" "$2" 2>&1 >/dev/null | awk '/maximum resident set size/ { print int($1 / 1024) }'
    else
        /usr/bin/time -v "$binary" --memory "$1" "$2" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ { print $2 }'
    fi
}

# Each mode is measured with no value and with n values: the difference is
# what the values cost, without the fixed cost of the mode's first use.
recorder0=$(peak_kb recorder 0)
recorder=$(peak_kb recorder "$n")
sink0=$(peak_kb sink 0)
sink=$(peak_kb sink "$n")
awk -v n="$n" -v recorder0="$recorder0" -v recorder="$recorder" -v sink0="$sink0" -v sink="$sink" 'BEGIN {
    r = (recorder - recorder0) * 1024 / n
    s = (sink - sink0) * 1024 / n
    printf "peak memory for %d Int values: Recorder %.1f bytes/value, sink+append %.1f bytes/value (floor), ratio %.2fx; fixed cost of the first recorder %.1f MB\n", n, r, s, (s > 0 ? r / s : 0), (recorder0 - sink0) / 1024
}'
