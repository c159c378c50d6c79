#!/usr/bin/env bash
# Shows that the strict lane (COMBINEPROBE_STRICT_XCTEST=1, see
# Sources/CombineProbe/Reporting/XCTestRules.swift and CONTRIBUTING.md)
# catches each of Apple's XCTest rules when the library breaks it: it copies
# the working tree to a scratch directory, seeds one violation at a time into
# the copy's Sources, runs the tests that reach it in strict mode, and checks
# that the run fails and names the rule. Prints "caught N of 8"; exits 1
# unless all eight are caught.
#
#   1. fulfill() after its wait ended: the synchronous waiter waits on an
#      XCTestExpectation and forgets to remove its waiter after a timeout;
#   2. a failure recorded on a test case that is not running: a wait's
#      failure goes to the waiting test case without asking whether it runs;
#   3. a wait running the main run loop inside a main-queue block: the
#      synchronous waiter chooses its path by the thread again;
#   4. a failure routed to a framework that is not running the current test:
#      the routing reads the main thread as XCTest's, and unknown as XCTest;
#   5. a double's failure recorded in a later XCTest test (one whose test
#      case is not the double's): the reporter forgets that its test ended;
#   6. a wait's failure recorded on a test case whose test ended: the
#      waiter asks whether the test case has a run, not whether it runs;
#   7. a real-time record assertion running the main run loop inside a
#      main-queue block: the assertion's wait chooses its path by the thread;
#   8. the predicate the waiters choose their path by says no block of the
#      main queue is ever held: the rule's own facts still see it.
# (Issue 42, B: each of 5 to 8 is reached by a test of its own.)
#
# First, as a control, the copy without a seed runs the same tests in strict
# mode, and must pass with no violation.
#
# The copy and its build stay in $COMBINEPROBE_SEEDS_DIR (default
# ${TMPDIR:-/tmp}/combineprobe-strict-seeds), so that a second run builds
# only what the seeds change. Measured on two cores: 3 min 26 s for a first
# run (one cold build of the package), 38 s for the next (5 to 13 s a seed).
#
# --in-place seeds the working tree itself and builds in its .build, which a
# `swift build --build-tests` just made (so .ci/run runs it after the
# library's suite): each seed only recompiles CombineProbe. The seeded files
# are put back as they were when the script ends, however it ends, and the
# next build recompiles the library once more. Measured: 21 to 44 s on two
# cores.
set -euo pipefail
cd "$(dirname "$0")/.."

in_place=false
if [ "${1:-}" = "--in-place" ]; then in_place=true; fi

seeded_files=(Sources/CombineProbe/Waiting/SynchronousWaiter.swift Sources/CombineProbe/Reporting/FailureReporter.swift
    Sources/CombineProbe/Reporting/DeferredFailureReporter.swift Sources/CombineProbe/MainActor/MainActorCheck.swift)
if $in_place; then
    work=$(mktemp -d)
    copy=$(pwd)
    scratch=$(pwd)/.build
    for file in "${seeded_files[@]}"; do cp -p "$file" "$work/$(basename "$file").orig"; done
    restore() {
        # A new modification time, so that no build takes a seeded object
        # for the file's.
        for file in "${seeded_files[@]}"; do cp "$work/$(basename "$file").orig" "$file"; done
    }
    trap 'restore; rm -rf "$work"' EXIT
else
    work=${COMBINEPROBE_SEEDS_DIR:-${TMPDIR:-/tmp}/combineprobe-strict-seeds}
    copy=$work/src
    scratch=$work/build
    mkdir -p "$copy" "$scratch"
fi

fresh_copy() {
    if $in_place; then
        restore
        return
    fi
    # The tracked and untracked files of the working tree, not the build.
    find "$copy" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
    git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$copy"
    if [ -f Package.resolved ]; then cp Package.resolved "$copy/"; fi
}

# seed FILE: replaces, in the copy's FILE, the text between the markers of
# stdin (OLD, then a line ====, then NEW); fails if OLD is not there.
seed() {
    SEED_TEXT=$(cat) python3 -c '
import os, sys
path = sys.argv[1]
old, new = os.environ["SEED_TEXT"].split("\n====\n")
text = open(path).read()
if old not in text:
    sys.exit(f"seed does not apply: {path} no longer has:\n{old}")
open(path, "w").write(text.replace(old, new, 1))
' "$copy/$1"
}

caught=0
run_seed() {
    local number=$1 rule=$2 filter=$3 log=$work/seed-$1.log
    local started=$SECONDS status=0
    if ! (cd "$copy" && swift build --build-tests --scratch-path "$scratch" >"$log" 2>&1); then
        echo "seed $number: the seeded copy does not build (see $log)"
        return
    fi
    (cd "$copy" && COMBINEPROBE_STRICT_XCTEST=1 swift test --skip-build --scratch-path "$scratch" --filter "$filter" >>"$log" 2>&1) || status=$?
    local line
    # The line on standard error, else the failure it recorded on the test.
    line=$(grep -F "strict XCTest: $rule at " "$log" | grep -m1 "^strict XCTest: " \
        || grep -m1 -F "strict XCTest: $rule at " "$log" || true)
    if [ "$status" -ne 0 ] && [ -n "$line" ]; then
        caught=$((caught + 1))
        echo "seed $number caught in $((SECONDS - started)) s (exit status $status): $line"
    else
        echo "seed $number NOT caught (exit status $status; see $log): $rule"
    fi
}

