import Dispatch

/// Nanoseconds on a monotonic clock.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` `rounds` times and returns the fastest run, in nanoseconds.
/// The fastest run is the one least disturbed by the rest of the machine.
func fastest(of rounds: Int, _ body: () -> Void) -> UInt64 {
    var best = UInt64.max
    for _ in 0..<rounds {
        let start = now()
        body()
        best = min(best, now() - start)
    }
    return best
}

/// Runs `first` and `second` in turn, `rounds` times each, and returns the
/// fastest run of each, in nanoseconds. Taking turns puts both under the
/// same conditions: when one side ran all its rounds before the other, a
/// stretch of background work that covered one side's rounds moved its best
/// alone (a ratio of 1.16x read 0.74x once, when every plain round of a
/// 16 µs test was slowed to 24 µs).
func fastestInTurns(of rounds: Int, _ first: () -> Void, _ second: () -> Void) -> (first: UInt64, second: UInt64) {
    var best = (first: UInt64.max, second: UInt64.max)
    for _ in 0..<rounds {
        var start = now()
        first()
        best.first = min(best.first, now() - start)
        start = now()
        second()
        best.second = min(best.second, now() - start)
    }
    return best
}

/// Keeps a value alive and observable, so the optimizer cannot drop the work
/// that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
