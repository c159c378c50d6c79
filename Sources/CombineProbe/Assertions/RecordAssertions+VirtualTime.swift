import Foundation

/// Asserts that the recorder recorded exactly these values, in order, after
/// waiting for them in `scheduler`'s virtual time: the scheduler runs its
/// actions, up to `timeout` of virtual time, until as many values as
/// expected are recorded or the publisher completes.
///
/// ```swift
/// let scheduler = VirtualScheduler.dispatchQueue
/// let recorder = Just(1).delay(for: .seconds(5), scheduler: scheduler).record()
/// XCTAssertRecordedValues(recorder, [1], timeout: .seconds(10), scheduler: scheduler)
/// ```
///
/// No real time passes. When the values do not arrive in time the failure
/// says so: "waited 10s of virtual time for 2 values, received only 1: [1]".
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Virtual time to wait first for as many records as
///   expected; the default timeout of ``ProbeSettings`` when nil.
/// - parameter scheduler: The virtual scheduler that drives the code under test.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func XCTAssertRecordedValues<Input: Equatable, Failure: Error, SchedulerTimeType: Strideable, SchedulerOptions>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [Input],
    timeout: SchedulerTimeType.Stride? = nil,
    scheduler: VirtualScheduler<SchedulerTimeType, SchedulerOptions>,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.values(
        "XCTAssertRecordedValues", recorder, expected, wait: .virtual(timeout, on: scheduler), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that the recorder recorded events matching `expected`, after
/// waiting for them in `scheduler`'s virtual time (for the completion when
/// the last expected event is one).
///
/// ```swift
/// let scheduler = VirtualScheduler.dispatchQueue
/// let recorder = Just(1).delay(for: .seconds(5), scheduler: scheduler).record()
/// XCTAssertRecordedEvents(recorder, [.value(1), .finished], timeout: .seconds(10), scheduler: scheduler)
/// ```
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Virtual time to wait first for as many records as
///   expected; the default timeout of ``ProbeSettings`` when nil.
/// - parameter scheduler: The virtual scheduler that drives the code under test.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func XCTAssertRecordedEvents<Input, Failure: Error, SchedulerTimeType: Strideable, SchedulerOptions>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [EventMatcher<Input, Failure>],
    timeout: SchedulerTimeType.Stride? = nil,
    scheduler: VirtualScheduler<SchedulerTimeType, SchedulerOptions>,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.events(
        "XCTAssertRecordedEvents", recorder, expected, wait: .virtual(timeout, on: scheduler), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of
/// ``XCTAssertRecordedValues(_:_:timeout:scheduler:_:fileID:filePath:line:column:)``:
/// waits in `scheduler`'s virtual time, then records an `Issue` at the
/// caller's location when the recorded values differ from `expected`.
///
/// ```swift
/// expectRecordedValues(recorder, [1], timeout: .seconds(10), scheduler: scheduler)
/// ```
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Virtual time to wait first for as many records as
///   expected; the default timeout of ``ProbeSettings`` when nil.
/// - parameter scheduler: The virtual scheduler that drives the code under test.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func expectRecordedValues<Input: Equatable, Failure: Error, SchedulerTimeType: Strideable, SchedulerOptions>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [Input],
    timeout: SchedulerTimeType.Stride? = nil,
    scheduler: VirtualScheduler<SchedulerTimeType, SchedulerOptions>,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.values(
        "expectRecordedValues", recorder, expected, wait: .virtual(timeout, on: scheduler), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of
/// ``XCTAssertRecordedEvents(_:_:timeout:scheduler:_:fileID:filePath:line:column:)``:
/// waits in `scheduler`'s virtual time, then records an `Issue` at the
/// caller's location when the recorded events do not match `expected`.
///
/// ```swift
/// expectRecordedEvents(recorder, [.value(1), .finished], timeout: .seconds(10), scheduler: scheduler)
/// ```
///
/// - parameter recorder: The recorder.
/// - parameter expected: What the recorder must have recorded, in order.
/// - parameter timeout: Virtual time to wait first for as many records as
///   expected; the default timeout of ``ProbeSettings`` when nil.
/// - parameter scheduler: The virtual scheduler that drives the code under test.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func expectRecordedEvents<Input, Failure: Error, SchedulerTimeType: Strideable, SchedulerOptions>(
    _ recorder: Recorder<Input, Failure>,
    _ expected: [EventMatcher<Input, Failure>],
    timeout: SchedulerTimeType.Stride? = nil,
    scheduler: VirtualScheduler<SchedulerTimeType, SchedulerOptions>,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    RecordAssertion.events(
        "expectRecordedEvents", recorder, expected, wait: .virtual(timeout, on: scheduler), message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
