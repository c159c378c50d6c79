extension PublisherExpectations {
    /// Waits for the publisher to complete, and produces the full recording:
    /// every element and the completion.
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher has not
    /// completed. Never throws the publisher error: it is in the recording.
    public struct Recording<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "recording" }
        var goal: String { "the publisher to complete" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Record<Input, Failure>.Recording {
            let (elements, completion) = try state.completedRecording(for: self)
            return Record<Input, Failure>.Recording(output: elements, completion: completion)
        }

        /// The recording, if the publisher has completed.
        public func get() throws -> Record<Input, Failure>.Recording { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Record<Input, Failure>.Recording> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to complete, and returns
    /// a `Record.Recording` of every element and the completion.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// let recording = try recorder.recording.get()
    /// XCTAssertEqual(recording.output, ["foo", "bar", "baz"])
    /// ```
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher does not
    /// complete in time.
    public var recording: PublisherExpectations.Recording<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Recording: Sendable where Input: Sendable {}
