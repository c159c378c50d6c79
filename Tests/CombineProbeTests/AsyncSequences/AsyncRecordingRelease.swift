@testable import CombineProbe
import Foundation

/// A recording of an `AsyncSequence` lets go of what it recorded once its
/// recorder is released and its iteration has ended, not when the grace
/// period given to a cancelled iteration (the default timeout) has passed:
/// the grace period's check held the subscription, and the subscription the
/// recorder's storage, every value recorded, for that whole time.
enum AsyncRecordingRelease {
    /// Watches an object without keeping it alive.
    final class Watch {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// A stream that never finishes, recorded in virtual time, read, and
    /// released, with a grace period of a minute: true when its storage is
    /// gone once the virtual world is quiet again. The iteration runs on
    /// the world's executor, so the step after the release runs its end:
    /// the check comes after it, with no wait in real time. (The storage
    /// went after the minute before.)
    static func releasedRecordingLetsGo(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let watch = await ProbeSettings.withOverrides(.init(defaultTimeout: 60)) { () async -> Watch in
            let recorder = stream.record(timedBy: scheduler)
            continuation.yield(1)
            _ = try? await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
            return Watch(recorder.storage)
        }
        // The recorder went with the closure, and cancelled the iteration:
        // its task ends on the world's executor, in the next step.
        await scheduler.advance()
        withExtendedLifetime(continuation) {}
        return watch.object == nil
    }
}
