import CombineProbe
import Foundation

/// Runs one benchmark case once, for an instruction profile:
/// `valgrind --tool=callgrind .build/release/CombineProbeBenchmarks --profile actions 10000`.
/// Instruction counts are deterministic, so they compare two builds on a
/// busy machine where wall times cannot.
func profile(_ name: String, _ n: Int) {
    switch name {
    case "record": blackHole(recordThroughRecorder(n))
    case "sink": blackHole(recordThroughSink(n))
    case "consume": blackHole(consumeWithNext(n))
    case "stream": blackHole(recordStream(n))
    case "streamloop": blackHole(iterateStreamIntoArray(n))
    case "actions": blackHole(runScheduledActions(n, scattered: false))
    case "scattered": blackHole(runScheduledActions(n, scattered: true))
    case "debounce": blackHole(debounceTestInVirtualTime(rounds: max(n, 1)))
    case "debounce-sink": blackHole(debounceTestWithSinkInVirtualTime(rounds: max(n, 1)))
    case "async-steps": blackHole(asyncAdvanceStep(sleepers: n, steps: 5, roundTrips: 0))
    case "timer": blackHole(repeatingTimer(milliseconds: n))
    // Schedule exploration (n runs, or n explorations of the 8 schedules of
    // the 3-query search test; tied cases: n actions).
    case "search": blackHole(searchTestPlain(queries: 3, runs: n, rounds: 1, delivery: latencyRange))
    case "search-fixed": blackHole(searchTestWithFixedLatency(queries: 3, runs: n, rounds: 1))
    case "search-explored": blackHole(searchTestExplored(queries: 3, schedules: 8, explorations: n, rounds: 1))
    // The 8-query search test: n plain runs, or n explorations of 200 of
    // its 256 schedules.
    case "search8": blackHole(searchTestPlain(queries: 8, runs: n, rounds: 1, delivery: latencyRange))
    case "search8-explored": blackHole(searchTestExplored(queries: 8, schedules: 200, explorations: n, rounds: 1))
    case "exploration-empty": blackHole(fastest(of: n) { _ = ScheduleExploration(schedules: 1, seed: 1).run { _ in true } })
    case "debounce-explored": blackHole(fastest(of: n) { debounceTestExploredAlone() })
    case "debounce-and-setup": blackHole(fastest(of: n) { debounceTestBody(); _ = ScheduleExploration(schedules: 200, seed: 1).run { _ in true } })
    case "tied": blackHole(runTiedActions(n, rounds: 1))
    case "tied-explored": blackHole(runTiedActionsInOneSchedule(n, rounds: 1))
    // The same cases with combine-schedulers' TestScheduler (debounce cases: n rounds).
    case "peer-debounce": blackHole(debounceTestWithTestScheduler(rounds: n))
    case "peer-timer": blackHole(repeatingTimerWithTestScheduler(milliseconds: n))
    default: print("unknown case \(name): record, sink, consume, stream, streamloop, actions, scattered, debounce, debounce-sink, timer, async-steps, "
                   + "search, search-fixed, search-explored, search8, search8-explored, exploration-empty, debounce-explored, debounce-and-setup, tied, tied-explored, peer-debounce, peer-timer")
    }
}
