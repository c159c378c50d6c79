/// A publisher that counts its subscriptions and knows which are still
/// active: the way to check that an operator cancels its upstream.
///
/// ```swift
/// let upstream = PassthroughSubject<Int, Never>().trackingSubscriptions()
/// let recorder = upstream.map { $0 * 2 }.record()
/// recorder.cancel()
/// upstream.expectAllSubscriptionsEnded()
/// ```
///
/// A subscription ends when it completes or is cancelled.
public struct TrackedPublisher<Upstream: Publisher>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The tracked publisher.
    public let upstream: Upstream
    let counter = SubscriptionCounter()

    /// Tracks the subscriptions to `upstream`.
    ///
    /// - parameter upstream: The publisher.
    public init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    /// How many subscribers subscribed so far.
    public var subscriptionCount: Int { counter.counts.total }

    /// How many subscriptions neither completed nor were cancelled.
    public var activeSubscriptionCount: Int { counter.counts.active }

    /// Fails the test, at the caller's line, while a subscription is still
    /// active.
    ///
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func expectAllSubscriptionsEnded(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard let problem = counter.activeProblem() else { return }
        FailureReporter.fail(
            "expectAllSubscriptionsEnded(): \(problem)",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Subscribes `subscriber` to the upstream, through a tracking
    /// subscriber.
    ///
    /// - parameter subscriber: The subscriber.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(TrackingSubscriber(downstream: subscriber, counter: counter, id: counter.begin()))
    }
}

extension TrackedPublisher: Sendable where Upstream: Sendable {}

extension Publisher {
    /// Wraps this publisher in a ``TrackedPublisher``, which counts its
    /// subscriptions and knows which are still active.
    ///
    /// ```swift
    /// let upstream = PassthroughSubject<Int, Never>().trackingSubscriptions()
    /// ```
    ///
    /// - returns: The tracked publisher.
    public func trackingSubscriptions() -> TrackedPublisher<Self> {
        TrackedPublisher(self)
    }
}

/// The subscriptions of a ``TrackedPublisher``.
final class SubscriptionCounter: Sendable {
    private let state = Locked<(total: Int, active: Set<Int>)>((0, []))

    var counts: (total: Int, active: Int) {
        state.withLock { ($0.total, $0.active.count) }
    }

    func begin() -> Int {
        state.withLock { state in
            state.total += 1
            state.active.insert(state.total)
            return state.total
        }
    }

    func end(_ id: Int) {
        _ = state.withLock { $0.active.remove(id) }
    }

    /// `1 of 2 subscriptions is still active …`, or nil when none is.
    func activeProblem() -> String? {
        let (total, active) = counts
        guard active > 0 else { return nil }
        let verb = active == 1 ? "is" : "are"
        return "\(active) of \(total) subscription\(total == 1 ? "" : "s") to the tracked publisher \(verb) still active "
            + "(neither completed nor cancelled): the subscriber, or an operator between them, never cancelled its upstream."
    }
}

/// Forwards every event to the downstream subscriber, and notes when the
/// subscription ends.
private final class TrackingSubscriber<Downstream: Subscriber>: Subscriber {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let downstream: Downstream
    let counter: SubscriptionCounter
    let id: Int

    init(downstream: Downstream, counter: SubscriptionCounter, id: Int) {
        self.downstream = downstream
        self.counter = counter
        self.id = id
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: TrackingSubscription(upstream: subscription, counter: counter, id: id))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        counter.end(id)
        downstream.receive(completion: completion)
    }
}

/// Notes the cancellation of a tracked subscription.
private final class TrackingSubscription: Subscription {
    let upstream: any Subscription
    let counter: SubscriptionCounter
    let id: Int

    init(upstream: any Subscription, counter: SubscriptionCounter, id: Int) {
        self.upstream = upstream
        self.counter = counter
        self.id = id
    }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    func cancel() {
        counter.end(id)
        upstream.cancel()
    }
}
