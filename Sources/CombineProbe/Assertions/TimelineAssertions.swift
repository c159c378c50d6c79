/// Asserts that a timed recorder recorded exactly these events at exactly
/// these virtual times.
///
/// ```swift
/// XCTAssertRecordedTimeline(recorder, [
///     .value("sw", at: .milliseconds(400)),
///     .finished(at: .seconds(1)),
/// ])
/// ```
///
/// On mismatch, the failure shows the expected and recorded timelines side
/// by side and marks the first difference, like
/// ``XCTAssertRecordedEvents(_:_:timeout:_:fileID:filePath:line:column:)``,
/// then draws both as marbles (see the guide "Marble diagrams"); on Swift
/// 6.2 and later the recorded timeline is attached to the failing Swift
/// Testing test, as text.
/// A recorder that is not timed (see
/// `record(timedBy:)`) fails
/// with a message that says so. The failure is recorded in the framework
/// running the test, at the caller's line.
///
/// - parameter recorder: A timed recorder.
/// - parameter expected: The expected events and their times.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func XCTAssertRecordedTimeline<Input: Equatable, Failure: Error & Equatable>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [TimedEvent<Input, Failure>],
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.timeline(
        "XCTAssertRecordedTimeline", recorder, expected, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of
/// ``XCTAssertRecordedTimeline(_:_:_:fileID:filePath:line:column:)``:
/// records an `Issue` at the caller's location when the recorded timeline
/// differs from `expected`.
///
/// ```swift
/// expectRecordedTimeline(recorder, [.value("sw", at: .milliseconds(400))])
/// ```
///
/// - parameter recorder: A timed recorder.
/// - parameter expected: The expected events and their times.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func expectRecordedTimeline<Input: Equatable, Failure: Error & Equatable>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [TimedEvent<Input, Failure>],
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.timeline(
        "expectRecordedTimeline", recorder, expected, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension RecordAssertion {
    static func timeline<Input: Equatable, Failure: Error & Equatable>(
        _ function: String,
        _ recorder: Recorder<Input, Failure>,
        _ expected: [TimedEvent<Input, Failure>],
        message: String,
        at site: CallSite
    ) {
        guard recorder.isTimed else {
            recorder.storage.noteShownInFailedWait() // the message lists the recording
            FailureReporter.fail(
                "\(function) failed: the recorder has no virtual times; create it with record(timedBy: scheduler) "
                + "or scheduler.start { … }. Recorded: \(recorder.storage.summary()).",
                at: site)
            return
        }
        let recorded = recorder.timeline
        guard let diff = RecordDiff.report(
            kind: "timeline events",
            expected: expected.map(\.description),
            recorded: recorded.map(\.description),
            expectedText: { expected[$0].description },
            recordedText: { recorded[$0].description },
            matches: { expected[$0] == recorded[$0] })
        else {
            let completion = expected.last?.event.isCompletion == true
            consume(recorder, elements: expected.count - (completion ? 1 : 0), completion: completion)
            return
        }
        let marbles = TimelineMarbles.section(expected: expected, recorded: recorded)
        TimelineAttachment.record(TimelineAttachment.text(recorded, marbles: marbles.recorded, tick: marbles.tick), at: site)
        fail(function, shortfall: nil, diff: diff + "\n" + marbles.text, message: message, recorder: recorder, at: site)
    }
}
