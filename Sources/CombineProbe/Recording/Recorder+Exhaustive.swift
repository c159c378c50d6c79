extension Recorder {
    /// An expectation that waits for the next `count` elements and consumes
    /// them, without returning them: the words of an exhaustive test for
    /// elements it does not care about.
    ///
    /// ```swift
    /// try wait(for: recorder.skip(2), timeout: 1)
    /// ```
    ///
    /// - parameter count: How many elements to skip; zero or more.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    /// - returns: An expectation that behaves like `next(count)`.
    public func skip(
        _ count: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> PublisherExpectations.Map<PublisherExpectations.Next<Input, Failure>, Void> {
        // Validated here, so that a negative count names the call the test made.
        let count = validatedCount(
            count, in: "skip", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return PublisherExpectations.Next(recorder: self, count: count).map { _ in }
    }

    /// Fails the test, at the caller's line, if the recorder holds events
    /// that no read consumed yet: "nothing new right now".
    ///
    /// ```swift
    /// XCTAssertEqual(try recorder.next().get(), "saved")
    /// recorder.expectNoEvents()
    /// ```
    ///
    /// It consumes nothing. To wait a while for nothing to happen, wait for
    /// `next().inverted` instead.
    ///
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func expectNoEvents(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        storage.deliverPendingMisuse()
        let unconsumed: String? = storage.state.withLock { state in
            let events = state.unconsumedEvents
            return events.isEmpty ? nil : RecordingSummary.unconsumed(events)
        }
        guard let unconsumed else { return }
        FailureReporter.fail(
            "recorder.expectNoEvents(): expected no unconsumed event; found \(unconsumed).",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Says that the test does not care about the events recorded so far:
    /// they are not reported at the end of the test. The recorder stays
    /// exhaustive: the events recorded after this call still have to be
    /// read.
    ///
    /// ```swift
    /// XCTAssertEqual(try recorder.next().get(), "first page")
    /// recorder.ignoreRemainingEvents()
    /// ```
    ///
    /// To stop recording as well, so that nothing later can be left
    /// unconsumed, cancel the recorder after it: `recorder.cancel()`.
    public func ignoreRemainingEvents() {
        storage.state.withLock { state in
            state.consumeAll()
        }
    }

    /// Whether the events that no read consumes are reported at the end of
    /// the test (see <doc:ExhaustiveTests>).
    public var isExhaustive: Bool {
        storage.state.withLock { $0.isExhaustive }
    }
}
