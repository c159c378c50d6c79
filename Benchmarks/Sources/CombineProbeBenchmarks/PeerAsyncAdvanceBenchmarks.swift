import Clocks
import CombineProbe
import CombineSchedulers
import Foundation

// `asyncAdvanceStep(sleepers:)` (AsyncVirtualTimeBenchmarks.swift) as the
// peers' users write it: tasks on the global executor sleep on
// combine-schedulers' `TestScheduler` (`scheduler.sleep(for:)`) or on
// swift-clocks' `TestClock` (`clock.sleep(for:)`), and each step is the
// peer's `await advance(by:)`. The peers let woken tasks run by yielding
// (`Task.megaYield()`, 20 detached yields by default) before each wake-up
// and not by waiting for quiescence, so a step may return before every
// woken task ran: the result counts the wake-ups seen when it returned.

/// One peer's async `advance(by:)` step with `sleepers` sleeping tasks.
struct PeerAdvanceStep {
    /// The fastest measured step, in nanoseconds.
    var nanoseconds: UInt64
    /// How many tasks slept, each expecting one wake-up per step.
    var sleepers: Int
    /// The fewest wake-ups that had run when a step returned.
    var fewestWoken: Int
    /// How many steps were measured: fewer than asked when the time budget
    /// ran out.
    var steps: Int
    /// How many steps were asked for.
    var stepsAsked: Int
    /// Whether a step had not returned after the cap: then `nanoseconds` is
    /// the cap (a lower bound), `fewestWoken` the wake-ups by then, and the
    /// sleepers were cancelled so that the step could end.
    var stopped = false

    /// The whole step's time if it was stopped, extrapolated from the
    /// wake-ups done by the cap (each wake-up costs about the same).
    var estimatedNanoseconds: Double {
        guard stopped else { return Double(nanoseconds) }
        return Double(nanoseconds) * Double(sleepers) / Double(max(fewestWoken, 1))
    }

    /// "1.23 ms per step, all 100 woken at return", and what was bounded.
    func describe(_ time: (UInt64) -> String) -> String {
        if stopped {
            return "> \(time(nanoseconds)) per step: stopped at that cap with \(fewestWoken) of \(sleepers) woken (est. \(time(UInt64(estimatedNanoseconds))))"
        }
        let woken = fewestWoken == sleepers ? "all \(sleepers) woken at return" : "only \(fewestWoken) of \(sleepers) woken at return"
        let bound = steps < stepsAsked ? ", \(steps) of \(stepsAsked) steps (time budget)" : ""
        return "\(time(nanoseconds)) per step, \(woken)\(bound)"
    }
}

/// combine-schedulers: `sleepers` tasks sleep 1 s at a time on
/// `DispatchQueue.test`; each step is `await scheduler.advance(by: .seconds(1))`.
func testSchedulerAdvanceStep(sleepers n: Int, steps: Int, budget: UInt64, cap: UInt64) -> PeerAdvanceStep {
    let scheduler = DispatchQueue.test
    return peerAdvanceStep(
        sleepers: n, steps: steps, budget: budget, cap: cap,
        sleep: { try await scheduler.sleep(for: .seconds(1)) },
        advance: { await scheduler.advance(by: .seconds(1)) }
    )
}

/// swift-clocks: `sleepers` tasks sleep 1 s at a time on a `TestClock`;
/// each step is `await clock.advance(by: .seconds(1))`.
func testClockAdvanceStep(sleepers n: Int, steps: Int, budget: UInt64, cap: UInt64) -> PeerAdvanceStep? {
    guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return nil }
    let clock = TestClock()
    return peerAdvanceStep(
        sleepers: n, steps: steps, budget: budget, cap: cap,
        sleep: { try await clock.sleep(for: .seconds(1)) },
        advance: { await clock.advance(by: .seconds(1)) }
    )
}

/// Starts `n` tasks on the global executor that loop on `sleep` and count
/// their wake-ups, waits (untimed) until all of them sleep, then times up to
/// `steps` calls of `advance`, stopping early once the steps took `budget`
/// nanoseconds. After each step, and untimed, it waits until every woken
/// task ran and slept again, so that steps do not overlap. A step that has
/// not returned after `cap` nanoseconds is stopped: the sleepers are
/// cancelled, which empties the peer's queue and lets the step end.
private func peerAdvanceStep(
    sleepers n: Int, steps: Int, budget: UInt64, cap: UInt64,
    sleep: @escaping @Sendable () async throws -> Void,
    advance: @escaping @Sendable () async -> Void
) -> PeerAdvanceStep {
    blockingAsync {
        let started = Locked2<Int>(0)
        let wakeUps = Locked2<Int>(0)
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<n {
            tasks.append(Task {
                started.update { $0 += 1 }
                while true {
                    do { try await sleep() } catch { return }
                    wakeUps.update { $0 += 1 }
                }
            })
        }
        await settle { started.get() == n }
        var result = PeerAdvanceStep(nanoseconds: .max, sleepers: n, fewestWoken: n, steps: 0, stepsAsked: steps)
        var spent: UInt64 = 0
        for step in 1...steps {
            let before = wakeUps.get()
            let timed = await withTaskGroup(of: (elapsed: UInt64, woken: Int)?.self) { group in
                group.addTask {
                    let start = now()
                    await advance()
                    let elapsed = now() - start
                    return (elapsed, wakeUps.get() - before)
                }
                group.addTask {
                    try? await Task.sleep(nanoseconds: cap)
                    return nil
                }
                let first = await group.next()!
                if first == nil {
                    // Past the cap: count, then cancel the sleepers so that the step ends.
                    result.fewestWoken = min(result.fewestWoken, wakeUps.get() - before)
                    for task in tasks { task.cancel() }
                }
                group.cancelAll()
                await group.waitForAll()
                return first
            }
            result.steps = step
            guard let timed else {
                result.stopped = true
                result.nanoseconds = cap
                break
            }
            result.fewestWoken = min(result.fewestWoken, timed.woken)
            result.nanoseconds = min(result.nanoseconds, timed.elapsed)
            spent += timed.elapsed
            await settle { wakeUps.get() >= n * step }
            if spent >= budget { break }
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        return result
    }
}

/// Polls `condition` in real time, for at most 10 s, then leaves 20 ms to
/// the tasks that just passed it to finish registering their sleeps: the
/// peers keep their sleepers private, so nothing else tells when they did.
/// Setup between measurements only, never timed.
private func settle(until condition: @Sendable () -> Bool) async {
    let deadline = now() + 10_000_000_000
    while !condition(), now() < deadline {
        try? await Task.sleep(nanoseconds: 100_000)
    }
    try? await Task.sleep(nanoseconds: 20_000_000)
}
