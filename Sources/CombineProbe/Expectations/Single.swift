extension PublisherExpectations {
    /// Waits for the publisher to complete, and produces its one and only
    /// element.
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher has not
    /// completed, the publisher error if it failed,
    /// ``RecordingError/notEnoughElements`` if it published no element, and
    /// ``RecordingError/tooManyElements`` if it published more than one.
    public struct Single<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .completion }
        var name: String { "single" }
        var goal: String { "the publisher to publish exactly one element, then finish" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Input {
            let elements = try state.finishedElements(for: self)
            switch elements.count {
            case 0: throw error(.notEnoughElements, state)
            case 1: return elements[0]
            default: throw error(.tooManyElements, state)
            }
        }

        /// The single element, if the publisher has finished after
        /// publishing exactly one.
        public func get() throws -> Input { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Input> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the publisher to complete, and returns
    /// its one and only element.
    ///
    /// ```swift
    /// let recorder = Just("foo").record()
    /// XCTAssertEqual(try recorder.single.get(), "foo")
    /// ```
    ///
    /// Throws ``RecordingError/notCompleted`` if the publisher does not
    /// complete in time, the publisher error if it fails,
    /// ``RecordingError/notEnoughElements`` if it completes without an
    /// element, and ``RecordingError/tooManyElements`` if it publishes more
    /// than one.
    public var single: PublisherExpectations.Single<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Single: Sendable where Input: Sendable {}
