import XCTest

extension XCTestCase {
    /// Waits for a publisher expectation, and returns its value.
    ///
    /// ```swift
    /// func testElements() throws {
    ///     let recorder = ["foo", "bar", "baz"].publisher.record()
    ///     let elements = try wait(for: recorder.elements, timeout: 1)
    ///     XCTAssertEqual(elements, ["foo", "bar", "baz"])
    /// }
    /// ```
    ///
    /// - The wait returns as soon as the expectation is fulfilled, and at once
    ///   if it already is.
    /// - If it is not fulfilled within `timeout` seconds, the test fails at
    ///   the caller's line, in the words of XCTest's own waiter
    ///   ("Asynchronous wait failed: Exceeded timeout of 1 seconds, with
    ///   unfulfilled expectations: …", or "Asynchronous wait failed -
    ///   Exceeded timeout of 1.0 seconds, …" in corelibs-XCTest), then with
    ///   what was recorded so far; `availableElements` is the exception, for
    ///   which the timeout is the normal end.
    /// - An inverted expectation fails the test ("Fulfilled inverted
    ///   expectation", or "Asynchronous wait failed - Fulfilled inverted
    ///   expectation" in corelibs-XCTest, as XCTest's own waiter says) if it
    ///   is fulfilled before the timeout.
    /// - `description` is quoted as the waiter quotes it: `"DESC"` on Apple
    ///   platforms; in corelibs-XCTest, bare after a timeout and `'DESC'`
    ///   after an inverted expectation. Without a description, the
    ///   expectation's name takes its place, in the same quotes where the
    ///   waiter would write them around an empty one: bare, except
    ///   `'recorder.next().inverted'` after an inverted expectation in
    ///   corelibs-XCTest.
    /// - The failure is recorded on the test case itself, as XCTest's waiter
    ///   records its own: its message starts with the waiter's words, not
    ///   with `XCTFail`'s "failed - ".
    /// - Then the expectation's value is returned, or its error thrown: a
    ///   ``RecordingError``, or the publisher's own error.
    ///
    /// On the main thread, where XCTest runs synchronous tests, it keeps the
    /// main run loop running as XCTest's own waiter does: values delivered on
    /// the main queue or the main run loop arrive while the test waits. It
    /// uses no `XCTestExpectation`, so a value that comes just after a
    /// timeout breaks no rule of Apple's XCTest. Inside a block of the main
    /// queue (a `@MainActor` test), nothing the main queue delivers can
    /// arrive during a synchronous wait: there, `await` the `async` form.
    ///
    /// - parameter expectation: The publisher expectation.
    /// - parameter timeout: The number of seconds within which the
    ///   expectation must be fulfilled; ``ProbeSettings/defaultTimeout`` when
    ///   nil. Multiplied by ``ProbeSettings/timeoutMultiplier``.
    /// - parameter description: A label for the failure message.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    /// - returns: The value of the expectation.
    /// - throws: A ``RecordingError``, or the publisher's error.
    @discardableResult
    nonisolated public func wait<E: PublisherExpectation>(
        for expectation: E,
        timeout: TimeInterval? = nil,
        description: String = "",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws -> E.Output {
        OrphanFailures.deliverToXCTest()
        return try SynchronousWaiter.wait(
            for: expectation.makeWaitPlan(), timeout: timeout, description: description,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), in: .xcTest, testCase: self)
    }
}

extension XCTestCase {
    /// Waits for a publisher expectation in an `async` test, without blocking
    /// a thread, and returns its value.
    ///
    /// ```swift
    /// func testElements() async throws {
    ///     let recorder = ["red", "green"].publisher.record()
    ///     let elements = try await wait(for: recorder.elements, timeout: 1)
    ///     XCTAssertEqual(elements, ["red", "green"])
    /// }
    /// ```
    ///
    /// It behaves like the synchronous `wait(for:timeout:description:)`, and
    /// like the free function `wait(for:timeout:description:)` used in Swift
    /// Testing: same values, same errors, failures at the caller's line.
    /// Unlike XCTest's own waiter, it burns no CPU while it waits, and
    /// cancelling the task ends it with `CancellationError`.
    ///
    /// - parameter expectation: The publisher expectation.
    /// - parameter timeout: Seconds within which the expectation must be fulfilled; ``ProbeSettings/defaultTimeout`` when nil. Multiplied by ``ProbeSettings/timeoutMultiplier``.
    /// - parameter description: A label for the failure message.
    /// - parameter isolation: The caller's isolation, on which the wait runs; leave the default.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    @discardableResult
    public func wait<E: PublisherExpectation>(
        for expectation: E,
        timeout: TimeInterval? = nil,
        description: String = "",
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> E.Output {
        OrphanFailures.deliverToXCTest()
        return try await AsyncWaiter.wait(
            for: expectation.makeWaitPlan(), timeout: timeout, description: description,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), testCase: self)
    }
}
