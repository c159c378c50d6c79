import Foundation

/// When a mocked publisher delivers its events.
///
/// The default, ``background``, delivers asynchronously like production code
/// does: a test of code that forgets to wait for the result fails, instead of
/// passing by accident.
public struct MockDelivery: Sendable {
    let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
    let isImmediate: Bool

    /// Asynchronously, on a serial background queue shared by all mocks.
    public static let background = MockDelivery(isImmediate: false) { action in
        mockQueue.async(execute: action)
    }

    /// Synchronously, during the subscription.
    public static let immediate = MockDelivery(isImmediate: true) { action in action() }

    /// On the given scheduler.
    public static func on<S: Scheduler & Sendable>(_ scheduler: S) -> MockDelivery {
        MockDelivery(isImmediate: false) { action in scheduler.schedule(action) }
    }

    init(isImmediate: Bool, schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.isImmediate = isImmediate
        self.schedule = schedule
    }

    private static let mockQueue = DispatchQueue(label: "CombineProbe.MockDelivery.background")
}
