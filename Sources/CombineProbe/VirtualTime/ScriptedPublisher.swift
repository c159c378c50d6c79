/// A publisher that sends events at given virtual times, for testing
/// operators and code that consume publishers.
///
/// Make one with `scheduler.coldPublisher(_:)` or
/// `scheduler.hotPublisher(_:)`:
///
/// ```swift
/// let taps: ScriptedPublisher<String, Never> = scheduler.hotPublisher([
///     .value("first", at: .milliseconds(100)),
///     .value("second", at: .milliseconds(150)),
///     .finished(at: .seconds(1)),
/// ])
/// ```
///
/// - A **cold** publisher plays its events for each subscriber, at times
///   relative to that subscription: every subscriber gets its own run.
/// - A **hot** publisher plays its events once, at times since the
///   scheduler's start, to whoever is subscribed then: a late subscriber
///   misses the earlier events (and receives the completion at once if it
///   already happened).
///
/// Values are delivered within the subscriber's demand; a value due while
/// the subscriber has no demand left is dropped, as a `PassthroughSubject`
/// drops it. Each subscription is logged in ``subscriptions``: when it
/// started, when it was cancelled, and the demand it requested.
public final class ScriptedPublisher<Output, Failure: Error>: Publisher, Sendable {
    /// How a scripted publisher plays its events.
    public enum Kind: Sendable, Equatable {
        /// Each subscription gets its own run, relative to its start.
        case cold
        /// One shared run, at times since the scheduler's start.
        case hot
    }

    /// Whether the publisher is cold or hot.
    public let kind: Kind

    private struct State {
        weak var clock: (any VirtualClock)?
        let events: [TimedEvent<Output, Failure>]
        var log: [SubscriptionRecord] = []
        var live: [ScriptedSubscription<Output, Failure>] = []
        /// For a hot publisher, the completion once it was played.
        var completion: RecordedEvent<Output, Failure>?
    }

    private let state: Locked<State>

    init(kind: Kind, events: [TimedEvent<Output, Failure>], clock: any VirtualClock, site: CallSite? = nil) {
        self.kind = kind
        state = Locked(State(clock: clock, events: events.sorted { $0.time < $1.time }))
        if kind == .hot {
            let now = clock.elapsed
            let past = events.filter { $0.time < now }
            if let site, !past.isEmpty {
                FailureReporter.fail(
                    "hotPublisher(_:): \(past.count) event\(past.count == 1 ? " is" : "s are") due before the current virtual time \(now) "
                    + "(\(past.map { "\($0.event) at \($0.time)" }.joined(separator: ", "))). A hot publisher's times count from the "
                    + "scheduler's start, so \(past.count == 1 ? "it has" : "they have") already passed: \(past.count == 1 ? "it is" : "they are") "
                    + "played late, on the next advance. Create the publisher before advancing, or give times after \(now).",
                    at: site)
            }
            for event in events {
                _ = clock.schedule(at: event.time) { [weak self] in self?.playHot(event.event) }
            }
        }
    }

    /// The log of every subscription so far, in order: when it started, when
    /// it was cancelled, the demand it requested.
    public var subscriptions: [SubscriptionRecord] {
        state.withLock { $0.log }
    }

    /// Subscribes `subscriber`: it receives a subscription at once, then the
    /// events as their virtual times come.
    ///
    /// - parameter subscriber: The subscriber.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let (subscription, events, completion, clock) = state.withLock { state in
            let now = state.clock?.elapsed ?? .zero
            state.log.append(SubscriptionRecord(subscribed: now, cancelled: nil, demands: []))
            let subscription = ScriptedSubscription(
                subscriber: AnySubscriber(subscriber), index: state.log.count - 1, publisher: self)
            if kind == .hot && state.completion == nil { state.live.append(subscription) }
            return (subscription, state.events, state.completion, state.clock)
        }
        subscriber.receive(subscription: subscription)
        switch kind {
        case .hot:
            if let completion { subscription.deliver(completion) }
        case .cold:
            guard let clock else { return }
            let start = clock.elapsed
            // The scheduled events keep the subscription alive until they
            // run or the subscription is cancelled, as an upstream would.
            let ids = events.map { event in
                clock.schedule(at: start + event.time) { subscription.deliver(event.event) }
            }
            subscription.setScheduled(ids, on: clock)
        }
    }

    private func playHot(_ event: RecordedEvent<Output, Failure>) {
        let targets = state.withLock { state -> [ScriptedSubscription<Output, Failure>] in
            if event.isCompletion {
                state.completion = event
                defer { state.live = [] }
                return state.live
            }
            return state.live
        }
        for subscription in targets { subscription.deliver(event) }
    }

    func logDemand(_ demand: Subscribers.Demand, at index: Int) {
        state.withLock { $0.log[index].demands.append(demand) }
    }

    func logCancellation(at index: Int, of subscription: ScriptedSubscription<Output, Failure>) {
        state.withLock { state in
            if state.log[index].cancelled == nil { state.log[index].cancelled = state.clock?.elapsed ?? .zero }
            state.live.removeAll { $0 === subscription }
        }
    }
}

/// One subscription to a ``ScriptedPublisher``, as its log keeps it.
public struct SubscriptionRecord: Equatable, Sendable, CustomStringConvertible {
    /// When the subscription started, since the scheduler's start.
    public var subscribed: VirtualTime
    /// When it was cancelled, if it was.
    public var cancelled: VirtualTime?
    /// Every demand the subscriber requested, in order.
    public var demands: [Subscribers.Demand]

