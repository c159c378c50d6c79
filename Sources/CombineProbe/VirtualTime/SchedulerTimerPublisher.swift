/// A timer publisher on any scheduler: it emits the scheduler's `now`
/// every ``interval`` while it is connected.
///
/// Foundation's `Timer.publish(every:on:in:)` always runs on a real run
/// loop, out of reach of a virtual scheduler: a test of a polling feed
/// built on it waits in real time. Build the feed on a timer of the injected
/// scheduler instead, and the test moves its time:
///
/// ```swift
/// let scheduler = DispatchQueue.virtualScheduler()
/// let recorder = scheduler.publishTimer(every: .seconds(5))
///     .autoconnect()
///     .record(timedBy: scheduler)
/// scheduler.advance(by: .seconds(15))
/// XCTAssertEqual(recorder.timeline.count, 3)
/// ```
///
/// It has the shape of Foundation's timer publisher and of
/// combine-schedulers' `Publishers.Timer`, under its own name, so that a
/// test can import CombineProbe beside combine-schedulers:
///
/// - It is a `ConnectablePublisher`: it ticks from ``connect()`` on, the
///   first tick one interval later, and `autoconnect()` connects it when it
///   gets its first subscriber (and disconnects it when the last one
///   cancels).
/// - Every subscriber gets each tick within its own demand; a tick that
///   finds a subscriber without demand is dropped for that subscriber, as
///   Foundation's timer drops it: it never sends more than was requested.
/// - Cancelling the connection cancels the scheduler's repeating schedule:
///   a virtual scheduler has nothing left to run for it. A new ``connect()``
///   starts a new schedule.
/// - It never completes.
///
/// The timer ticks until its connection is cancelled, or until nothing
/// refers to the publisher, its connection or its subscriptions any more,
/// whichever comes first: releasing the value ``connect()`` returns does
/// not stop it, as it does not stop Foundation's timer. On a virtual
/// scheduler, a connected timer is endless work: `run()` stops at its
/// horizon and fails, so cancel the connection (or the subscriptions of an
/// autoconnected timer) first, or move time with `advance(by:)`.
///
/// Make one with `scheduler.publishTimer(every:)` on any scheduler, real or
/// virtual, or with ``init(every:tolerance:scheduler:options:fileID:filePath:line:column:)``.
/// It may be connected, subscribed to and cancelled from any thread.
public final class SchedulerTimerPublisher<S: Scheduler>: ConnectablePublisher {
    /// The scheduler's time at each tick.
    public typealias Output = S.SchedulerTimeType
    /// A timer never fails.
    public typealias Failure = Never

    /// The time between two ticks.
    ///
    /// ```swift
    /// let timer = scheduler.publishTimer(every: .seconds(5))
    /// XCTAssertEqual(timer.interval, .seconds(5))
    /// ```
    public let interval: S.SchedulerTimeType.Stride
    /// The tolerance the repeating schedule is given; nil stands for the
    /// scheduler's `minimumTolerance`.
    ///
    /// ```swift
    /// let timer = DispatchQueue.main.publishTimer(every: .seconds(5), tolerance: .milliseconds(100))
    /// XCTAssertEqual(timer.tolerance, .milliseconds(100))
    /// ```
    public let tolerance: S.SchedulerTimeType.Stride?
    /// The scheduler the timer ticks on, and whose time it emits.
    ///
    /// ```swift
    /// let timer = scheduler.publishTimer(every: .seconds(5))
    /// XCTAssertTrue(timer.scheduler === scheduler)
    /// ```
    public let scheduler: S
    /// The scheduler options the repeating schedule is given.
    ///
    /// ```swift
    /// let timer = DispatchQueue.main.publishTimer(every: .seconds(5), options: .init(qos: .utility))
    /// XCTAssertEqual(timer.options?.qos, .utility)
    /// ```
    public let options: S.SchedulerOptions?

    /// The subscriptions and the connection, shared with the subscriptions,
    /// the connections and the scheduled ticks.
    let hub = TimerHub<S.SchedulerTimeType>()
    /// Whether the interval was accepted: a refused one never ticks.
    let ticks: Bool

