import Foundation

/// Whether the caller runs on the main actor, asked without the risk of a
/// trap (`MainActor.assumeIsolated` and `dispatchPrecondition` stop the
/// process when the answer is no).
///
/// The main actor runs its jobs on the main dispatch queue. That queue is not
/// always drained by the main thread: after `dispatchMain()`, which Swift
/// Testing calls on Linux, a worker thread drains it, and `Thread.isMainThread`
/// is false in a `@MainActor` test. Conversely, XCTest runs a synchronous test
/// on the main thread outside any block of the main queue. So the caller is
/// on the main actor when it is on the main thread, or inside a block of the
/// main queue, which a value set on the queue tells.
enum MainActorCheck {
    /// Set on the main queue once, read back by blocks running on it. (In a
    /// box: the key is only an identity, never changed, but not every
    /// platform's Dispatch declares it `Sendable`.)
    private static let key: UncheckedSendable<DispatchSpecificKey<Bool>> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return UncheckedSendable(key)
    }()

    /// Whether the caller runs on the main actor.
    static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key.value) == true
    }
}
