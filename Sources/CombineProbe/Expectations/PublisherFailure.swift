extension PublisherExpectations {
    /// Waits for the publisher to fail, and produces its error.
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher has not
    /// completed, and ``RecordingError/finishedWithoutError`` if it finished
    /// successfully.
    public struct PublisherFailure<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "failure" }
        var goal: String { "the publisher to fail" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Failure {
            let (_, completion) = try state.completedRecording(for: self)
            guard case let .failure(failure) = completion else {
                throw error(.finishedWithoutError, state)
            }
            return failure
        }

        /// The publisher's error, if it has failed.
        public func get() throws -> Failure { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Failure> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to fail, and returns its
    /// error.
    ///
    /// ```swift
    /// let recorder = Fail<String, LoginError>(error: .wrongPassword).record()
    /// XCTAssertEqual(try recorder.failure.get(), .wrongPassword)
    /// ```
    ///
    /// Throws ``RecordingError/finishedWithoutError`` if the publisher
    /// finishes successfully, and ``RecordingError/notCompleted`` if it does
    /// not complete in time.
    public var failure: PublisherExpectations.PublisherFailure<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder: it crosses threads and tasks whenever its
// recorder can.
extension PublisherExpectations.PublisherFailure: Sendable where Input: Sendable {}