    /// Creates a timer that emits `scheduler.now` every `interval` once
    /// connected.
    ///
    /// ```swift
    /// let timer = SchedulerTimerPublisher(every: .seconds(1), scheduler: scheduler)
    /// let connection = timer.connect()
    /// ```
    ///
    /// - parameter interval: The time between two ticks; the first tick
    ///   comes one interval after ``connect()``. A negative, zero or
    ///   non-finite interval (or one below a nanosecond) is a test failure at
    ///   the caller's line, and the timer never ticks.
    /// - parameter tolerance: The tolerance of the repeating schedule; nil,
    ///   the default, gives the scheduler's `minimumTolerance`. A virtual
    ///   scheduler ignores it.
    /// - parameter scheduler: The scheduler to tick on.
    /// - parameter options: The options of the repeating schedule.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public convenience init(
        every interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S,
        options: S.SchedulerOptions? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            every: interval, tolerance: tolerance, scheduler: scheduler, options: options,
            caller: "SchedulerTimerPublisher(every:scheduler:)",
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    init(
        every interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride?,
        scheduler: S,
        options: S.SchedulerOptions?,
        caller: String,
        site: CallSite
    ) {
        self.interval = interval
        self.tolerance = tolerance
        self.scheduler = scheduler
        self.options = options
        // Below a nanosecond, a real timer would spin and a virtual one
        // would repeat at one instant: neither is a timer.
        ticks = interval > .zero && (StrideNanoseconds.finite(interval) ?? 0) > 0
        if !ticks {
            FailureReporter.fail(
                "\(caller): the interval must be a positive, finite time; it was \(StrideNanoseconds.describe(interval)). "
                + "The timer never ticks.",
                at: site)
        }
    }

    /// Subscribes `subscriber`: it gets the ticks within its demand, from
    /// now until it cancels.
    ///
    /// ```swift
    /// let recorder = timer.record()
    /// ```
    ///
    /// - parameter subscriber: The subscriber.
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Never
    {
        hub.subscribe(subscriber)
    }

    /// Starts the timer, if it is not running: it ticks one ``interval``
    /// from now, then every interval, until the returned value is cancelled.
    ///
    /// ```swift
    /// let connection = timer.connect()
    /// scheduler.advance(by: .seconds(3))
    /// connection.cancel()
    /// XCTAssertEqual(scheduler.pendingActionCount, 0)
    /// ```
    ///
    /// Connecting a running timer returns its connection: cancelling either
    /// value stops it. Releasing the value does not stop the timer.
    ///
    /// - returns: The connection: cancel it to cancel the scheduler's
    ///   repeating schedule.
    public func connect() -> any Cancellable {
        guard ticks else { return TimerConnection<Output>(hub: nil, id: 0) }
        let (id, isNew) = hub.connection()
        if isNew {
            let scheduler = scheduler
            let hub = hub
            // The schedule refers to the hub weakly: when nothing else does,
            // the hub goes, and its schedule with it.
            let schedule = scheduler.schedule(
                after: scheduler.now.advanced(by: interval),
                interval: interval,
                tolerance: tolerance ?? scheduler.minimumTolerance,
                options: options
            ) { [weak hub] in
                hub?.tick(scheduler.now, connection: id)
            }
            hub.keep(schedule, for: id)
        }
        return TimerConnection(hub: hub, id: id)
    }
}

// Sendable when what it was given is: the rest is behind the hub's lock.
extension SchedulerTimerPublisher: Sendable
    where S: Sendable, S.SchedulerOptions: Sendable, S.SchedulerTimeType.Stride: Sendable {}

