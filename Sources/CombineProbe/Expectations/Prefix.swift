extension PublisherExpectations {
    /// Waits for the publisher to publish `maxLength` elements, or to
    /// complete, and produces the first `maxLength` elements (fewer if it
    /// completed early).
    ///
    /// Counts every element since the subscription, including those consumed
    /// by `next()`; afterwards, `next()` continues after the prefix.
    ///
    /// Throws the publisher error if the publisher fails before `maxLength`
    /// elements. When a wait times out, the timeout is the test failure and
    /// the elements published so far are returned; `get()`, which cannot
    /// wait, throws ``RecordingError/notEnoughElements`` instead.
    public struct Prefix<Input, Failure: Error>: RecorderExpectation, InvertiblePublisherExpectation {
        let recorder: Recorder<Input, Failure>
        let maxLength: Int
        var condition: WaitCondition { .elements(maxLength, countingConsumed: true) }
        var name: String { "prefix(\(maxLength))" }
        var goal: String {
            "\(maxLength) \(maxLength == 1 ? "element" : "elements"), or the publisher to complete"
        }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> [Input] {
            if state.elements.count >= maxLength {
                state.consumed = max(state.consumed, maxLength)
                return Array(state.elements.prefix(maxLength))
            }
            if case let .failure(error)? = state.completion { throw error }
            state.consumeElements()
            return state.elements
        }

        /// The first `maxLength` elements, if they are recorded already, or
        /// all elements if the publisher has finished with fewer.
        public func get() throws -> [Input] { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<[Input]> { recorderWaitPlan() }

        /// An expectation that the publisher publishes fewer than `maxLength`
        /// elements, and does not complete, before the timeout. It returns
        /// the elements published so far.
        ///
        /// ```swift
        /// let publisher = PassthroughSubject<String, Never>()
        /// let recorder = publisher.record()
        /// publisher.send("foo")
        /// publisher.send("bar")
        /// let elements = try wait(for: recorder.prefix(3).inverted, timeout: 0.1)
        /// XCTAssertEqual(elements, ["foo", "bar"])
        /// ```
        public var inverted: PrefixInverted<Input, Failure> {
            .init(recorder: recorder, maxLength: maxLength)
        }
    }

    /// Expects fewer than `maxLength` elements: see ``Prefix/inverted``.
    public struct PrefixInverted<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        let maxLength: Int
        var condition: WaitCondition { .elements(maxLength, countingConsumed: true) }
        var name: String { "prefix(\(maxLength)).inverted" }
        var goal: String {
            "fewer than \(maxLength) \(maxLength == 1 ? "element" : "elements"), and no completion"
        }
        var isInverted: Bool { true }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> [Input] {
            try Prefix(recorder: recorder, maxLength: maxLength).valueAfterWait(state)
        }

        /// The elements published so far, if they are fewer than `maxLength`
        /// and the publisher has not completed. Throws the publisher error if
        /// it failed before `maxLength` elements, and
        /// ``RecordingError/invertedExpectationFulfilled`` otherwise: with
        /// `maxLength` elements recorded before a failure, `prefix(n)` has
        /// its value.
        public func get() throws -> [Input] { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<[Input]> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for `maxLength` elements, or for the
    /// publisher to complete, and returns the first `maxLength` elements
    /// (fewer if the publisher completes early).
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// XCTAssertEqual(try recorder.prefix(2).get(), ["foo", "bar"])
    /// ```
    ///
    /// Throws the publisher error if the publisher fails before `maxLength`
    /// elements. A negative length is a test failure at the caller's line,
    /// and is treated as zero.
    ///
    /// - parameter maxLength: How many elements, counted from the subscription; zero or more.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func prefix(
        _ maxLength: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> PublisherExpectations.Prefix<Input, Failure> {
        let maxLength = validatedCount(
            maxLength, in: "prefix", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return .init(recorder: self, maxLength: maxLength)
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Prefix: Sendable where Input: Sendable {}
extension PublisherExpectations.PrefixInverted: Sendable where Input: Sendable {}
