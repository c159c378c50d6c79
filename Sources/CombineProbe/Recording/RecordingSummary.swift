/// Human-readable descriptions of what a recorder holds, for failure messages
/// and error descriptions.
enum RecordingSummary {
    /// How many elements a summary lists before it elides the rest.
    static let shownElementCount = 10

    /// `"foo", "bar", … (998 more)`
    static func list<S: Collection>(_ elements: S) -> String {
        listDescribed(elements.prefix(shownElementCount).map { ValueDescription.of($0) }, count: elements.count)
    }

    /// `[2, 3]`, `["b" at 1s, finished at 2s]`: events the caller already
    /// described, in the brackets of ``list(_:)``, the same elision beyond
    /// ``shownElementCount``.
    static func listDescribed(_ texts: [String], count: Int? = nil) -> String {
        let total = count ?? texts.count
        var parts = Array(texts.prefix(shownElementCount))
        if total > shownElementCount {
            parts.append("… (\(total - shownElementCount) more)")
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// `1 unconsumed event [2]`, `3 unconsumed events ["b", "c", finished]`:
    /// the events no read consumed, counted, then listed (a value is never
    /// mistaken for the count), with their virtual times for a timed
    /// recorder.
    static func unconsumed<Input, Failure>(_ events: [(event: RecordedEvent<Input, Failure>, time: VirtualTime?)]) -> String {
        let texts = events.prefix(shownElementCount).map { event, time in
            time.map { "\(event) at \($0)" } ?? "\(event)"
        }
        let noun = events.count == 1 ? "unconsumed event" : "unconsumed events"
        return "\(events.count) \(noun) \(listDescribed(Array(texts), count: events.count))"
    }

    /// `2 elements ["foo", "bar"], then finished`; for a timed recorder,
    /// `2 elements ["foo" at 300ms, "bar" at 1s], then finished at 1s`.
    static func describe<Input, Failure>(_ state: RecorderState<Input, Failure>) -> String {
        let count = state.elements.count
        let elements: String
        if state.times.count == count && count > 0 {
            elements = list(zip(state.elements, state.times).map { TimedText(value: $0, time: $1) })
        } else {
            elements = list(state.elements)
        }
        var text: String
        switch count {
        case 0: text = "no element"
        case 1: text = "1 element \(elements)"
        default: text = "\(count) elements \(elements)"
        }
        if state.consumed > 0 && state.consumed < count {
            text += " (\(state.consumed) consumed by next())"
        } else if state.consumed > 0 && state.consumed == count {
            text += " (all of them already read)"
        }
        switch state.completion {
        case nil: text += ", "
        case .some: text += ", then "
        }
        return text + describeCompletion(state)
    }

    /// `not completed`, `finished`, `failed with LoginError.wrongPassword`,
    /// with its virtual time for a timed recorder.
    static func describeCompletion<Input, Failure>(_ state: RecorderState<Input, Failure>) -> String {
        var text: String
        switch state.completion {
        case nil: text = "not completed"
        case .finished?: text = "finished"
        case let .failure(error)?: text = "failed with \(ValueDescription.ofError(error))"
        }
        if let time = state.completionTime { text += " at \(time)" }
        return text
    }

    /// A value with its virtual time: `"foo" at 300ms`.
    private struct TimedText: CustomStringConvertible {
        let value: Any
        let time: VirtualTime
        var description: String { "\(ValueDescription.of(value)) at \(time)" }
    }
}