extension Scheduler {
    /// A timer publisher on this scheduler: once connected, it emits the
    /// scheduler's `now` every `interval` (see ``SchedulerTimerPublisher``).
    ///
    /// Production code takes the scheduler, real or virtual, as a parameter,
    /// where it would have called `Timer.publish(every:on:in:)`:
    ///
    /// ```swift
    /// func prices(polledOn scheduler: some Scheduler) -> AnyPublisher<Int, Never> {
    ///     scheduler.publishTimer(every: .seconds(5))
    ///         .autoconnect()
    ///         .scan(0) { count, _ in count + 1 }
    ///         .eraseToAnyPublisher()
    /// }
    /// ```
    ///
    /// - parameter interval: The time between two ticks; the first tick
    ///   comes one interval after the timer connects. A negative, zero or
    ///   non-finite interval (or one below a nanosecond) is a test failure at
    ///   the caller's line, and the timer never ticks.
    /// - parameter tolerance: The tolerance of the repeating schedule; nil,
    ///   the default, gives the scheduler's `minimumTolerance`. A virtual
    ///   scheduler ignores it.
    /// - parameter options: The options of the repeating schedule.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A connectable timer publisher: call `autoconnect()` or
    ///   `connect()` to start it.
    public func publishTimer(
        every interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride? = nil,
        options: SchedulerOptions? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> SchedulerTimerPublisher<Self> {
        SchedulerTimerPublisher(
            every: interval, tolerance: tolerance, scheduler: self, options: options,
            caller: "publishTimer(every:)",
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// What a ``SchedulerTimerPublisher`` shares with its subscriptions, its
/// connections and its scheduled ticks: the live subscriptions, in the order
/// they came, and the current connection with its repeating schedule.
///
/// Nothing is called while its lock is held: not the subscribers, not the
/// scheduler (a scheduler may run an action inside `schedule`).
final class TimerHub<Time>: Sendable {
    private struct State {
        var subscriptions: [TimerSubscription<Time>] = []
        /// The current connection's number; nil while disconnected.
        var connection: UInt64?
        /// The current connection's repeating schedule, once scheduled.
        var schedule: (any Cancellable)?
        /// The number of the last connection made.
        var lastConnection: UInt64 = 0
    }

    private let state = Locked(State())

    func subscribe<Downstream: Subscriber>(_ subscriber: Downstream)
        where Downstream.Input == Time, Downstream.Failure == Never
    {
        let subscription = TimerSubscription(subscriber: AnySubscriber(subscriber), hub: self)
        state.withLock { $0.subscriptions.append(subscription) }
        subscriber.receive(subscription: subscription)
    }

    /// The current connection, or a new one: its number, and whether it is
    /// new (then the caller schedules its ticks and hands the schedule to
    /// ``keep(_:for:)``).
    func connection() -> (id: UInt64, isNew: Bool) {
        state.withLock { state in
            if let current = state.connection { return (current, false) }
            state.lastConnection += 1
            state.connection = state.lastConnection
            return (state.lastConnection, true)
        }
    }

    /// Keeps the repeating schedule of connection `id`, or cancels it if
    /// that connection was cancelled while it was scheduled.
    func keep(_ schedule: any Cancellable, for id: UInt64) {
        let kept = state.withLock { state -> Bool in
            guard state.connection == id else { return false }
            state.schedule = schedule
            return true
        }
        if !kept { schedule.cancel() }
    }

    /// Ends connection `id`, if it is the current one, and cancels its
    /// schedule.
    func disconnect(_ id: UInt64) {
        let schedule = state.withLock { state -> (any Cancellable)? in
            guard state.connection == id else { return nil }
            state.connection = nil
            defer { state.schedule = nil }
            return state.schedule
        }
        schedule?.cancel()
    }

    /// Sends `time` to every subscriber, within its demand; a tick of a
    /// connection that was cancelled since (already on its way on a real
    /// queue) is dropped.
    func tick(_ time: Time, connection id: UInt64) {
        let subscriptions = state.withLock { state in
            state.connection == id ? state.subscriptions : []
        }
        for subscription in subscriptions { subscription.deliver(time) }
    }

    func remove(_ subscription: TimerSubscription<Time>) {
        state.withLock { $0.subscriptions.removeAll { $0 === subscription } }
    }

    deinit {
        // A scheduler's cancellable may not cancel when released.
        state.withLock { $0.schedule }?.cancel()
    }
}

/// The subscription a ``SchedulerTimerPublisher`` gives each subscriber: its
/// demand, and the subscriber until it cancels.
final class TimerSubscription<Time>: Subscription, Sendable {
    private struct State {
        var subscriber: AnySubscriber<Time, Never>?
        var demand = Subscribers.Demand.none
    }

    private let state: Locked<State>
    private let hub: TimerHub<Time>

    init(subscriber: AnySubscriber<Time, Never>, hub: TimerHub<Time>) {
        state = Locked(State(subscriber: subscriber))
        self.hub = hub
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { state in
            if state.subscriber != nil { state.demand += demand }
        }
    }

    func cancel() {
        let wasLive = state.withLock { state -> Bool in
            defer { state.subscriber = nil }
            return state.subscriber != nil
        }
        if wasLive { hub.remove(self) }
    }

    /// Sends a tick if the subscriber has demand for it; drops it otherwise.
    func deliver(_ time: Time) {
        let subscriber = state.withLock { state -> AnySubscriber<Time, Never>? in
            guard state.subscriber != nil, state.demand > 0 else { return nil }
            state.demand -= 1
            return state.subscriber
        }
        guard let subscriber else { return }
        let more = subscriber.receive(time)
        if more > 0 {
            state.withLock { state in
                if state.subscriber != nil { state.demand += more }
            }
        }
    }
}

/// What ``SchedulerTimerPublisher/connect()`` returns: cancelling it ends
/// its connection and cancels the repeating schedule; releasing it does
/// not, as releasing the connection of Foundation's timer does not.
final class TimerConnection<Time>: Cancellable, Sendable {
    private let hub: TimerHub<Time>?
    private let id: UInt64

    /// The connection `id` of `hub`; nil for a timer that never ticks.
    init(hub: TimerHub<Time>?, id: UInt64) {
        self.hub = hub
        self.id = id
    }

    func cancel() {
        hub?.disconnect(id)
    }
}
