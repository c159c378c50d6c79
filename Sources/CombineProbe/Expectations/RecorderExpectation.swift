/// The shared implementation of the expectations built from a ``Recorder``.
///
/// An expectation says when a wait may end (``condition``), and how to read
/// its value from the recorded state (``valueAfterWait(_:)``). One rule,
/// ``settle(_:afterWait:)``, decides from these two what reading the
/// expectation gives, for `get()` and for every wait alike: it runs under
/// the recorder's lock, so it sees a consistent state and may consume
/// elements.
protocol RecorderExpectation: PublisherExpectation {
    associatedtype Input
    associatedtype Failure: Error

    var recorder: Recorder<Input, Failure> { get }
    var condition: WaitCondition { get }
    /// The expression that built the expectation, without `recorder.`.
    var name: String { get }
    /// What the expectation waits for: "the publisher to complete".
    var goal: String { get }
    var isInverted: Bool { get }
    var failsOnTimeout: Bool { get }

    /// The value read from the state: when the expectation is fulfilled, and
    /// after a wait that already reported its failure (the documented
    /// behaviour of each expectation after a timeout, which may be lenient).
    func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Output

    /// What the expectation looked at, for the failure of a wait.
    func summary(_ state: RecorderState<Input, Failure>) -> String
}

extension RecorderExpectation {
    var isInverted: Bool { false }
    var failsOnTimeout: Bool { true }

    func summary(_ state: RecorderState<Input, Failure>) -> String {
        RecordingSummary.describe(state)
    }

    /// Whether the expectation is fulfilled by the state: its condition
    /// holds (does not hold, for an inverted expectation), or, like
    /// `availableElements`, it does not fail when it runs out of time.
    func isFulfilled(_ state: RecorderState<Input, Failure>) -> Bool {
        state.satisfies(condition) != isInverted || !failsOnTimeout
    }

    /// The one rule that decides what reading the expectation gives, from
    /// the recorded state: `get()` calls it with `afterWait` false, and every
    /// wait calls it, once over, with `afterWait` true.
    ///
    /// - Fulfilled: the value.
    /// - Not fulfilled, inverted (its event happened): nothing is consumed;
    ///   the publisher's error is thrown when the value would throw it;
    ///   otherwise `get()` throws ``RecordingError/invertedExpectationFulfilled``
    ///   and a wait, which recorded "Fulfilled inverted expectation", returns
    ///   the value.
    /// - Not fulfilled, not inverted: `get()`, which cannot wait, throws
    ///   ``RecordingError/notCompleted`` or
    ///   ``RecordingError/notEnoughElements``; a wait, which recorded its
    ///   timeout, returns the value or throws its error (the documented
    ///   behaviour after a timeout).
    func settle(_ state: RecorderState<Input, Failure>, afterWait: Bool) throws -> Output {
        if isFulfilled(state) { return try valueAfterWait(state) }
        if isInverted {
            // Read the value, then put the cursor back before anything
            // describes the state: the error says what `next()` still reads.
            let (consumed, completionConsumed) = (state.consumed, state.completionConsumed)
            let value = Result { try valueAfterWait(state) }
            (state.consumed, state.completionConsumed) = (consumed, completionConsumed)
            if afterWait { return try value.get() }
            _ = try value.get()
            throw error(.invertedExpectationFulfilled, state)
        }
        if afterWait { return try valueAfterWait(state) }
        throw unsatisfied(state)
    }

    /// The error for an expectation that cannot produce its value yet.
    func unsatisfied(_ state: RecorderState<Input, Failure>) -> RecordingError {
        switch condition {
        case .completion:
            return error(.notCompleted, state)
        case .elements, .custom:
            return error(.notEnoughElements, state)
        }
    }

    /// A ``RecordingError`` that says what was expected and what was recorded.
    func error(_ kind: RecordingError.Kind, _ state: RecorderState<Input, Failure>) -> RecordingError {
        RecordingError(kind, context: "recorder.\(name) expected \(goal); recorded \(RecordingSummary.describe(state)).")
    }

    /// The implementation of `get()`.
    func resolveNow() throws -> Output {
        let storage = recorder.storage
        // One lock for both the value and the misuse reports kept for the
        // test: `next().get()` runs once per consumed element.
        var undelivered: [String] = []
        defer { storage.deliver(undelivered) }
        return try storage.state.withLock { state in
            if !state.undeliveredMisuse.isEmpty {
                undelivered = state.undeliveredMisuse
                state.undeliveredMisuse = []
            }
            return try settle(state, afterWait: false)
        }
    }

    /// The implementation of `makeWaitPlan()`: the conclusion of a wait is
    /// read under one lock, with the same rule as `get()`.
    func recorderWaitPlan() -> WaitPlan<Output> {
        let storage = recorder.storage
        return WaitPlan(
            recording: storage, condition: condition, name: "recorder.\(name)", goal: goal,
            isInverted: isInverted, failsOnTimeout: failsOnTimeout,
            conclude: {
                storage.state.withLock { state in
                    WaitConclusion(
                        isFulfilled: isFulfilled(state), summary: summary(state), recordedNothing: state.recordedNothing,
                        result: Result { try settle(state, afterWait: true) })
                }
            })
    }
}

extension RecorderState {
    /// The recorded elements and completion, once the publisher has completed.
    /// Marks every element as consumed.
    func completedRecording<E: RecorderExpectation>(for expectation: E) throws
        -> (elements: [Input], completion: Subscribers.Completion<Failure>)
        where E.Input == Input, E.Failure == Failure
    {
        guard let completion else {
            throw expectation.error(.notCompleted, self)
        }
        consumeAll()
        return (elements, completion)
    }

    /// The recorded elements, once the publisher has finished. Throws the
    /// publisher error if it failed.
    func finishedElements<E: RecorderExpectation>(for expectation: E) throws -> [Input]
        where E.Input == Input, E.Failure == Failure
    {
        let (elements, completion) = try completedRecording(for: expectation)
        if case let .failure(error) = completion { throw error }
        return elements
    }
}
