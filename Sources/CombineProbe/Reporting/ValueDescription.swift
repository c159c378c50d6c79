/// How values and errors are written in failure messages: strings quoted,
/// other values as they describe themselves, errors with their type.
enum ValueDescription {
    /// `"red"`, `42`, `Point(x: 1, y: 2)`
    static func of(_ value: Any) -> String {
        switch value {
        case let text as String: return text.debugDescription
        case let text as Substring: return String(text).debugDescription
        case let character as Character: return String(character).debugDescription
        default: return String(describing: value)
        }
    }

    /// `LoginError.wrongPassword`, `TestFailure()`
    static func ofError(_ error: any Error) -> String {
        let text = String(describing: error)
        let typeName = String(describing: type(of: error))
        return text.hasPrefix(typeName) ? text : "\(typeName).\(text)"
    }
}