echo "== control: no seed, the same tests, strict"
fresh_copy
control=$work/control.log
started=$SECONDS
(cd "$copy" && swift build --build-tests --scratch-path "$scratch" >"$control" 2>&1)
if (cd "$copy" && COMBINEPROBE_STRICT_XCTEST=1 swift test --skip-build --scratch-path "$scratch" \
        --filter "XCTestWaitTests|RecorderTests|IdleTestCaseWaitTests|FailureRouting|DoubleAfterItsTest" >>"$control" 2>&1) \
    && ! grep -q "^strict XCTest: " "$control"; then
    echo "control passed in $((SECONDS - started)) s, no violation"
else
    echo "control FAILED: the unseeded copy breaks a rule or a test (see $control)"
    exit 1
fi

echo "== seed 1: fulfill() after its wait ended"
fresh_copy
seed Sources/CombineProbe/Waiting/SynchronousWaiter.swift <<'EOF'
    private static func waitRunningTheRunLoop<Output>(for plan: WaitPlan<Output>, timeout: TimeInterval) -> Bool {
====
    private static func waitRunningTheRunLoop<Output>(for plan: WaitPlan<Output>, timeout: TimeInterval) -> Bool {
        let expectation = XCTestExpectation(description: plan.name)
        let site = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        _ = plan.recording.addWaiter(for: plan.condition) { XCTestRules.fulfill(expectation, at: site) }
        return XCTestRules.wait(for: [expectation], timeout: timeout, at: site) == .completed
    }

    private static func unusedWaitRunningTheRunLoop<Output>(for plan: WaitPlan<Output>, timeout: TimeInterval) -> Bool {
EOF
run_seed 1 "fulfill() after its wait ended" "XCTestWaitTests|RecorderTests"

echo "== seed 2: a failure recorded on a test case that is not running"
fresh_copy
seed Sources/CombineProbe/Reporting/FailureReporter.swift <<'EOF'
        guard framework == .xcTest, let testCase, isRunning(testCase) else {
====
        guard framework == .xcTest, let testCase else {
EOF
run_seed 2 "a failure recorded on a test case that is not running" "IdleTestCaseWaitTests"

echo "== seed 3: a wait running the main run loop inside a main-queue block"
fresh_copy
seed Sources/CombineProbe/Waiting/SynchronousWaiter.swift <<'EOF'
        if MainThread.isCurrent && !holdsTheMainQueue {
====
        if MainThread.isCurrent {
EOF
run_seed 3 "a wait running the main run loop inside a main-queue block" "FailureRoutingTests"

echo "== seed 4: a failure routed to a framework that is not running the current test"
fresh_copy
seed Sources/CombineProbe/Reporting/FailureReporter.swift <<'EOF'
            return facts.onMainThread && !facts.holdsTheMainQueue ? .xcTest : nil
====
            return facts.onMainThread ? .xcTest : nil
EOF
seed Sources/CombineProbe/Reporting/FailureReporter.swift <<'EOF'
        return (phase == .unobserved || phase == .unknown) && !swiftTestingRan.withLock({ $0 }) ? .xcTest : .swiftTesting
====
        _ = phase
        return .xcTest
EOF
run_seed 4 "a failure routed to a framework that is not running the current test" "FailureRouting"

echo "== seed 5: a double's failure recorded in a later XCTest test"
fresh_copy
seed Sources/CombineProbe/Reporting/DeferredFailureReporter.swift <<'EOF'
        if itsXCTestEnded {
            reportAfterItsTestEnded(message)
        } else if TestFramework.canRecordNow(for: framework) {
====
        if TestFramework.canRecordNow(for: framework) {
EOF
run_seed 5 "a failure recorded on a test case that is not running" "DoubleAfterItsTestTests"

echo "== seed 6: a wait's failure recorded on a test case whose test ended"
fresh_copy
seed Sources/CombineProbe/Reporting/FailureReporter.swift <<'EOF'
        guard framework == .xcTest, let testCase, isRunning(testCase) else {
====
        guard framework == .xcTest, let testCase, testCase.testRun != nil else {
EOF
run_seed 6 "a failure recorded on a test case that is not running" "IdleTestCaseWaitTests"

echo "== seed 7: a real-time record assertion running the main run loop inside a main-queue block"
fresh_copy
seed Sources/CombineProbe/Waiting/SynchronousWaiter.swift <<'EOF'
        if MainThread.isCurrent && !holdsTheMainQueue {
====
        if MainThread.isCurrent && (!holdsTheMainQueue || plan.name == "recorder") {
EOF
run_seed 7 "a wait running the main run loop inside a main-queue block" "FailureRoutingTests.testARealTimeRecordAssertion"

echo "== seed 8: the waiters' predicate never sees a main-queue block held"
fresh_copy
seed Sources/CombineProbe/MainActor/MainActorCheck.swift <<'EOF'
    static var holdsTheMainQueue: Bool {
        guard isInMainQueueBlock else { return false }
====
    static var holdsTheMainQueue: Bool {
        guard isInMainQueueBlock, Bool("false") == true else { return false }
EOF
run_seed 8 "a wait running the main run loop inside a main-queue block" "FailureRoutingTests"

echo "caught $caught of 8"
[ "$caught" -eq 8 ]
