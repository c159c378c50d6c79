@testable import CombineProbe
import Foundation

/// A hand-written publisher with one deliberate contract bug, for the
/// contract checks to catch. `drive` sends `values`, then finishes.
final class FaultyPublisher: Publisher, Sendable {
    typealias Output = Int
    typealias Failure = Never

    enum Fault: Sendable {
        case none, ignoresDemand, completesTwice, keepsSendingAfterCancel, retainsSubscriber
        /// Buffers what it cannot send yet, and sends its buffer when cancelled.
        case deliversBufferOnCancel
        /// Sends a second subscription to its subscriber.
        case subscribesTwice
        /// Sends a value before the subscription.
        case sendsBeforeSubscription
    }

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
        if fault == .sendsBeforeSubscription { _ = subscriber.receive(0) }
        subscriber.receive(subscription: subscription)
        if fault == .subscribesTwice {
            subscriber.receive(subscription: FaultySubscription(fault: .none, subscriber: AnySubscriber(subscriber)))
        }
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
    /// The values of a buffering subscription not sent yet, and whether the
    /// completion waits behind them.
    var buffer: [Int] = []
    var completionPending = false
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
        if fault == .deliversBufferOnCancel { drain() }
    }

    func cancel() {
        let (subscriber, buffered) = state.withLock { state -> (AnySubscriber<Int, Never>?, [Int]) in
            state.cancelled = true
            // The bug: the buffer goes out on cancel, whatever the demand.
            let buffered = fault == .deliversBufferOnCancel ? state.buffer : []
            defer {
                state.buffer = []
                if fault != .keepsSendingAfterCancel && fault != .retainsSubscriber { state.subscriber = nil }
            }
            return (state.subscriber, buffered)
        }
        for value in buffered { _ = subscriber?.receive(value) }
    }

    /// Sends the buffered values the demand allows, then the pending
    /// completion once the buffer is empty.
    private func drain() {
        while true {
            let next = state.withLock { state -> (AnySubscriber<Int, Never>, Int?)? in
                guard let subscriber = state.subscriber, !state.cancelled else { return nil }
                if let value = state.buffer.first, state.demand > .none {
                    state.buffer.removeFirst()
                    state.demand -= 1
                    return (subscriber, value)
                }
                guard state.buffer.isEmpty, state.completionPending else { return nil }
                state.completionPending = false
                state.subscriber = nil
                return (subscriber, nil)
            }
            guard let (subscriber, value) = next else { return }
            guard let value else {
                subscriber.receive(completion: .finished)
                return
            }
            let more = subscriber.receive(value)
            state.withLock { $0.demand += more }
        }
    }

    func run(_ values: [Int]) {
        if fault == .deliversBufferOnCancel {
            state.withLock { state in
                guard !state.cancelled else { return }
                state.buffer += values
                state.completionPending = true
            }
            drain()
            return
        }
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
