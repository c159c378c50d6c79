import Foundation

extension Publisher {
    /// Subscribes to the publisher, waits until it completes, and returns
    /// every value it published.
    ///
    /// ```swift
    /// let values = try [1, 2, 3].publisher.waitForCompletion()
    /// XCTAssertEqual(values, [1, 2, 3])
    /// ```
    ///
    /// - Throws the publisher's error if it fails.
    /// - If it does not complete within `timeout`, the test fails at the
    ///   caller's line ("Publisher never completed", with the values received
    ///   so far), and ``RecordingError/notCompleted`` is thrown. A publisher
    ///   that never completes by itself — a subject, a timer, a
    ///   `CurrentValueSubject` — needs `prefix(_:)` first, or
    ///   ``waitForFirstOutput(timeout:fileID:filePath:line:column:)``.
    ///
    /// It blocks the current thread, running its run loop (values delivered on
    /// the main queue or main run loop arrive meanwhile). In async code, use
    /// `try await publisher.waitForCompletion()`.
    ///
    /// - parameter timeout: Seconds; ``ProbeSettings/defaultTimeout`` when
    ///   nil. Multiplied by ``ProbeSettings/timeoutMultiplier``.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func waitForCompletion(
        timeout: TimeInterval? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws -> [Output] {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let recorder = record(at: site, exhaustive: false)
        return try SynchronousWaiter.wait(
            for: Self.completionPlan(recorder), timeout: timeout, description: "", at: site, in: .current)
    }

    /// Subscribes to the publisher, waits for its first value, returns it,
    /// and cancels the subscription. The publisher need not complete.
    ///
    /// ```swift
    /// let status = CurrentValueSubject<String, Never>("idle")
    /// XCTAssertEqual(try status.waitForFirstOutput(), "idle")
    /// ```
    ///
    /// - Throws the publisher's error if it fails first, and
    ///   ``RecordingError/notEnoughElements`` if it finishes first.
    /// - If no value arrives within `timeout`, the test fails at the
    ///   caller's line ("Publisher published no value"), and
    ///   ``RecordingError/notEnoughElements`` is thrown.
    ///
    /// - parameter timeout: Seconds; ``ProbeSettings/defaultTimeout`` when nil. Multiplied by ``ProbeSettings/timeoutMultiplier``.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func waitForFirstOutput(
        timeout: TimeInterval? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws -> Output {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let recorder = record(at: site, exhaustive: false)
        return try SynchronousWaiter.wait(
            for: Self.firstOutputPlan(recorder), timeout: timeout, description: "", at: site, in: .current)
    }

    /// The async form of ``waitForCompletion(timeout:fileID:filePath:line:column:)``:
    /// waits without blocking a thread, and records a timeout in the
    /// framework running the test.
    ///
    /// ```swift
    /// let values = try await [1, 2, 3].publisher.waitForCompletion()
    /// ```
    ///
    /// - parameter timeout: Seconds; ``ProbeSettings/defaultTimeout`` when nil. Multiplied by ``ProbeSettings/timeoutMultiplier``.
    /// - parameter isolation: The caller's isolation, on which the wait runs; leave the default.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func waitForCompletion(
        timeout: TimeInterval? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> [Output] {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let recorder = record(at: site, exhaustive: false)
        return try await AsyncWaiter.wait(
            for: Self.completionPlan(recorder), timeout: timeout, description: "", at: site)
    }

    /// The async form of ``waitForFirstOutput(timeout:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// let first = try await CurrentValueSubject<Int, Never>(7).waitForFirstOutput()
    /// ```
    ///
    /// - parameter timeout: Seconds; ``ProbeSettings/defaultTimeout`` when nil. Multiplied by ``ProbeSettings/timeoutMultiplier``.
    /// - parameter isolation: The caller's isolation, on which the wait runs; leave the default.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func waitForFirstOutput(
        timeout: TimeInterval? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> Output {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let recorder = record(at: site, exhaustive: false)
        return try await AsyncWaiter.wait(
            for: Self.firstOutputPlan(recorder), timeout: timeout, description: "", at: site)
    }

    private static func completionPlan(_ recorder: Recorder<Output, Failure>) -> WaitPlan<[Output]> {
        recorder.elements.makeWaitPlan().described(
            as: "publisher.waitForCompletion()",
            timeoutHeadline: "Publisher never completed",
            advice: "A publisher that never completes by itself (a subject, a timer, a CurrentValueSubject) "
                + "needs prefix(_:) before waitForCompletion(), or waitForFirstOutput().")
    }

    private static func firstOutputPlan(_ recorder: Recorder<Output, Failure>) -> WaitPlan<Output> {
        recorder.next().makeWaitPlan().described(
            as: "publisher.waitForFirstOutput()",
            timeoutHeadline: "Publisher published no value")
    }
}
