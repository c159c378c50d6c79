/// The subscriber that `record()` actually subscribes.
///
/// The publisher's subscription retains its subscriber. If that subscriber
/// were the ``Recorder`` handed to the test, a recorder and its subscription
/// would keep each other alive until the publisher completes. Instead, the
/// subscription retains this storage, and the test holds the ``Recorder``,
/// whose deinitializer cancels the subscription: dropping the recorder ends
/// the recording, and nothing leaks.
///
/// All mutable state lives in a `Locked` value, so publishers may send from
/// any thread.
@usableFromInline
final class RecorderStorage<Input, Failure: Error>: Subscriber, Sendable, ExhaustiveCheck {
    @usableFromInline let state: Locked<RecorderState<Input, Failure>>
    /// Where `record()` was called: misuse is reported there.
    let site: CallSite
    /// The framework that ran the test that called `record()`.
    let framework: TestFramework
    /// The virtual clock that stamps each event, for a recorder made with
    /// `record(timedBy:)`.
    let clock: (@Sendable () -> VirtualTime)?

    /// The Swift Testing test that made the recorder, if any.
    let test: TestIdentity?
    /// True for an untimed recorder with unlimited demand: its values take
    /// the hot path.
    @usableFromInline let isPlain: Bool
    /// True for a recorder made with `record(demand:)`, which keeps a
    /// ``DemandAccount``, even when its initial demand is `.unlimited`.
    let countsDemand: Bool

    init(
        site: CallSite, framework: TestFramework, clock: (@Sendable () -> VirtualTime)? = nil,
        demand: DemandPlan? = nil
    ) {
        let state = RecorderState<Input, Failure>()
        if let demand { state.demand = DemandAccount(demand) }
        self.state = Locked(state)
        self.site = site
        self.framework = framework
        self.test = framework == .swiftTesting ? TestIdentity.current : nil
        self.clock = clock
        self.isPlain = clock == nil && demand == nil
        self.countsDemand = demand != nil
    }

    // MARK: Subscriber

    @usableFromInline
    func receive(subscription: any Subscription) {
        let outcome: SubscriptionOutcome = state.withLock { state in
            switch state.phase {
            case .awaitingSubscription:
                state.phase = .subscribed
                state.subscription = subscription
                // Kept for the release checks of contracts and lifecycles;
                // its type is described only when a message needs it.
                if let object = Self.object(subscription) {
                    state.receivedSubscription = object
                    state.receivedSubscriptionType = type(of: subscription)
                }
                return .accepted
            case .subscribed:
                return .refused(Misuse("Publisher recorder is already subscribed",
                    "a recorder records one publisher. The second subscription was cancelled.", kind: .secondSubscription))
            case .completed:
                return .refused(Misuse("Publisher recorder is already subscribed",
                    "its publisher completed, and a recorder records one publisher. The new subscription was cancelled.",
                    kind: .secondSubscription))
            case .cancelled:
                return .refusedSilently
            }
        }
        switch outcome {
        case .accepted:
            // Combine forbids requesting `.none`.
            // A recorder that counts demand writes the initial request in its
            // ledger, at the virtual time of a timed recorder; read outside
            // the lock, as every event reads it.
            let demand: Subscribers.Demand
            if !countsDemand {
                demand = .unlimited
            } else {
                let time = clock?()
                demand = state.withLock { $0.demand?.takeInitialRequest(at: time) } ?? .none
            }
            if demand != .none { subscription.request(demand) }
        case .refusedSilently:
            subscription.cancel()
        case let .refused(message):
            subscription.cancel()
            reportMisuse(message)
        }
    }

