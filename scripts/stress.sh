#!/usr/bin/env bash
# The stress run: every scenario of Tests/CombineProbeTests/Stress/ (the
# virtual world's, main-actor view models, mock generators, streams
# recorded again, issue 34's main-actor crash paths and timers and sleeps from
# outside the world (MainActorDefectsStress, MainActorWorkInFlight), and
# explored schedules: N / 10 explorations, each giving
# the same schedules as the first) and the repetition tests of VirtualConcurrency/, repeated N
# times, in XCTest and in parallel Swift Testing, then the examples'
# swift-async-algorithms pipelines and order-bug explorations, then every test of
# Examples/ApproachableApp (main-actor view models, from every kind of test;
# Swift 6.2 or newer). Any failure or hang fails the run; every part runs, and
# each part's whole log is kept in .build/stress/ (its failures are printed).
#
# Plain tasks that join a world (TaskJoining, ParallelWorlds: 30 worlds in
# parallel with 30 tests whose tasks stay outside) run with the virtual
# world's scenarios, and swift-async-algorithms' debounce with the
# examples'. So do issue 41's: a world serving many rounds keeps their
# order, with an actor of the app's own (WorldRounds), a main-actor timer
# consumer gets every tick (MainActorTimerConsumer), a double's background
# answer lands before time moves (BackgroundAnswer), a view model's
# main-actor tasks join (MainActorTaskJoining, BlockedDeparture), another
# library taking the hook round after round (HookInterference), and the
# app core of Examples/ApproachableApp (SupportConversation) with its
# planted order bug. A hang is a failure: each `swift test` runs under
# `timeout`, and the step that hangs is the test the log names last.
#
# Two busy loops keep both cores loaded for the whole run (STRESS_BUSY=0
# runs without them): a schedule that depends on which thread gets there
# first shows up under load.
#
#   scripts/stress.sh [N]     # N = 10000 by default; CI runs 400 (the default of swift test)
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-10000}
busy=()
if [ "${STRESS_BUSY:-1}" != 0 ]; then
    for _ in 1 2; do (while :; do :; done) & busy+=($!); done
    trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
fi
# Each part's whole log is kept in .build/stress/ (a failure's line and
# message are printed at once, before the summary, whatever their number).
logs=.build/stress
mkdir -p "$logs"
# A part that runs longer than this hangs: half an hour, and a further
# second for every five rounds beyond 2,000 (10,000 rounds of the world's
# scenarios take longer than half an hour on two loaded cores).
limit=$(( 1800 + (iterations > 2000 ? (iterations - 2000) / 5 : 0) ))
run_part() {
    local log=$1
    shift
    local status=0
    "$@" > "$log" 2>&1 || status=$?
    grep -E "error:|✘" "$log" | head -n 20 || true
    grep -E "Executed [0-9]+ tests?, with|Test run with" "$log" | tail -n 3 || true
    [ "$status" = 0 ] || echo "stress: $log failed (exit status $status)"
    return "$status"
}
failed=0
swift build --build-tests 2>&1 | tail -n 1
start=$(date +%s)
COMBINEPROBE_STRESS_ITERATIONS=$iterations COMBINEPROBE_EXPLORATION_ROUNDS=$(( iterations / 10 )) run_part "$logs/world.log" timeout "$limit" \
    swift test --skip-build --filter "VirtualWorldStress|StreamRecordingStress|VirtualConcurrency|MainActor|Joining|ParallelWorlds|WorldRounds|WorkInFlightStep|BackgroundAnswer|BlockedDeparture|HookInterference|TickResumes|QuietWatchdog" || failed=1
echo "stress: $iterations rounds of each scenario in $(( $(date +%s) - start )) s"
# The examples' repetition tests: swift-async-algorithms' AsyncTimerSequence,
# an AsyncChannel into _throttle, and one into debounce (whose own task
# joins the world), on the virtual clock (a dev-only
# dependency of Examples/); and the order bugs' explorations, each failing
# schedule replayed N times and each exploration repeated N times from one
# base seed (the same seed, the same schedules, the same failure).
swift build --build-tests --package-path Examples 2>&1 | tail -n 1
start=$(date +%s)
COMBINEPROBE_STRESS_ITERATIONS=$iterations run_part "$logs/examples.log" timeout "$limit" \
    swift test --skip-build --package-path Examples --filter "DraftAutosave|AsyncAlgorithmsInterop|OrderBugRobustness" || failed=1
echo "stress (examples): $iterations rounds of the autosave, the throttled and debounced channels and the order bugs' replays in $(( $(date +%s) - start )) s"
# The Xcode 26-style app core (Examples/ApproachableApp, tools 6.2): every
# test, each repeating its round N times — main-actor view models driven
# from nonisolated and @MainActor, synchronous and async, XCTest and Swift
# Testing tests. A crash stops the run with a signal, and fails it.
if version=$(scripts/compiler-at-least.sh 6 2); then
    swift build --build-tests --package-path Examples/ApproachableApp 2>&1 | tail -n 1
    start=$(date +%s)
    COMBINEPROBE_STRESS_ITERATIONS=$iterations run_part "$logs/approachable-app.log" timeout "$limit" \
        swift test --skip-build --package-path Examples/ApproachableApp || failed=1
    echo "stress (approachable app): $iterations rounds of every test in $(( $(date +%s) - start )) s"
else
    echo "stress (approachable app): skipped, Swift $version is older than 6.2 (the package's tools version)"
fi
exit "$failed"
