extension PublisherExpectations {
    /// Waits for `count` more elements than `next()` and `next(_:)` have
    /// consumed so far, and consumes them.
    ///
    /// Throws the publisher error if the publisher fails before those
    /// elements, and ``RecordingError/notEnoughElements`` if it finishes, or
    /// the wait times out, first.
    public struct Next<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        let count: Int
        var condition: WaitCondition { .elements(count, countingConsumed: false) }
        var name: String { "next(\(count))" }
        var goal: String { count == 1 ? "1 more element" : "\(count) more elements" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> [Input] {
            if state.remainingCount >= count {
                let start = state.consumed
                state.consumed += count
                return Array(state.elements[start..<start + count])
            }
            if case let .failure(error)? = state.completion { throw error }
            throw error(.notEnoughElements, state)
        }

        /// Consumes and returns the next `count` elements, if they are
        /// recorded already.
        public func get() throws -> [Input] { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<[Input]> { recorderWaitPlan() }
    }
}

extension Recorder {
    /// An expectation that waits for the next `count` elements, and consumes
    /// them.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar", "baz"].publisher.record()
    /// XCTAssertEqual(try recorder.next(2).get(), ["foo", "bar"])
    /// XCTAssertEqual(try recorder.next(1).get(), ["baz"])
    /// ```
    ///
    /// Throws the publisher error if the publisher fails before `count`
    /// elements, and ``RecordingError/notEnoughElements`` if it finishes, or
    /// the wait times out, first. `next(0)` returns an empty array at once.
    ///
    /// A negative count is a test failure at the caller's line, and is
    /// treated as zero.
    ///
    /// - parameter count: How many elements to wait for; zero or more.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func next(
        _ count: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> PublisherExpectations.Next<Input, Failure> {
        let count = validatedCount(
            count, in: "next", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return .init(recorder: self, count: count)
    }

    /// Returns `count`, or zero after a test failure if it is negative.
    func validatedCount(_ count: Int, in method: String, at site: CallSite) -> Int {
        guard count < 0 else { return count }
        FailureReporter.fail(
            "recorder.\(method)(\(count)): the count must not be negative; it was treated as 0.",
            at: site)
        return 0
    }
}

// An expectation holds its recorder and a count: it crosses threads and tasks
// whenever its recorder can.
extension PublisherExpectations.Next: Sendable where Input: Sendable {}
