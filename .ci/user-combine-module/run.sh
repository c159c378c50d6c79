#!/usr/bin/env bash
# The user-Combine-module lane of .ci/run: a user's project with its own
# module named Combine (OpenCombine only), built in the worst order. That
# module is compiled first, so that CombineProbe, OpenCombineDispatch and
# OpenCombineFoundation all compile while it is visible (the last two then
# leave out the Scheduler conformances of DispatchQueue, RunLoop and
# OperationQueue); then the user's tests run. From a clean scratch directory,
# so that the order is the one forced here. Fails on any error, and on any
# warning in CombineProbe's sources or this package's.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

step() {
    if ! "$@" >"$log" 2>&1; then
        cat "$log"
        echo "error: '$*' failed (above)." >&2
        exit 1
    fi
    if grep -E "^$root/(Sources|\.ci/user-combine-module)/.*: warning:" "$log"; then
        echo "error: warnings in our sources (above)." >&2
        exit 1
    fi
}

rm -rf .build
step swift build --target Combine
tail -n 1 "$log"
step swift build --build-tests
tail -n 1 "$log"
step swift test --skip-build
grep -E "^[[:space:]]*Executed [0-9]+ tests?, with" "$log" | tail -n 1
