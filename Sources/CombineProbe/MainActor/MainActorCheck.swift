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
        MainThread.isCurrent || isInMainQueueBlock
    }

    /// Whether the caller runs inside a block of the main queue (a main-actor
    /// job among them), on whatever thread drains it. On Apple platforms the
    /// main queue cannot drain another block meanwhile: a wait there that
    /// counts on `DispatchQueue.main` never sees its delivery.
    static var isInMainQueueBlock: Bool {
        DispatchQueue.getSpecific(key: key.value) == true
    }

    /// Whether the caller holds the main queue: it runs inside a block of the
    /// main queue (a main-actor job, a `DispatchQueue.main` callback) other
    /// than the test runner's own, so that no other block of the main queue
    /// can run until it returns.
    ///
    /// Apple's XCTest runs its tests from the main run loop, outside any
    /// block of the main queue. SwiftPM's XCTest runner on Linux runs them
    /// all inside one block of it, which holds nothing back: the blocks
    /// that a run loop drains on the main thread meanwhile are nested in it.
    /// So on the main thread under such a runner (see
    /// ``XCTestBoundaries/runnerHoldsTheMainQueue``), the caller holds the
    /// main queue when a run loop runs beneath it, or it is a task's job.
    static var holdsTheMainQueue: Bool {
        guard isInMainQueueBlock else { return false }
        guard MainThread.isCurrent, XCTestBoundaries.runnerHoldsTheMainQueue else { return true }
        return RunLoop.current.currentMode != nil || withUnsafeCurrentTask { $0 != nil }
    }
}
