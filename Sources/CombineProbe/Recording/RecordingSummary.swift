/// Human-readable descriptions of what a recorder holds, for failure messages
/// and error descriptions.
enum RecordingSummary {
    /// How many elements a summary lists before it elides the rest.
    static let shownElementCount = 10

    /// `"foo", "bar", … (998 more)`
    static func list<S: Collection>(_ elements: S) -> String {
        var parts = elements.prefix(shownElementCount).map { ValueDescription.of($0) }
        if elements.count > shownElementCount {
            parts.append("… (\(elements.count - shownElementCount) more)")
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// `2 elements ["foo", "bar"], then finished`
    static func describe<Input, Failure>(_ state: RecorderState<Input, Failure>) -> String {
        let count = state.elements.count
        var text: String
        switch count {
        case 0: text = "no element"
        case 1: text = "1 element \(list(state.elements))"
        default: text = "\(count) elements \(list(state.elements))"
        }
        if state.consumed > 0 && state.consumed < count {
            text += " (\(state.consumed) consumed by next())"
        } else if state.consumed > 0 && state.consumed == count {
            text += " (all consumed)"
        }
        switch state.completion {
        case nil: text += ", not completed"
        case .finished?: text += ", then finished"
        case let .failure(error)?: text += ", then failed with \(ValueDescription.ofError(error))"
        }
        return text
    }
}
