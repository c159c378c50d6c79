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
    /// - If it is not fulfilled within `timeout` seconds, the test fails
    ///   ("Asynchronous wait failed") at the caller's line, with what was
    ///   recorded so far; `availableElements` is the exception, for which
    ///   the timeout is the normal end.
    /// - An inverted expectation fails the test ("Fulfilled inverted
    ///   expectation") if it is fulfilled before the timeout.
    /// - Then the expectation's value is returned, or its error thrown: a
    ///   ``RecordingError``, or the publisher's own error.
    ///
    /// It waits with XCTest's own machinery (`XCTWaiter`), which keeps the
    /// current run loop running: values delivered on the main queue or the
    /// main run loop arrive while a test on the main thread waits.
    ///
    /// - parameter expectation: The publisher expectation.
    /// - parameter timeout: The number of seconds within which the
    ///   expectation must be fulfilled.
    /// - parameter description: A label for the failure message.
    /// - returns: The value of the expectation.
    /// - throws: A ``RecordingError``, or the publisher's error.
    @discardableResult
    public func wait<E: PublisherExpectation>(
        for expectation: E,
        timeout: TimeInterval,
        description: String = "",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws -> E.Output {
        let plan = expectation._makeWaitPlan()
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        plan.recording.deliverPendingMisuse()

        let xcExpectation = XCTestExpectation(description: description.isEmpty ? plan.name : description)
        xcExpectation.isInverted = plan.isInverted
        xcExpectation.assertForOverFulfill = false
        let fulfill = UncheckedSendable(xcExpectation)
        let waiterID = plan.recording.addWaiter(for: plan.condition) { fulfill.value.fulfill() }
        defer { if let waiterID { plan.recording.removeWaiter(waiterID) } }

        let outcome: WaitOutcome
        switch XCTWaiter().wait(for: [xcExpectation], timeout: timeout) {
        case .completed:
            outcome = .satisfied
        case .invertedFulfillment:
            outcome = .invertedFulfilled
        default:
            outcome = .timedOut
        }
        plan.reportFailure(
            for: outcome, timeout: timeout, description: description, at: site, in: .xcTest)
        plan.recording.deliverPendingMisuse()
        return try plan.resolve()
    }
}

/// Carries a value that is not `Sendable` into a `@Sendable` closure.
///
/// Used for `XCTestExpectation`, whose `fulfill()` XCTest documents as safe
/// to call from any thread, but which is not annotated `Sendable` on every
/// platform.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
