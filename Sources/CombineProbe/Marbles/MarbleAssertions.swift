/// Asserts that a timed recorder recorded what a marble diagram draws: the
/// values of `values` by name, the completion, each at its drawn time.
///
/// ```swift
/// let recorder = scheduler.start(created: .zero, subscribed: .zero, cancelled: .seconds(1)) {
///     queries.debounce(for: .milliseconds(30), scheduler: scheduler)
/// }
/// XCTAssertRecordedMarbles(recorder, "------b------c|", values: ["b": "sw", "c": "swift"])
/// ```
///
/// Times count from the scheduler's start; `-` is one tick (10 ms unless
/// `tick` says otherwise). `#` stands for any failure unless `failure` says
/// which. On mismatch, the failure draws the expected and the recorded
/// marbles one above the other, with a caret under the first difference,
/// then the table of
/// ``XCTAssertRecordedTimeline(_:_:_:fileID:filePath:line:column:)``. A
/// mistake in the diagram is a failure naming its column. Failures are
/// recorded at the caller's line.
///
/// - parameter recorder: A timed recorder (`record(timedBy:)`).
/// - parameter diagram: The expected marbles.
/// - parameter values: The value of each name.
/// - parameter failure: What `#` stands for; any failure when nil.
/// - parameter tick: The time one `-` stands for.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func XCTAssertRecordedMarbles<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ diagram: String,
    values: [String: Input] = [:],
    failure: EventMatcher<Input, Failure>? = nil,
    tick: VirtualTime = .milliseconds(10),
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    MarbleAssertion.recorded(
        "XCTAssertRecordedMarbles", recorder, diagram, matchers: values.mapValues { EventMatcher.value($0) },
        failure: failure, tick: tick, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Asserts that a timed recorder recorded what a marble diagram draws, for
/// values that are not `Equatable`: each name stands for an
/// ``EventMatcher``.
///
/// ```swift
/// XCTAssertRecordedMarbles(recorder, "--a|", matching: ["a": .value(where: { $0.id == 7 }, named: "user 7")])
/// ```
///
/// See ``XCTAssertRecordedMarbles(_:_:values:failure:tick:_:fileID:filePath:line:column:)``.
///
/// - parameter recorder: A timed recorder (`record(timedBy:)`).
/// - parameter diagram: The expected marbles.
/// - parameter matching: What each name stands for.
/// - parameter failure: What `#` stands for; any failure when nil.
/// - parameter tick: The time one `-` stands for.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func XCTAssertRecordedMarbles<Input, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ diagram: String,
    matching: [String: EventMatcher<Input, Failure>],
    failure: EventMatcher<Input, Failure>? = nil,
    tick: VirtualTime = .milliseconds(10),
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    MarbleAssertion.recorded(
        "XCTAssertRecordedMarbles", recorder, diagram, matchers: matching,
        failure: failure, tick: tick, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of
/// ``XCTAssertRecordedMarbles(_:_:values:failure:tick:_:fileID:filePath:line:column:)``:
/// records an `Issue` at the caller's location when the recording differs
/// from the diagram.
///
/// ```swift
/// expectRecordedMarbles(recorder, "---a|", values: ["a": 1])
/// ```
///
/// On Swift 6.2 and later, the recorded timeline is also attached to the
/// failing test, as text.
///
/// - parameter recorder: A timed recorder (`record(timedBy:)`).
/// - parameter diagram: The expected marbles.
/// - parameter values: The value of each name.
/// - parameter failure: What `#` stands for; any failure when nil.
/// - parameter tick: The time one `-` stands for.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func expectRecordedMarbles<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ diagram: String,
    values: [String: Input] = [:],
    failure: EventMatcher<Input, Failure>? = nil,
    tick: VirtualTime = .milliseconds(10),
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    MarbleAssertion.recorded(
        "expectRecordedMarbles", recorder, diagram, matchers: values.mapValues { EventMatcher.value($0) },
        failure: failure, tick: tick, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of
/// ``XCTAssertRecordedMarbles(_:_:matching:failure:tick:_:fileID:filePath:line:column:)``,
/// for values that are not `Equatable`.
///
/// ```swift
/// expectRecordedMarbles(recorder, "--a|", matching: ["a": .value(where: { $0.id == 7 }, named: "user 7")])
/// ```
///
/// - parameter recorder: A timed recorder (`record(timedBy:)`).
/// - parameter diagram: The expected marbles.
/// - parameter matching: What each name stands for.
/// - parameter failure: What `#` stands for; any failure when nil.
/// - parameter tick: The time one `-` stands for.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func expectRecordedMarbles<Input, Failure: Error>(
    _ recorder: Recorder<Input, Failure>,
    _ diagram: String,
    matching: [String: EventMatcher<Input, Failure>],
    failure: EventMatcher<Input, Failure>? = nil,
    tick: VirtualTime = .milliseconds(10),
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    MarbleAssertion.recorded(
        "expectRecordedMarbles", recorder, diagram, matchers: matching,
        failure: failure, tick: tick, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The implementation of the marble assertions.
enum MarbleAssertion {
    /// One expected event: what it matches, when, and how it is drawn.
    struct Expected<Input, Failure: Error> {
        var time: VirtualTime
        var matcher: EventMatcher<Input, Failure>
        var symbol: String
    }

    static func recorded<Input, Failure: Error>(
        _ function: String,
        _ recorder: Recorder<Input, Failure>,
        _ diagram: String,
        matchers: [String: EventMatcher<Input, Failure>],
        failure: EventMatcher<Input, Failure>?,
        tick: VirtualTime,
        message: String,
        at site: CallSite
    ) {
        let tick = MarbleTick.checked(tick, function: function, at: site)
        guard recorder.isTimed else {
            recorder.storage.noteShownInFailedWait() // the message lists the recording
            FailureReporter.fail(
                "\(function) failed: the recorder has no virtual times; create it with record(timedBy: scheduler) "
                + "or scheduler.start { … }. Recorded: \(recorder.storage.summary()).",
                at: site)
            return
        }
        let recorded = recorder.timeline
        let parsed = MarbleDiagram(diagram, tick: tick, dialect: .events(subscriptionPoint: false),
                                   names: Set(matchers.keys.filter(MarbleDrawing.isWritable)))
        if let mistake = parsed.error {
            let drawing = draw(recorded, expected: [], matchers: matchers, tick: tick)
            recorder.storage.noteShownInFailedWait() // the message draws the recording
            FailureReporter.fail(
                "\(function) failed: \(mistake.reason), at column \(mistake.column) of the expected diagram:\n"
                + MarbleDiagram.pointing(at: mistake.column, in: diagram) + "\n"
                + "recorded (- is \(tick)): " + drawing.text + drawing.legend,
                at: site)
            return
        }
        let expected = parsed.symbols.compactMap { symbol -> Expected<Input, Failure>? in
            switch symbol.kind {
            case let .value(name):
                guard let matcher = matchers[name] else { return nil }
                return Expected(time: symbol.time, matcher: matcher, symbol: MarbleDrawing.symbol(forName: name))
            case .finished:
                return Expected(time: symbol.time, matcher: .finished, symbol: "|")
            case .failure:
                return Expected(time: symbol.time, matcher: failure ?? anyFailure(), symbol: "#")
            case .subscribed, .cancelled:
                return nil
            }
        }
        let matches = { (index: Int) in
            expected[index].time == recorded[index].time && expected[index].matcher.matches(recorded[index].event)
        }
        guard let table = RecordDiff.report(
            kind: "timeline events",
            expected: expected.map { "\($0.matcher.description) at \($0.time)" },
            recorded: recorded.map(\.description),
            expectedText: { "\(expected[$0].matcher.description) at \(expected[$0].time)" },
            recordedText: { recorded[$0].description },
            matches: matches)
        else {
            let completion = expected.last?.matcher.expectsCompletion == true
            RecordAssertion.consume(recorder, elements: expected.count - (completion ? 1 : 0), completion: completion)
            return
        }
        let expectedDrawing = MarbleDrawing.draw(expected.map { MarbleDrawing.Item(time: $0.time, symbol: $0.symbol) }, tick: tick)
        let recordedDrawing = draw(recorded, expected: expected, matchers: matchers, tick: tick)
        let first = (0..<max(expected.count, recorded.count)).first { $0 >= expected.count || $0 >= recorded.count || !matches($0) } ?? 0
        let fallback = first < recordedDrawing.columns.count ? recordedDrawing.columns[first]
            : first < expectedDrawing.columns.count ? expectedDrawing.columns[first] : nil
        let marbles = "marbles (- is \(tick)):\n"
            + MarbleDrawing.aligned(expectedDrawing.text, recordedDrawing.text, fallback: fallback)
            + recordedDrawing.legend
        TimelineAttachment.record(TimelineAttachment.text(recorded, marbles: recordedDrawing.text, tick: tick), at: site)
        RecordAssertion.fail(function, shortfall: nil, diff: marbles + "\n" + table, message: message, recorder: recorder, at: site)
    }

    /// The recording drawn with the names of the diagram: at each index, the
    /// expected name when its matcher accepts the value, else the first name
    /// (in order) that does, else `?`, listed in a legend.
    static func draw<Input, Failure: Error>(
        _ recorded: [TimedEvent<Input, Failure>],
        expected: [Expected<Input, Failure>],
        matchers: [String: EventMatcher<Input, Failure>],
        tick: VirtualTime
    ) -> (text: String, columns: [Int], legend: String) {
        let names = matchers.keys.filter(MarbleDrawing.isWritable).sorted()
        var unnamed: [String] = []
        let items = recorded.enumerated().map { index, event -> MarbleDrawing.Item in
            switch event.event {
            case .finished: return MarbleDrawing.Item(time: event.time, symbol: "|")
            case .failure: return MarbleDrawing.Item(time: event.time, symbol: "#")
            case .value:
                if index < expected.count, expected[index].matcher.matches(event.event), expected[index].symbol != "|",
                   expected[index].symbol != "#" {
                    return MarbleDrawing.Item(time: event.time, symbol: expected[index].symbol)
                }
                if let name = names.first(where: { matchers[$0]?.matches(event.event) == true }) {
                    return MarbleDrawing.Item(time: event.time, symbol: MarbleDrawing.symbol(forName: name))
                }
                unnamed.append(event.description)
                return MarbleDrawing.Item(time: event.time, symbol: "?")
            }
        }
        let drawing = MarbleDrawing.draw(items, tick: tick)
        let legend = unnamed.isEmpty ? "" : "\n  ? is a recorded value that no name stands for: " + unnamed.joined(separator: ", ")
        return (drawing.text, drawing.columns, legend)
    }

    /// What `#` stands for when no failure is given.
    static func anyFailure<Input, Failure: Error>() -> EventMatcher<Input, Failure> {
        EventMatcher.failure(where: { _ in true }, named: "any error")
    }
}
