@testable import CombineProbe
import Foundation

/// Runs `body` on a thread of its own, started for it, and returns its
/// result once it ran: for checks of what a thread other than the caller's
/// (and other than any pool's) sees.
func onANewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let result = Locked<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.start()
    done.wait()
    return result.withLock { $0! }
}
