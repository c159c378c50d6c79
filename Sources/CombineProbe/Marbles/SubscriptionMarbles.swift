/// Asserts that a scripted publisher's subscription log is what the
/// subscription diagrams draw, one diagram per subscription, in order.
///
/// ```swift
/// XCTAssertSubscriptionMarbles(response, ["^----!", "------^--!"])
/// ```
///
/// `^` is when the subscription started, `!` when it was cancelled (none for
/// a subscription still running, or ended by a completion), `(^!)` both at
/// the same instant; `-` is one tick (10 ms unless `tick` says otherwise),
/// counted from the scheduler's start, and time progressions work as in every
/// marble diagram. Demands are not compared: read
/// ``ScriptedPublisher/subscriptions`` for them. On mismatch, the failure
/// draws each expected and recorded subscription one above the other, with
/// a caret under the first difference. A mistake in a diagram is a failure
/// naming its column. Failures are recorded at the caller's line.
///
/// - parameter publisher: The scripted publisher.
/// - parameter diagrams: One diagram per expected subscription.
/// - parameter tick: The time one `-` stands for.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func XCTAssertSubscriptionMarbles<Output, Failure>(
    _ publisher: ScriptedPublisher<Output, Failure>,
    _ diagrams: [String],
    tick: VirtualTime = .milliseconds(10),
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    SubscriptionMarbles.assert(
        "XCTAssertSubscriptionMarbles", publisher.subscriptions, diagrams, tick: tick, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The Swift Testing spelling of
/// ``XCTAssertSubscriptionMarbles(_:_:tick:_:fileID:filePath:line:column:)``:
/// records an `Issue` at the caller's location when the subscription log
/// differs from the diagrams.
///
/// ```swift
/// expectSubscriptionMarbles(response, ["^----!"])
/// ```
///
/// - parameter publisher: The scripted publisher.
/// - parameter diagrams: One diagram per expected subscription.
/// - parameter tick: The time one `-` stands for.
/// - parameter message: An optional description of the failure.
/// - parameter fileID: The caller's file, for failures; leave the default.
/// - parameter filePath: See `fileID`.
/// - parameter line: See `fileID`.
/// - parameter column: See `fileID`.
public func expectSubscriptionMarbles<Output, Failure>(
    _ publisher: ScriptedPublisher<Output, Failure>,
    _ diagrams: [String],
    tick: VirtualTime = .milliseconds(10),
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    SubscriptionMarbles.assert(
        "expectSubscriptionMarbles", publisher.subscriptions, diagrams, tick: tick, message: message(),
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Subscription diagrams: reading, drawing and comparing them with a
/// scripted publisher's log.
enum SubscriptionMarbles {
    /// When a subscription started and was cancelled.
    struct Span: Equatable {
        var subscribed: VirtualTime
        var cancelled: VirtualTime?
    }

    static func assert(
        _ function: String,
        _ log: [SubscriptionRecord],
        _ diagrams: [String],
        tick: VirtualTime,
        message: String,
        at site: CallSite
    ) {
        let tick = MarbleTick.checked(tick, function: function, at: site)
        var expected: [Span] = []
        for (index, diagram) in diagrams.enumerated() {
            switch read(diagram, tick: tick) {
            case let .success(span):
                expected.append(span)
            case let .failure(mistake):
                FailureReporter.fail(
                    "\(function) failed: \(mistake.reason), at column \(mistake.column) of diagram \(index):\n"
                    + MarbleDiagram.pointing(at: mistake.column, in: diagram),
                    at: site)
                return
            }
        }
        let recorded = log.map { Span(subscribed: $0.subscribed, cancelled: $0.cancelled) }
        guard let first = (0..<max(expected.count, recorded.count)).first(where: {
            $0 >= expected.count || $0 >= recorded.count || expected[$0] != recorded[$0]
        }) else { return }
        var lines = ["\(function) failed" + (message.isEmpty ? "" : " - \(message)")]
        lines.append("recorded subscriptions differ from the expected ones at index \(first) "
            + "(expected \(expected.count), recorded \(recorded.count); - is \(tick)):")
        for index in 0..<max(expected.count, recorded.count) {
            let left = index < expected.count ? draw(expected[index], tick: tick) : "(none)"
            let right = index < recorded.count ? draw(recorded[index], tick: tick) : "(none)"
            lines.append(MarbleDrawing.aligned(left, right, fallback: nil, labels: ("\(index) expected", "  recorded")))
        }
        lines.append("recorded log:")
        lines.append(contentsOf: log.enumerated().map { "  \($0.offset) \($0.element)" })
        if log.isEmpty { lines.append("  (no subscription)") }
        FailureReporter.fail(lines.joined(separator: "\n"), at: site)
    }

    /// Reads one subscription diagram.
    static func read(_ diagram: String, tick: VirtualTime) -> Result<Span, MarbleDiagram.Mistake> {
        let parsed = MarbleDiagram(diagram, tick: tick, dialect: .subscription)
        if let mistake = parsed.error { return .failure(mistake) }
        guard let subscribed = parsed.symbols.first(where: { $0.kind == .subscribed }) else {
            return .failure(MarbleDiagram.Mistake(column: 1, reason: "no \"^\": a subscription diagram draws when the subscription started"))
        }
        return .success(Span(subscribed: subscribed.time, cancelled: parsed.symbols.first { $0.kind == .cancelled }?.time))
    }

    /// Draws one subscription.
    static func draw(_ span: Span, tick: VirtualTime) -> String {
        var items = [MarbleDrawing.Item(time: span.subscribed, symbol: "^")]
        if let cancelled = span.cancelled { items.append(MarbleDrawing.Item(time: cancelled, symbol: "!")) }
        return MarbleDrawing.draw(items, tick: tick).text
    }
}
