@testable import CombineProbe
import Foundation

/// A hand-written publisher with one deliberate contract bug, for the
/// contract checks to catch. `drive` sends `values`, then finishes.
final class FaultyPublisher: Publisher, Sendable {
    typealias Output = Int
    typealias Failure = Never

    enum Fault: Sendable { case none, ignoresDemand, completesTwice, keepsSendingAfterCancel, retainsSubscriber }

    let fault: Fault
    let values: [Int]
    /// The subscriptions made so far; the retaining fault never lets go.
    private let subscriptions = Locked<[FaultySubscription]>([])

    init(_ fault: Fault, values: [Int] = [1, 2, 3]) {
        self.fault = fault
        self.values = values
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = FaultySubscription(fault: fault, subscriber: AnySubscriber(subscriber))
        subscriptions.withLock { $0.append(subscription) }
        subscriber.receive(subscription: subscription)
    }

    /// Sends the values and the completion to every subscriber still
    /// attached.
    func drive() {
        let current = subscriptions.withLock { subscriptions in
            defer { if fault != .retainsSubscriber { subscriptions.removeAll() } }
            return subscriptions
        }
        for subscription in current { subscription.run(values) }
    }

    /// The publisher under test of a contract check.
    var underTest: PublisherUnderTest<FaultyPublisher> {
        PublisherUnderTest(self) { self.drive() }
    }
}

/// The state of a faulty subscription.
private struct FaultyState {
    var subscriber: AnySubscriber<Int, Never>?
    var demand = Subscribers.Demand.none
    /// Kept by the faulty cancel, which forgets to let go.
    var cancelled = false
}

/// A subscription with one deliberate bug.
final class FaultySubscription: Subscription, Sendable {
    let fault: FaultyPublisher.Fault
    private let state: Locked<FaultyState>

    init(fault: FaultyPublisher.Fault, subscriber: AnySubscriber<Int, Never>) {
        self.fault = fault
        self.state = Locked(FaultyState(subscriber: subscriber))
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            if fault != .keepsSendingAfterCancel && fault != .retainsSubscriber { state.subscriber = nil }
        }
    }

    func run(_ values: [Int]) {
        for value in values {
            let subscriber: AnySubscriber<Int, Never>? = state.withLock { state in
                let ignoresCancel = fault == .keepsSendingAfterCancel
                guard let subscriber = state.subscriber, !state.cancelled || ignoresCancel else { return nil }
                if fault == .ignoresDemand || ignoresCancel { return subscriber }
                guard state.demand > .none else { return nil }
                state.demand -= 1
                return subscriber
            }
            guard let subscriber else { continue }
            let more = subscriber.receive(value)
            state.withLock { $0.demand += more }
        }
        let subscriber = state.withLock { state -> AnySubscriber<Int, Never>? in
            defer { if fault != .retainsSubscriber { state.subscriber = nil } }
            return state.cancelled && fault != .keepsSendingAfterCancel ? nil : state.subscriber
        }
        subscriber?.receive(completion: .finished)
        if fault == .completesTwice { subscriber?.receive(completion: .finished) }
    }
}