    /// A subscription record.
    ///
    /// - parameter subscribed: When the subscription started.
    /// - parameter cancelled: When it was cancelled, if it was.
    /// - parameter demands: The demands requested, in order.
    public init(subscribed: VirtualTime, cancelled: VirtualTime? = nil, demands: [Subscribers.Demand] = []) {
        self.subscribed = subscribed
        self.cancelled = cancelled
        self.demands = demands
    }

    /// `subscribed at 200ms, cancelled at 1s, demand [unlimited]`.
    public var description: String {
        "subscribed at \(subscribed)" + (cancelled.map { ", cancelled at \($0)" } ?? "")
            + ", demand [" + demands.map { "\($0)" }.joined(separator: ", ") + "]"
    }
}

/// The subscription a ``ScriptedPublisher`` gives each subscriber.
final class ScriptedSubscription<Output, Failure: Error>: Subscription, Sendable {
    private struct State {
        var subscriber: AnySubscriber<Output, Failure>?
        var demand = Subscribers.Demand.none
        var scheduled: [ScheduledAction] = []
        weak var clock: (any VirtualClock)?
    }

    private let state: Locked<State>
    private let index: Int
    private let publisher: ScriptedPublisher<Output, Failure>

    init(subscriber: AnySubscriber<Output, Failure>, index: Int, publisher: ScriptedPublisher<Output, Failure>) {
        state = Locked(State(subscriber: subscriber))
        self.index = index
        self.publisher = publisher
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    func setScheduled(_ ids: [ScheduledAction], on clock: any VirtualClock) {
        state.withLock { state in
            state.scheduled = ids
            state.clock = clock
        }
    }

    func request(_ demand: Subscribers.Demand) {
        publisher.logDemand(demand, at: index)
        state.withLock { $0.demand += demand }
    }

    func cancel() {
        let (ids, clock) = state.withLock { state -> ([ScheduledAction], (any VirtualClock)?) in
            guard state.subscriber != nil else { return ([], nil) }
            state.subscriber = nil
            return (state.scheduled, state.clock)
        }
        for id in ids { clock?.cancelScheduled(id) }
        publisher.logCancellation(at: index, of: self)
    }

    /// Sends an event within the demand; a completion ends the subscription.
    func deliver(_ event: RecordedEvent<Output, Failure>) {
        switch event {
        case let .value(value):
            let subscriber = state.withLock { state -> AnySubscriber<Output, Failure>? in
                guard state.subscriber != nil, state.demand > 0 else { return nil }
                state.demand -= 1
                return state.subscriber
            }
            guard let subscriber else { return }
            let more = subscriber.receive(value)
            state.withLock { $0.demand += more }
        case .finished, .failure:
            let subscriber = state.withLock { state -> AnySubscriber<Output, Failure>? in
                defer { state.subscriber = nil }
                return state.subscriber
            }
            if case let .failure(error) = event {
                subscriber?.receive(completion: .failure(error))
            } else {
                subscriber?.receive(completion: .finished)
            }
        }
    }
}

extension VirtualScheduler {
    /// A publisher that plays `events` for each subscriber, at times relative
    /// to its subscription.
    ///
    /// ```swift
    /// let response: ScriptedPublisher<String, URLError> = scheduler.coldPublisher([
    ///     .value("ok", at: .milliseconds(200)),
    ///     .finished(at: .milliseconds(200)),
    /// ])
    /// ```
    ///
    /// - parameter events: The events, at times since each subscription.
    /// - returns: A cold scripted publisher.
    public func coldPublisher<Output, Failure>(_ events: [TimedEvent<Output, Failure>]) -> ScriptedPublisher<Output, Failure> {
        ScriptedPublisher(kind: .cold, events: events, clock: self)
    }

    /// A publisher that plays `events` once, at times since the scheduler's
    /// start, to whoever is subscribed then.
    ///
    /// ```swift
    /// let taps: ScriptedPublisher<String, Never> = scheduler.hotPublisher([
    ///     .value("first", at: .milliseconds(100)),
    /// ])
    /// ```
    ///
    /// Events due before the current virtual time have already passed: they
    /// are reported as a test failure at the caller's line, and played late,
    /// on the next advance (nothing is lost).
    ///
    /// - parameter events: The events, at times since the scheduler's start.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A hot scripted publisher.
    public func hotPublisher<Output, Failure>(
        _ events: [TimedEvent<Output, Failure>],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ScriptedPublisher<Output, Failure> {
        ScriptedPublisher(
            kind: .hot, events: events, clock: self,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A cold publisher that never fails: see the generic `coldPublisher(_:)`.
    ///
    /// - parameter events: The events, at times since each subscription.
    /// - returns: A cold scripted publisher.
    public func coldPublisher<Output>(_ events: [TimedEvent<Output, Never>]) -> ScriptedPublisher<Output, Never> {
        ScriptedPublisher(kind: .cold, events: events, clock: self)
    }

    /// A hot publisher that never fails: see the generic `hotPublisher(_:)`.
    ///
    /// Events due before the current virtual time have already passed: they
    /// are reported as a test failure at the caller's line, and played late,
    /// on the next advance (nothing is lost).
    ///
    /// - parameter events: The events, at times since the scheduler's start.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A hot scripted publisher.
    public func hotPublisher<Output>(
        _ events: [TimedEvent<Output, Never>],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ScriptedPublisher<Output, Never> {
        ScriptedPublisher(
            kind: .hot, events: events, clock: self,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
