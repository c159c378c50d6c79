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

/// Keeps a value alive and observable, so the optimizer cannot drop the work
/// that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
