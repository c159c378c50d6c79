import CombineProbe
import CombineSchedulers
import Foundation

// The synchronous virtual-time cases of VirtualTimeBenchmarks.swift, written
// the way a combine-schedulers user writes them with its `TestScheduler`
// (`DispatchQueue.test`), for a side-by-side in the same run.

/// Wall time of the debounce test with combine-schedulers: three keystrokes
/// 100 ms apart, a 300 ms debounce, values collected by a `sink`, an
/// `advance(by:)` past the debounce, then a check.
func debounceTestWithTestScheduler(rounds: Int) -> UInt64 {
    debounceTestWithSink(rounds: rounds, on: { DispatchQueue.test }, advance: { $0.advance(by: $1) })
}

/// Wall time of a `TestScheduler` timer that fires every millisecond, over
/// `milliseconds` of virtual time: one `advance(by:)` runs every tick.
func repeatingTimerWithTestScheduler(milliseconds: Int) -> UInt64 {
    fastest(of: 3) {
        let scheduler = DispatchQueue.test
        var ticks = 0
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1)), interval: .milliseconds(1)) { ticks += 1 }
        scheduler.advance(by: .milliseconds(milliseconds))
        precondition(ticks == milliseconds)
        timer.cancel()
    }
}

/// `runScheduledActions(_:scattered:)` with a `TestScheduler`, which sorts
/// and shifts its whole queue at every action: its k-th action costs about
/// c·(n − k), so 1M actions would take days. A run that fits its budget is
/// timed like ours; a longer one is stopped and estimated.
struct TestSchedulerActionsRun {
    /// How many actions were scheduled.
    var n: Int
    /// How many ran: `n` when the run finished.
    var ran: Int
    /// Wall time of the fastest whole run; if the run was stopped, the wall
    /// time until it was (which is less than the whole run's).
    var nanoseconds: UInt64
    /// The whole run's wall time as the probe estimated it: scheduling +
    /// the first sort + c·(n + 1)/2, c being the median time between two
    /// consecutive actions with the queue still about n long.
    var estimatedNanoseconds: Double
    /// Whether every action ran.
    var finished: Bool { ran == n }
}

/// Runs `n` one-shot actions on a `TestScheduler`. First a probe that
/// advances two actions at a time, so that it can stop after `probeBudget`
/// nanoseconds of wall time, and timestamps each action to estimate the
/// whole run. If the probe finished, the fastest of three whole runs; if the
/// estimate is within `wholeRunLimit`, one whole run (measured, not
/// estimated); else the stopped probe.
func runScheduledActionsWithTestScheduler(_ n: Int, scattered: Bool, probeBudget: UInt64, wholeRunLimit: UInt64) -> TestSchedulerActionsRun {
    let probe = probeTestSchedulerActions(n, scattered: scattered, budget: probeBudget)
    guard probe.finished || probe.estimatedNanoseconds <= Double(wholeRunLimit) else { return probe }
    let whole = fastest(of: probe.finished ? 3 : 1) {
        let scheduler = DispatchQueue.test
        var count = 0
        let start = scheduler.now
        for index in 0..<n {
            let due = scattered ? (index &* 7919) % n : index
            scheduler.schedule(after: start.advanced(by: .milliseconds(due))) { count += 1 }
        }
        scheduler.advance(to: start.advanced(by: .milliseconds(n)))
        precondition(count == n)
    }
    return TestSchedulerActionsRun(n: n, ran: n, nanoseconds: whole, estimatedNanoseconds: probe.estimatedNanoseconds)
}

private func probeTestSchedulerActions(_ n: Int, scattered: Bool, budget: UInt64) -> TestSchedulerActionsRun {
    let scheduler = DispatchQueue.test
    var stamps: [UInt64] = []
    stamps.reserveCapacity(min(n, 1_000_000))
    let begin = now()
    let start = scheduler.now
    for index in 0..<n {
        let due = scattered ? (index &* 7919) % n : index
        scheduler.schedule(after: start.advanced(by: .milliseconds(due))) { stamps.append(now()) }
    }
    var reached = 0
    var intervals: [UInt64] = []
    while stamps.count < n, now() - begin < budget {
        let first = stamps.count
        reached += 2
        scheduler.advance(to: start.advanced(by: .milliseconds(reached - 1)))
        if stamps.count == first + 2 { intervals.append(stamps[first + 1] - stamps[first]) }
    }
    let elapsed = now() - begin
    guard stamps.count < n, let firstAction = stamps.first, !intervals.isEmpty else {
        return TestSchedulerActionsRun(n: n, ran: stamps.count, nanoseconds: elapsed, estimatedNanoseconds: Double(elapsed))
    }
    let perAction = Double(intervals.sorted()[intervals.count / 2])
    let estimate = Double(firstAction - begin) + perAction * Double(n + 1) / 2
    return TestSchedulerActionsRun(n: n, ran: stamps.count, nanoseconds: elapsed, estimatedNanoseconds: estimate)
}
