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

    /// On the given scheduler: with a ``VirtualScheduler``, the mock answers
    /// in virtual time, on the next advance.
    ///
    /// - parameter scheduler: The scheduler that delivers the events.
    public static func on<S: Scheduler & Sendable>(_ scheduler: S) -> MockDelivery {
        MockDelivery(isImmediate: false) { action in scheduler.schedule(action) }
    }

    /// On the given scheduler, `delay` after the call: a service that takes
    /// its time to answer. With a ``VirtualScheduler``, the delay is virtual.
    ///
    /// ```swift
    /// service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
    /// ```
    ///
    /// - parameter delay: How long after the subscription the events come.
    /// - parameter scheduler: The scheduler that delivers the events.
    public static func after<S: Scheduler & Sendable>(_ delay: S.SchedulerTimeType.Stride, on scheduler: S) -> MockDelivery {
        // Carried as nanoseconds: a scheduler's stride need not be Sendable.
        let nanoseconds = Int(StrideNanoseconds.of(delay))
        return MockDelivery(isImmediate: false) { action in
            scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(nanoseconds)), action)
        }
    }

    init(isImmediate: Bool, schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.isImmediate = isImmediate
        self.schedule = schedule
    }

    private static let mockQueue = DispatchQueue(label: "CombineProbe.MockDelivery.background")
}
