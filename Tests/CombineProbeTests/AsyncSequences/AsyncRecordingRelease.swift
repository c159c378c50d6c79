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

    /// A stream that never finishes, recorded, read, and released, with a
    /// grace period of a minute: true when its storage is gone within ten
    /// seconds (its iteration ends at once, cancelled; the storage went
    /// after the minute before).
    static func releasedRecordingLetsGo(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let watch = await ProbeSettings.withOverrides(.init(defaultTimeout: 60)) { () async -> Watch in
            let recorder = stream.record()
            continuation.yield(1)
            _ = try? await wait(for: recorder.next(), timeout: 60)
            return Watch(recorder.storage)
        }
        // The recorder went with the closure; its iteration's task winds
        // down on its own thread, and lets go of the storage when it ends.
        let deadline = Date().addingTimeInterval(10)
        while watch.object != nil, Date() < deadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        withExtendedLifetime(continuation) {}
        return watch.object == nil
    }
}
