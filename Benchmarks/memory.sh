#!/usr/bin/env bash
# Peak memory per recorded value: a Recorder vs a sink appending to an array
# (the floor), each measured in one run of the release benchmark binary.
# On Linux, /usr/bin/time -v (GNU) reads the run's peak resident set size.
# On macOS, the binary prints its own (getrusage's ru_maxrss, read when the
# values are recorded): /usr/bin/time is a protected program there, for which
# the system removes the DYLD_* variables (dyld-env.sh) that the binary needs
# to find XCTest, so through it the binary would not start.
# Then the memory a whole test leaves behind: the debounce test in virtual
# time (a recorder, a scheduler and its world, a wait), run 100 and 20,100
# times in a row. Nothing of a test may outlive it: the run fails when the
# peak grows by more than 64 bytes a test (a cancelled action kept the
# scheduler, its world and the debounce subscription alive, 2.5 KB a test).
# Usage: Benchmarks/memory.sh [N]   (default 1,000,000 values)
set -euo pipefail
cd "$(dirname "$0")"
n=${1:-1000000}
swift build -c release >/dev/null
. ./dyld-env.sh
binary=.build/release/CombineProbeBenchmarks
if [ "$(uname)" != Darwin ] && [ ! -x /usr/bin/time ]; then
    echo "memory: /usr/bin/time is missing (Debian package 'time'); skipped"
    exit 0
fi

peak_kb() {
    local kb
    if [ "$(uname)" = Darwin ]; then
        kb=$("$binary" --memory "$1" "$2" | tail -n 1)
    else
        kb=$(/usr/bin/time -v "$binary" --memory "$1" "$2" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ { print $2 }')
    fi
    case "$kb" in
        '' | *[!0-9]*) echo "memory: no peak memory read for --memory $1 $2 (got \"$kb\")" >&2; exit 1 ;;
    esac
    echo "$kb"
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

tests0=$(peak_kb debounce-tests 100)
tests=$(peak_kb debounce-tests 20100)
awk -v tests0="$tests0" -v tests="$tests" 'BEGIN {
    kept = (tests - tests0) * 1024 / 20000
    printf "memory kept per debounce test in virtual time, over 20,000 tests in a row: %.1f bytes (the peak moves by some 0.3 MB from run to run, 15 bytes a test; limit 64)\n", kept
    if (kept > 64) { print "memory: a test leaves memory behind"; exit 1 }
}'
