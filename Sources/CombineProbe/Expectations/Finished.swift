extension PublisherExpectations {
    /// Waits for the publisher to complete, and throws the publisher error if
    /// it failed.
    ///
    /// When a wait times out, the timeout is the test failure and nothing is
    /// thrown. `get()`, which cannot wait, throws
    /// ``RecordingError/notCompleted`` if the publisher has not completed.
    public struct Finished<Input, Failure: Error>: RecorderExpectation, InvertiblePublisherExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "finished" }
        var goal: String { "the publisher to finish" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws {
            guard let completion = state.completion else { return }
            state.consumeAll()
            if case let .failure(error) = completion { throw error }
        }

        /// Returns if the publisher has finished; throws its error if it
        /// failed, and ``RecordingError/notCompleted`` if it has not completed.
        public func get() throws { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Void> { recorderWaitPlan() }

        /// An expectation that the publisher does *not* complete before the
        /// timeout.
        ///
        /// ```swift
        /// let recorder = PassthroughSubject<String, Never>().record()
        /// try wait(for: recorder.finished.inverted, timeout: 0.1)
        /// ```
        ///
        /// A completion fails the wait ("Fulfilled inverted expectation"),
        /// and a failure completion is thrown as well.
        public var inverted: FinishedInverted<Input, Failure> {
            .init(recorder: recorder)
        }
    }

    /// Expects the publisher not to complete: see ``Finished/inverted``.
    public struct FinishedInverted<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "finished.inverted" }
        var goal: String { "the publisher not to complete" }
        var isInverted: Bool { true }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws {
            try Finished(recorder: recorder).valueAfterWait(state)
        }

        /// Returns if the publisher has not completed. Throws the publisher
        /// error if it failed, and
        /// ``RecordingError/invertedExpectationFulfilled`` if it finished.
        public func get() throws { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Void> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to complete, and throws
    /// the publisher error if it fails.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// try recorder.finished.get()
    /// ```
    ///
    /// Use ``PublisherExpectations/Finished/inverted`` to check that a
    /// publisher does not complete.
    public var finished: PublisherExpectations.Finished<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Finished: Sendable where Input: Sendable {}
extension PublisherExpectations.FinishedInverted: Sendable where Input: Sendable {}
