extension PublisherExpectations {
    /// Waits for one more element than `next()` and `next(_:)` have consumed
    /// so far, and consumes it.
    ///
    /// Throws the publisher error if the publisher fails before that element,
    /// and ``RecordingError/notEnoughElements`` if it finishes, or the wait
    /// times out, before that element.
    public struct NextOne<Input, Failure: Error>: RecorderExpectation, InvertiblePublisherExpectation {
        @usableFromInline let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .elements(1, countingConsumed: false) }
        var name: String { "next()" }
        var goal: String { "one more element" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Input {
            if state.remainingCount >= 1 {
                defer { state.consumed += 1 }
                return state.elements[state.consumed]
            }
            if case let .failure(error)? = state.completion { throw error }
            throw error(.notEnoughElements, state)
        }

        /// Consumes and returns the next element, if it is recorded already.
        ///
        /// Inlinable: a test that consumes thousands of elements one `get()`
        /// at a time runs a version specialized for its element type.
        @inlinable
        public func get() throws -> Input {
            if let element = recorder.storage.consumeNextIfRecorded() { return element }
            return try resolveWithoutFastPath()
        }

        /// `get()` when no element is ready, or a misuse report waits: the
        /// shared rule of the recorder's expectations.
        @usableFromInline
        func resolveWithoutFastPath() throws -> Input { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Input> { recorderWaitPlan() }

        /// An expectation that the publisher publishes no new element, and
        /// does not complete, before the timeout.
        ///
        /// ```swift
        /// let recorder = PassthroughSubject<String, Never>().record()
        /// try wait(for: recorder.next().inverted, timeout: 0.1)
        /// ```
        ///
        /// A new element or a completion fails the wait ("Fulfilled inverted
        /// expectation"), and a failure completion is thrown as well. It
        /// consumes nothing.
        public var inverted: NextOneInverted<Input, Failure> {
            .init(recorder: recorder)
        }
    }

    /// Expects no new element: see ``NextOne/inverted``.
    public struct NextOneInverted<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        var condition: WaitCondition { .elements(1, countingConsumed: false) }
        var name: String { "next().inverted" }
        var goal: String { "no new element and no completion" }
        var isInverted: Bool { true }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws {
            if state.remainingCount >= 1 { return }
            if case let .failure(error)? = state.completion { throw error }
        }

        /// Returns if no element is waiting to be consumed and the publisher
        /// has not completed. Throws the publisher error if it failed with
        /// no element waiting, and
        /// ``RecordingError/invertedExpectationFulfilled`` otherwise: an
        /// element recorded before a failure wins, as `next()` reads it.
        public func get() throws { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Void> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the next element, and consumes it.
    ///
    /// Successive `next()` expectations return successive elements:
    ///
    /// ```swift
    /// let recorder = ["foo", "bar"].publisher.record()
    /// XCTAssertEqual(try recorder.next().get(), "foo")
    /// XCTAssertEqual(try recorder.next().get(), "bar")
    /// ```
    ///
    /// Throws the publisher error if the publisher fails before the next
    /// element, and ``RecordingError/notEnoughElements`` if it finishes, or
    /// the wait times out, first.
    public func next() -> PublisherExpectations.NextOne<Input, Failure> {
        .init(recorder: self)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.NextOne: Sendable where Input: Sendable {}
extension PublisherExpectations.NextOneInverted: Sendable where Input: Sendable {}
