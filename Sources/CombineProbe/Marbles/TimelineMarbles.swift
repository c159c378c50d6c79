/// Draws the timelines of a failed
/// ``XCTAssertRecordedTimeline(_:_:_:fileID:filePath:line:column:)`` as
/// marbles, though the test did not write any:
///
/// ```
/// drawn as marbles (- is 100ms; a = "sw"):
///   expected  ---a|
///   recorded  ----(a|)
///                ^
/// ```
///
/// Each distinct value gets a letter, in order of appearance (then `[27]`,
/// `[28]`…). The tick is the longest of 1 s, 100 ms, 10 ms… 1 ns on whose
/// grid every event falls; gaps of more than
/// ``MarbleDrawing/maximumDashes`` ticks are written as time progressions.
enum TimelineMarbles {
    /// The ticks tried, longest first.
    static let ticks: [VirtualTime] = [
        .seconds(1), .milliseconds(100), .milliseconds(10), .milliseconds(1),
        .microseconds(100), .microseconds(10), .microseconds(1),
        .nanoseconds(100), .nanoseconds(10), .nanoseconds(1),
    ]

    /// The legend lists this many values at most.
    static let legendLimit = 8

    /// The drawing of both timelines, and the recorded line alone.
    static func section<Input: Equatable, Failure: Error & Equatable>(
        expected: [TimedEvent<Input, Failure>],
        recorded: [TimedEvent<Input, Failure>]
    ) -> (text: String, recorded: String, tick: VirtualTime) {
        var values: [Input] = []
        for event in expected + recorded {
            if let value = event.event.value, !values.contains(value) { values.append(value) }
        }
        let name = { (value: Input) -> String in
            let index = values.firstIndex(of: value) ?? 0
            return index < 26 ? String(UnicodeScalar(UInt8(97 + index))) : "[\(index + 1)]"
        }
        let times = (expected + recorded).map(\.time.nanoseconds)
        let tick = ticks.first { tick in times.allSatisfy { $0 % tick.nanoseconds == 0 } } ?? .nanoseconds(1)
        let items = { (timeline: [TimedEvent<Input, Failure>]) in
            timeline.map { event -> MarbleDrawing.Item in
                switch event.event {
                case let .value(value): return MarbleDrawing.Item(time: event.time, symbol: name(value))
                case .finished: return MarbleDrawing.Item(time: event.time, symbol: "|")
                case .failure: return MarbleDrawing.Item(time: event.time, symbol: "#")
                }
            }
        }
        let left = MarbleDrawing.draw(items(expected), tick: tick)
        let right = MarbleDrawing.draw(items(recorded), tick: tick)
        let first = (0..<max(expected.count, recorded.count)).first {
            $0 >= expected.count || $0 >= recorded.count || expected[$0] != recorded[$0]
        } ?? 0
        let fallback = first < right.columns.count ? right.columns[first] : first < left.columns.count ? left.columns[first] : nil
        var legend = values.prefix(legendLimit).map { "\(name($0)) = \(ValueDescription.of($0))" }
        if values.count > legendLimit { legend.append("…") }
        let header = "drawn as marbles (- is \(tick)" + (legend.isEmpty ? "" : "; " + legend.joined(separator: ", ")) + "):\n"
        return (header + MarbleDrawing.aligned(left.text, right.text, fallback: fallback), right.text, tick)
    }
}
