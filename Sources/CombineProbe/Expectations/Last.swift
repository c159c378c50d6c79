extension PublisherExpectations {
    /// Waits for the publisher to complete, and produces its last element, or
    /// nil if it published none.
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher has not
    /// completed, and the publisher error if it failed.
    public struct Last<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "last" }
        var goal: String { "the publisher to complete" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Input? {
            try state.finishedElements(for: self).last
        }

        /// The last element, if the publisher has finished.
        public func get() throws -> Input? { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Input?> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to complete, and returns
    /// its last element, or nil if it completes without publishing any.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// XCTAssertEqual(try recorder.last.get(), "baz")
    /// ```
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher does not
    /// complete in time, and the publisher error if it fails.
    public var last: PublisherExpectations.Last<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Last: Sendable where Input: Sendable {}