    // Inlinable: the loop of a recorded `AsyncStream` (`StreamIteration`)
    // calls it from the test's module, specialized for the element type.
    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        // The hot path: one lock, one append. It returns a plain Bool so that
        // it needs no runtime type metadata; anything unusual (a test waiting
        // for elements, a misuse, a timed recorder, a recorder that counts
        // demand) takes the slow path. A test waiting for the completion
        // (elements, finished, last…) stays on it: an element cannot end
        // that wait.
        guard isPlain else {
            return receiveSlowly(input)
        }
        let recorded = state.withLock { state -> Bool in
            guard state.takesPlainAppend else { return false }
            state.appendElement(input)
            return true
        }
        if !recorded { return receiveSlowly(input) }
        return .none
    }

    /// Records a value when a test is waiting, for a timed recorder or one
    /// that counts demand, or reports a misuse. Returns the demand the
    /// recorder adds for the value (see `record(demand:demandPerValue:)`).
    @usableFromInline
    func receiveSlowly(_ input: Input) -> Subscribers.Demand {
        let time = clock?()
        var added = Subscribers.Demand.none
        apply { state in
            switch state.phase {
            case .subscribed:
                state.appendElement(input)
                if let time { state.times.append(time) }
                if let account = state.demand {
                    added = account.perValue
                    return (true, account.receive(input, count: state.elements.count, at: time))
                }
                return (true, nil)
            case .awaitingSubscription:
                // Recorded all the same: nothing is lost.
                state.appendElement(input)
                if let time { state.times.append(time) }
                return (true, Misuse("Publisher recorder got unexpected input before subscription: \(String(reflecting: input))",
                    "the value was recorded all the same.", kind: .eventBeforeSubscription))
            case .completed:
                return (false, Misuse("Publisher recorder got unexpected input after completion: \(String(reflecting: input))",
                    "the publisher completed (\(describe(state.completion))), and must not send after completion. The value was not added to the recorded elements.",
                    kind: .eventAfterCompletion))
            case .cancelled:
                // Values may still arrive after a cancellation: Combine allows
                // them in flight. A recorder that counts demand bounds them
                // by the demand outstanding at cancel (see DemandAccount).
                return (false, state.demand?.receiveAfterCancel(input, count: state.elements.count, at: time))
            }
        }
        return added
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        let time = clock?()
        apply { state in
            switch state.phase {
            case .subscribed, .awaitingSubscription:
                let misuse = state.phase == .awaitingSubscription
                    ? Misuse("Publisher recorder got unexpected completion before subscription: \(String(describing: completion))",
                        "the completion was recorded all the same.", kind: .eventBeforeSubscription)
                    : nil
                state.phase = .completed
                state.subscription = nil
                state.completion = completion
                state.completionTime = time
                return (true, misuse)
            case .completed:
                return (false, Misuse("Publisher recorder got unexpected completion after completion: \(String(describing: completion))",
                    "the publisher had completed (\(describe(state.completion))), and completes once. The second completion was ignored.",
                    kind: .eventAfterCompletion))
            case .cancelled:
                state.demand?.completeAfterCancel(count: state.elements.count, at: time)
                return (false, nil)
            }
        }
    }

    /// Applies an event to the state under the lock. Then, outside the lock,
    /// ends the waits the event satisfied (when it was recorded) and reports
    /// the misuse it revealed.
    ///
    /// Values beyond demand in a row make one failure that counts them: the
    /// first waits in `beyondDemand`, the next join it, and the burst is
    /// reported by the first event that is not one of them, or by the
    /// test's next read of the recorder, or when the recorder goes away.
    private func apply(_ event: (RecorderState<Input, Failure>) -> (recorded: Bool, misuse: Misuse?)) {
        let (fulfilled, misuse, burst) = state.withLock { state -> ([Waiter], Misuse?, BeyondDemandBurst?) in
            let outcome = event(state)
            let waiters = outcome.recorded ? Self.takeSatisfiedWaiters(state) : []
            if let misuse = outcome.misuse, misuse.kind == .valueBeyondDemand, state.misuseSink == nil {
                if state.beyondDemand == nil { state.beyondDemand = BeyondDemandBurst() }
                state.beyondDemand?.add(misuse)
                return (waiters, nil, nil)
            }
            defer { state.beyondDemand = nil }
            return (waiters, outcome.misuse, state.beyondDemand)
        }
        for waiter in fulfilled { waiter.fulfill() }
        if let burst { reportMisuse(burst.misuse) }
        if let misuse { reportMisuse(misuse) }
    }

    /// Reports the values beyond demand received in a row, if any (see
    /// `apply`).
    private func reportBeyondDemand() {
        guard let burst = state.withLock({ state -> BeyondDemandBurst? in
            defer { state.beyondDemand = nil }
            return state.beyondDemand
        }) else { return }
        reportMisuse(burst.misuse)
    }

    private enum SubscriptionOutcome { case accepted, refusedSilently, refused(Misuse) }

    /// The subscription as an object, when it is an instance of a class; nil
    /// for a value. Opened on the concrete type, so that it costs a type
    /// check, not the dynamic cast that `as AnyObject` makes of an
    /// existential.
    private static func object(_ subscription: any Subscription) -> AnyObject? {
        func open<S: Subscription>(_ subscription: S) -> AnyObject? {
            // A class instance is a single reference, as an AnyObject is.
            S.self is AnyClass ? unsafeBitCast(subscription, to: AnyObject.self) : nil
        }
        return open(subscription)
    }

    // MARK: Consuming

    /// The hot path of `next().get()`: consumes and returns the next element
    /// when one is recorded and no misuse report waits for delivery; nil
    /// otherwise, and then `get()` takes the general path
    /// (`RecorderExpectation.resolveNow()`). Both give the same result here:
    /// the rule of `next()` returns an unconsumed element first, whether the
    /// publisher completed or not.
    ///
    /// Inlinable, so that the test's module specializes it for the element
    /// type: unspecialized, each read of the state looks up type metadata at
    /// run time, which costs more than the lock itself.
    @inlinable
    func consumeNextIfRecorded() -> Input? {
        state.withLock { state in
            guard state.undeliveredMisuse.isEmpty, state.consumed < state.elements.count else { return nil }
            defer { state.consumed += 1 }
            return state.elements[state.consumed]
        }
    }

    // MARK: Cancellation

    /// Cancels the subscription, if any. Recorded events are kept.
    func cancel() {
        let time = clock?()
        let subscription: (any Subscription)? = state.withLock { state in
            if state.phase == .subscribed || state.phase == .awaitingSubscription {
                state.demand?.cancel(count: state.elements.count, at: time)
            }
            switch state.phase {
            case .subscribed:
                state.phase = .cancelled
                defer { state.subscription = nil }
                return state.subscription
            case .awaitingSubscription:
                state.phase = .cancelled
                return nil
            case .completed, .cancelled:
                return nil
            }
        }
        subscription?.cancel()
    }

    // MARK: Waiting

    /// Calls `fulfill` once `condition` holds: right now, before returning
    /// `nil`, if it already does; otherwise later, from the thread that sends
    /// the event, and the returned identifier can cancel the wait.
    func addWaiter(for condition: WaitCondition, fulfill: @escaping @Sendable () -> Void) -> Int? {
        let id: Int? = state.withLock { state in
            if state.satisfies(condition) { return nil }
            let id = state.nextWaiterID
            state.nextWaiterID += 1
            state.waiters.append(Waiter(id: id, condition: condition, fulfill: fulfill))
            return id
        }
        if id == nil { fulfill() }
        return id
    }

    /// Whether a wait on `condition` may end now.
    func isSatisfied(_ condition: WaitCondition) -> Bool {
        state.withLock { $0.satisfies(condition) }
    }

    /// Forgets a pending wait. Does nothing if it was fulfilled already.
    func removeWaiter(_ id: Int) {
        state.withLock { state in
            state.waiters.removeAll { $0.id == id }
        }
    }

    private static func takeSatisfiedWaiters(_ state: RecorderState<Input, Failure>) -> [Waiter] {
        var fulfilled: [Waiter] = []
        var pending: [Waiter] = []
        for waiter in state.waiters {
            if state.satisfies(waiter.condition) {
                fulfilled.append(waiter)
            } else {
                pending.append(waiter)
            }
        }
        state.waiters = pending
        return fulfilled
    }

    // MARK: Misuse

    /// A misuse of the recorder: CombineExpectations' words first, so that
    /// tests written against its messages still match, then where the
    /// recorder was created and what happened to the event.
    typealias Misuse = RecorderStorageMisuse

    /// Reports a misuse of the recorder as a test failure at the line that
    /// called `record()`.
    ///
    /// A Swift Testing issue can only be recorded from the test's own task.
    /// When the misuse happens on another thread (a publisher sending from a
    /// background queue), the report waits until the test next reads the
    /// recorder, so that it is never lost.
    func reportMisuse(_ misuse: Misuse) {
        let text = "\(misuse.headline) (recorder created at \(site)): \(misuse.explanation)"
        if let sink = state.withLock({ $0.misuseSink }) {
            sink.keep(misuse, text: text)
            return
        }
        if TestFramework.canRecordNow(for: framework) {
            FailureReporter.fail(text, at: site, in: framework)
        } else {
            state.withLock { $0.undeliveredMisuse.append(text) }
        }
    }

    /// Keeps a misuse report for the test's next read of the recorder, even
    /// where it could be recorded now: for misuse detected after a delay, when
    /// the test that made the recorder may have ended. Returns false, keeping
    /// nothing, when the recorder was released already: no read will come,
    /// and the caller must say it elsewhere.
    func keepMisuse(_ misuse: Misuse) -> Bool {
        let text = "\(misuse.headline) (recorder created at \(site)): \(misuse.explanation)"
        return state.withLock { state in
            guard !state.isReleased else { return false }
            state.undeliveredMisuse.append(text)
            return true
        }
    }

    /// Called when the `Recorder` goes away: delivers the misuse reports kept
    /// so far, and makes ``keepMisuse(_:)`` refuse later ones, which no read
    /// would deliver.
    func recorderReleased() {
        reportBeyondDemand()
        let pending: [String] = state.withLock { state in
            state.isReleased = true
            defer { state.undeliveredMisuse.removeAll() }
            return state.undeliveredMisuse
        }
        deliver(pending)
    }

    /// Delivers the misuse reports kept by ``reportMisuse(_:)``. Called
    /// whenever the test reads the recorder.
    func deliverPendingMisuse() {
        reportBeyondDemand()
        let pending: [String] = state.withLock { state in
            guard !state.undeliveredMisuse.isEmpty else { return [] }
            defer { state.undeliveredMisuse.removeAll() }
            return state.undeliveredMisuse
        }
        deliver(pending)
    }

    /// Records misuse reports taken from `undeliveredMisuse`.
    func deliver(_ reports: [String]) {
        for text in reports {
            FailureReporter.fail(text, at: site, in: framework)
        }
    }

    // MARK: Exhaustiveness

    /// Whether the ``Recorder`` went away.
    var isReleased: Bool {
        state.withLock { $0.isReleased }
    }

    /// Makes the recorder exhaustive, or not.
    func setExhaustive(_ exhaustive: Bool) {
        state.withLock { $0.isExhaustive = exhaustive }
    }

    /// Reports the events no read consumed, once, at the line that called
    /// `record()`, in the framework of the test that made the recorder.
    func checkExhaustiveness() {
        let unconsumed: String? = state.withLock { state in
            guard state.isExhaustive, !state.exhaustivenessChecked else { return nil }
            state.exhaustivenessChecked = true
            let reported = state.reportedByFailedWait
            let events = state.unconsumedEvents.enumerated().filter { index, event in
                event.event.isCompletion ? !reported.completion : state.consumed + index >= reported.elements
            }.map(\.element)
            guard !events.isEmpty else { return nil }
            return RecordingSummary.unconsumed(events)
        }
        guard let unconsumed else { return }
        let message = "Exhaustive recorder created at \(site) ends the test with \(unconsumed). "
            + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents()."
        if TestFramework.canRecordNow(for: framework) {
            FailureReporter.fail(message, at: site, in: framework)
        } else {
            // A recorder of a Swift Testing test, without a scope, that goes
            // away on another thread: recorded now, the issue would belong
            // to no test. It waits for its test instead.
            PendingTestFailures.keep(message, at: site, for: test)
        }
    }

    /// What was recorded so far, for failure messages.
    func summary() -> String {
        state.withLock { RecordingSummary.describe($0) }
    }

    /// The conclusion of a wait whose value `value` reads outside the lock
    /// (an expectation written outside the library, a record assertion): the
    /// fulfilment and the summary come from one snapshot, the value right
    /// after it.
    func snapshot<Output>(
        condition: WaitCondition, isInverted: Bool, failsOnTimeout: Bool, value: () throws -> Output
    ) -> WaitConclusion<Output> {
        // The summary only for a failure (see WaitConclusion): from the
        // same snapshot as the fulfilment.
        let (isFulfilled, summary, nothing) = state.withLock { state -> (Bool, String, Bool) in
            let isFulfilled = state.satisfies(condition) != isInverted || !failsOnTimeout
            if isFulfilled { return (true, "", false) }
            return (false, RecordingSummary.describe(state), state.recordedNothing)
        }
        return WaitConclusion(
            isFulfilled: isFulfilled, summary: summary, recordedNothing: nothing,
            result: Result { try value() })
    }

    private func describe(_ completion: Subscribers.Completion<Failure>?) -> String {
        switch completion {
        case nil: return "no completion"
        case .finished?: return "finished"
        case let .failure(error)?: return "failure(\(ValueDescription.ofError(error)))"
        }
    }
}

