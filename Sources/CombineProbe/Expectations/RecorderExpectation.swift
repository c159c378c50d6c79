/// The shared implementation of the expectations built from a ``Recorder``.
///
/// An expectation says when a wait may end (``condition``) and how to compute
/// its value from the recorded state, once a wait is over
/// (``valueAfterWait(_:)``) or right now (``valueNow(_:)``). Both run under
/// the recorder's lock, so they see a consistent state and may consume
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

    /// The value after a wait: the documented behaviour of each expectation,
    /// which may be lenient because the wait already reported a timeout.
    func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Output

    /// The value now. Throws when the condition does not hold yet, so that
    /// `get()` never returns a value that a wait would have reported.
    func valueNow(_ state: RecorderState<Input, Failure>) throws -> Output
}

extension RecorderExpectation {
    var isInverted: Bool { false }
    var failsOnTimeout: Bool { true }

    /// Throws the error `get()` throws when the condition does not hold yet.
    func valueNow(_ state: RecorderState<Input, Failure>) throws -> Output {
        guard state.satisfies(condition) else {
            throw unsatisfied(state)
        }
        return try valueAfterWait(state)
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
            return try valueNow(state)
        }
    }

    /// The implementation of `makeWaitPlan()`.
    func recorderWaitPlan() -> WaitPlan<Output> {
        let storage = recorder.storage
        return WaitPlan(
            recording: storage, condition: condition, name: "recorder.\(name)", goal: goal,
            isInverted: isInverted, failsOnTimeout: failsOnTimeout,
            resolve: { try storage.state.withLock { try self.valueAfterWait($0) } })
    }

    /// The implementation of `get()` for inverted expectations: the base
    /// condition must not hold. When it does, the publisher error is thrown
    /// if the base expectation would throw it, and
    /// ``RecordingError/invertedExpectationFulfilled`` otherwise.
    func invertedValueNow(_ state: RecorderState<Input, Failure>) throws -> Output {
        guard state.satisfies(condition) else {
            return try valueAfterWait(state)
        }
        let (consumed, completionConsumed) = (state.consumed, state.completionConsumed)
        defer { (state.consumed, state.completionConsumed) = (consumed, completionConsumed) }
        _ = try valueAfterWait(state)
        throw error(.invertedExpectationFulfilled, state)
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
