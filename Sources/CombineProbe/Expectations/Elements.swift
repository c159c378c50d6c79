extension PublisherExpectations {
    /// Waits for the publisher to complete, and produces every published
    /// element.
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher has not
    /// completed, and the publisher error if it failed.
    public struct Elements<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "elements" }
        var goal: String { "the publisher to complete" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> [Input] {
            try state.finishedElements(for: self)
        }

        /// The elements, if the publisher has finished.
        public func get() throws -> [Input] { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<[Input]> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to complete, and returns
    /// all its elements.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// let elements = try recorder.elements.get()
    /// XCTAssertEqual(elements, ["foo", "bar", "baz"])
    /// ```
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher does not
    /// complete in time, and the publisher error if it fails.
    public var elements: PublisherExpectations.Elements<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Elements: Sendable where Input: Sendable {}
