import CombineProbe
import Foundation

/// Wall time of a whole debounce test in virtual time: three keystrokes
/// 100 ms apart, a 300 ms debounce, a wait for the result. In real time the
/// same test takes at least 500 ms. The fastest of `rounds`.
func debounceTestInVirtualTime(rounds: Int = 5) -> UInt64 {
    fastest(of: rounds) { debounceTestBody() }
}

/// One debounce test in virtual time (see ``debounceTestInVirtualTime(rounds:)``).
func debounceTestBody() {
    let scheduler = DispatchQueue.virtualScheduler()
    let query = PassthroughSubject<String, Never>()
    let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler).record()
    query.send("s")
    scheduler.advance(by: .milliseconds(100))
    query.send("sw")
    scheduler.advance(by: .milliseconds(100))
    query.send("swi")
    let value = try? scheduler.wait(for: recorder.next(), timeout: .seconds(1))
    precondition(value == "swi" && scheduler.elapsed == .milliseconds(500))
}

/// Wall time of an inverted wait over ten virtual seconds, while a timer
/// ticks every 100 ms.
func invertedWaitInVirtualTime() -> UInt64 {
    fastest(of: 5) {
        let scheduler = DispatchQueue.virtualScheduler()
        let timer = scheduler.schedule(after: scheduler.now, interval: .milliseconds(100)) {}
        let recorder = PassthroughSubject<Int, Never>().record()
        try? scheduler.wait(for: recorder.finished.inverted, timeout: .seconds(10))
        precondition(scheduler.elapsed == .seconds(10))
        timer.cancel()
    }
}

/// Schedules `n` one-shot actions, in due order or at scattered times, then
/// runs them all: the total, in nanoseconds. n log n with a heap (and close
/// to linear in due order); quadratic with a sorted array.
func runScheduledActions(_ n: Int, scattered: Bool) -> UInt64 {
    fastest(of: 3) {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        let start = scheduler.now
        for index in 0..<n {
            // Scattered: a permutation of the instants 0..<n ms, so that
            // insertion order is not due order.
            let due = scattered ? (index &* 7919) % n : index
            scheduler.schedule(after: start.advanced(by: .milliseconds(due))) { count += 1 }
        }
        scheduler.run(horizon: .seconds(n / 1000 + 1))
        precondition(count == n)
    }
}

/// Schedules `n` one-shot actions all due at the same instant (1 ms from
/// now), then runs them: the fastest of `rounds`, in nanoseconds. Outside
/// a schedule exploration, ties run in scheduling order.
func runTiedActions(_ n: Int, rounds: Int = 3) -> UInt64 {
    fastest(of: rounds) { tiedActions(n) }
}

/// The body of ``runTiedActions(_:rounds:)``: `n` actions due at 1 ms.
func tiedActions(_ n: Int) {
    let scheduler = DispatchQueue.virtualScheduler()
    var count = 0
    let due = scheduler.now.advanced(by: .milliseconds(1))
    for _ in 0..<n {
        scheduler.schedule(after: due) { count += 1 }
    }
    scheduler.run()
    precondition(count == n)
}

/// Wall time of a timer that fires every millisecond, over `milliseconds`
/// of virtual time (3,600,000 for one virtual hour): one `advance(by:)`
/// runs every tick.
func repeatingTimer(milliseconds: Int) -> UInt64 {
    fastest(of: 3) {
        let scheduler = DispatchQueue.virtualScheduler()
        var ticks = 0
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1)), interval: .milliseconds(1)) { ticks += 1 }
        scheduler.advance(by: .milliseconds(milliseconds))
        precondition(ticks == milliseconds)
        timer.cancel()
    }
}

/// The debounce test with the virtual scheduler but without the recorder
/// and the wait: a `sink` and `advance(by:)`, as a `TestScheduler` test is
/// written. What remains of the test's cost is OpenCombine's and the
/// scheduler's.
func debounceTestWithSinkInVirtualTime(rounds: Int) -> UInt64 {
    debounceTestWithSink(rounds: rounds, on: { DispatchQueue.virtualScheduler() }, advance: { $0.advance(by: $1) })
}

/// Wall time of the debounce test written with a `sink` and `advance(by:)`,
/// on the scheduler `makeScheduler` returns: three keystrokes 100 ms apart,
/// a 300 ms debounce, an advance past it, then a check. The fastest of
/// `rounds`.
func debounceTestWithSink<S: Scheduler>(
    rounds: Int, on makeScheduler: () -> S, advance: (S, S.SchedulerTimeType.Stride) -> Void
) -> UInt64 where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType {
    fastest(of: rounds) {
        let scheduler = makeScheduler()
        let query = PassthroughSubject<String, Never>()
        var values: [String] = []
        let cancellable = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { values.append($0) }
        query.send("s")
        advance(scheduler, .milliseconds(100))
        query.send("sw")
        advance(scheduler, .milliseconds(100))
        query.send("swi")
        advance(scheduler, .milliseconds(300))
        precondition(values == ["swi"])
        cancellable.cancel()
    }
}
