import Foundation

/// Asserts that the recorder recorded exactly these values, in order,
/// whatever `next()` consumed, and whether or not the publisher completed.
///
/// ```swift
/// let recorder = [1, 2].publisher.record()
/// XCTAssertRecordedValues(recorder, [1, 2])
/// ```
///
/// On mismatch, the failure shows the expected and recorded values side by
/// side and marks the first difference. With a `timeout`, it first waits
/// (blocking the thread) until as many values as expected are recorded, or
/// the publisher completes, and says so if they did not arrive:
/// "waited 1 second for 2 values, received only 1: [1]".
///
/// The failure is recorded in the framework running the test (XCTest or
/// Swift Testing), at the caller's line.
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Seconds to wait first for as many records as expected; no wait when nil.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func XCTAssertRecordedValues<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [Input],
    timeout: TimeInterval? = nil,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.values(
        "XCTAssertRecordedValues", recorder, expected, wait: .realTime(timeout), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that the recorder recorded events matching `expected`: values and
/// completion, in order.
///
/// ```swift
/// let recorder = [1, 2].publisher.record()
/// XCTAssertRecordedEvents(recorder, [.value(1), .value(2), .finished])
/// ```
///
/// Failures that are not `Equatable` are matched with
/// ``EventMatcher/failure(ofType:)`` or ``EventMatcher/failure(where:_:)``.
/// With a `timeout`, it first waits (blocking the thread) for as many events
/// as expected, or for the completion when the last expected event is one.
/// The failure is recorded in the framework running the test, at the caller's
/// line, with a side-by-side view of expected and recorded events.
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Seconds to wait first for as many records as expected; no wait when nil.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func XCTAssertRecordedEvents<Input, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [EventMatcher<Input, Failure>],
    timeout: TimeInterval? = nil,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.events(
        "XCTAssertRecordedEvents", recorder, expected, wait: .realTime(timeout), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of ``XCTAssertRecordedValues(_:_:timeout:_:fileID:filePath:line:column:)``:
/// records an `Issue` at the caller's location when the recorded values
/// differ from `expected`.
///
/// ```swift
/// @Test func rolls() {
///     let recorder = [6, 2].publisher.record()
///     expectRecordedValues(recorder, [6, 2])
/// }
/// ```
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Seconds to wait first for as many records as expected; no wait when nil.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func expectRecordedValues<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [Input],
    timeout: TimeInterval? = nil,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.values(
        "expectRecordedValues", recorder, expected, wait: .realTime(timeout), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of ``XCTAssertRecordedEvents(_:_:timeout:_:fileID:filePath:line:column:)``:
/// records an `Issue` at the caller's location when the recorded events do
/// not match `expected`.
///
/// ```swift
/// @Test func login() {
///     let recorder = Fail<String, LoginError>(error: .wrongPassword).record()
///     expectRecordedEvents(recorder, [.failure(.wrongPassword)])
/// }
/// ```
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Seconds to wait first for as many records as expected; no wait when nil.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func expectRecordedEvents<Input, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [EventMatcher<Input, Failure>],
    timeout: TimeInterval? = nil,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.events(
        "expectRecordedEvents", recorder, expected, wait: .realTime(timeout), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The implementation of the recorded-values and recorded-events assertions.
enum RecordAssertion {
    static func values<Input: Equatable, Failure: Error>(
        _ function: String,
        _ recorder: Recorder<Input, Failure>,
        _ expected: [Input],
        wait: RecordAssertionWait,
        message: String,
        at site: CallSite
    ) {
        let waited = wait.run(recorder.storage, .elements(expected.count, countingConsumed: true), site)
        let recorded = recorder.elementsAndCompletion
        guard let diff = RecordDiff.report(
            kind: "values",
            expected: expected.map(ValueDescription.of),
            recorded: recorded.elements.map(ValueDescription.of),
            expectedText: { String(describing: expected[$0]) },
            recordedText: { String(describing: recorded.elements[$0]) },
            matches: { expected[$0] == recorded.elements[$0] })
        else {
            consume(recorder, elements: expected.count, completion: false)
            return
        }
        var shortfall: String?
        if let waited, recorded.elements.count < expected.count, recorded.completion == nil {
            shortfall = "waited \(waited) for \(count(expected.count, "value")), "
                + "received only \(recorded.elements.count): \(RecordingSummary.list(recorded.elements))"
                + wait.hint(recorder.storage, at: site)
        }
        fail(function, shortfall: shortfall, diff: diff, message: message, recorder: recorder, at: site)
    }

    static func events<Input, Failure: Error>(
        _ function: String,
        _ recorder: Recorder<Input, Failure>,
        _ expected: [EventMatcher<Input, Failure>],
        wait: RecordAssertionWait,
        message: String,
        at site: CallSite
    ) {
        let condition: WaitCondition = expected.last?.expectsCompletion == true
            ? .completion
            : .elements(expected.count, countingConsumed: true)
        let waited = wait.run(recorder.storage, condition, site)
        let recorded = recorder.events
        guard let diff = RecordDiff.report(
            kind: "events",
            expected: expected.map(\.description),
            recorded: recorded.map(\.description),
            expectedText: { expected[$0].description },
            recordedText: { recorded[$0].plainText },
            matches: { expected[$0].matches(recorded[$0]) })
        else {
            let completion = expected.last?.expectsCompletion == true
            consume(recorder, elements: expected.count - (completion ? 1 : 0), completion: completion)
            return
        }
        var shortfall: String?
        if let waited, recorded.count < expected.count, recorded.last?.isCompletion != true {
            shortfall = "waited \(waited) for \(count(expected.count, "event")), "
                + "received only \(recorded.count): \(RecordingSummary.list(recorded))"
                + wait.hint(recorder.storage, at: site)
        }
        fail(function, shortfall: shortfall, diff: diff, message: message, recorder: recorder, at: site)
    }

    /// An assertion that matched consumes what it matched.
    static func consume<Input, Failure>(_ recorder: Recorder<Input, Failure>, elements: Int, completion: Bool) {
        recorder.storage.state.withLock { state in
            state.consumed = max(state.consumed, min(elements, state.elements.count))
            if completion && state.completion != nil { state.completionConsumed = true }
        }
    }

    static func fail<Input, Failure>(
        _ function: String,
        shortfall: String?,
        diff: String,
        message: String,
        recorder: Recorder<Input, Failure>,
        at site: CallSite
    ) {
        var text = "\(function) failed"
        if let shortfall { text += ": \(shortfall)" }
        if !message.isEmpty { text += " - \(message)" }
        text += "\n" + diff
        recorder.storage.deliverPendingMisuse()
        // One problem, one failure: the diff shows what was recorded, so an
        // exhaustive recorder does not list it again at the end of the
        // test, as after a failed wait.
        recorder.storage.noteShownInFailedWait()
        FailureReporter.fail(text, at: site)
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