/// A misuse of a recorder (see `RecorderStorage.reportMisuse`).
struct RecorderStorageMisuse: Sendable {
    /// Which part of the subscriber contract the publisher broke: a contract
    /// check files the misuse under its rule by it.
    enum Kind: Sendable {
        /// A second `receive(subscription:)`.
        case secondSubscription
        /// A value or a completion before the subscription.
        case eventBeforeSubscription
        /// A value while no demand was outstanding.
        case valueBeyondDemand
        /// A value or a completion after the completion.
        case eventAfterCompletion
        /// A value after cancel, beyond the demand outstanding at cancel.
        case valueAfterCancel
    }

    let headline: String
    let explanation: String
    /// The broken part of the contract; nil for a misuse that is not the
    /// publisher's (an `AsyncSequence` recorder's own problems).
    let kind: Kind?
    /// The value it is about, as a message quotes it, when it is about one.
    let value: String

    init(_ headline: String, _ explanation: String, kind: Kind? = nil, value: String = "") {
        self.headline = headline
        self.explanation = explanation
        self.kind = kind
        self.value = value
    }
}

/// A misuse, and the failure message the recorder would have recorded.
typealias MisuseReport = (misuse: RecorderStorageMisuse, text: String)

/// Where the recorder of a contract check puts its misuse reports instead of
/// reporting them: ``assertPublisherContract(_:fileID:filePath:line:column:_:)``
/// reads them, and reports one failure per broken rule. It outlives the
/// recorder, so that what a publisher sends when the recorder's release
/// cancels it lands here too.
final class MisuseSink: Sendable {
    private let reports = Locked<[MisuseReport]>([])

    /// Keeps a report.
    func keep(_ misuse: RecorderStorageMisuse, text: String) {
        reports.withLock { $0.append((misuse, text)) }
    }

    /// The reports kept since the last call.
    func take() -> [MisuseReport] {
        reports.withLock { reports in
            defer { reports.removeAll() }
            return reports
        }
    }
}
