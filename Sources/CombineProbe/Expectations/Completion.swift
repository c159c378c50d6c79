extension PublisherExpectations {
    /// Waits for the publisher to complete, and produces its completion.
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher has not
    /// completed. A failure is returned, not thrown.
    public struct Completion<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "completion" }
        var goal: String { "the publisher to complete" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Subscribers.Completion<Failure> {
            try state.completedRecording(for: self).completion
        }

        /// The completion, if the publisher has completed.
        public func get() throws -> Subscribers.Completion<Failure> { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Subscribers.Completion<Failure>> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to complete, and returns
    /// its `Subscribers.Completion`.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// let completion = try recorder.completion.get()
    /// if case let .failure(error) = completion {
    ///     XCTFail("Unexpected error \(error)")
    /// }
    /// ```
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher does not
    /// complete in time.
    public var completion: PublisherExpectations.Completion<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Completion: Sendable where Input: Sendable {}
