extension PublisherExpectations {
    /// Waits until the timeout expires or the publisher completes, and
    /// produces every element published by then.
    ///
    /// Unlike the other expectations, a timeout is not a failure: it is how
    /// this expectation ends. The publisher error is thrown if the publisher
    /// failed.
    public struct AvailableElements<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "availableElements" }
        var goal: String { "the timeout to expire or the publisher to complete" }
        var failsOnTimeout: Bool { false }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> [Input] {
            if case let .failure(error)? = state.completion { throw error }
            state.consumeElements()
            return state.elements
        }

        /// The elements recorded so far; throws the publisher error if it
        /// failed.
        public func get() throws -> [Input] { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<[Input]> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the whole timeout, or until the
    /// publisher completes, and returns every element published by then.
    ///
    /// ```swift
    /// let recorder = Timer.publish(every: 0.01, on: .main, in: .common)
    ///     .autoconnect()
    ///     .record()
    /// let dates = try wait(for: recorder.availableElements, timeout: 0.1)
    /// XCTAssertEqual(dates.sorted(), dates)
    /// ```
    ///
    /// Reaching the timeout is not a failure. The publisher error is thrown
    /// if the publisher fails before the timeout. `get()` returns the
    /// elements recorded so far.
    public var availableElements: PublisherExpectations.AvailableElements<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.AvailableElements: Sendable where Input: Sendable {}
