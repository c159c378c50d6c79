/// What a test expects of one recorded event, for
/// `XCTAssertRecordedEvents` and `expectRecordedEvents`.
///
/// ```swift
/// XCTAssertRecordedEvents(recorder, [.value(1), .value(2), .finished])
/// XCTAssertRecordedEvents(recorder, [.value(1), .failure(ofType: URLError.self)])
/// XCTAssertRecordedEvents(recorder, [.failure(where: { $0.code == .timedOut }, "a timeout")])
/// ```
///
/// Errors that are not `Equatable` are matched by type or by a predicate,
/// never by their localized description.
public struct EventMatcher<Input, Failure: Error>: CustomStringConvertible {
    /// How the expected event reads in a failure message.
    public let description: String
    /// True for the events this matcher accepts.
    public let matches: (RecordedEvent<Input, Failure>) -> Bool

    /// Whether the matcher stands for a completion: waiting for the events
    /// it ends then means waiting for the completion.
    let expectsCompletion: Bool

    /// A matcher with a custom test and description.
    ///
    /// - parameter description: How failure messages describe the matcher.
    /// - parameter matches: Whether a recorded event matches.
    public init(_ description: String, matches: @escaping (RecordedEvent<Input, Failure>) -> Bool) {
        self.init(description, expectsCompletion: false, matches: matches)
    }

    private init(_ description: String, expectsCompletion: Bool, matches: @escaping (RecordedEvent<Input, Failure>) -> Bool) {
        self.description = description
        self.expectsCompletion = expectsCompletion
        self.matches = matches
    }

    /// A value equal to `expected`.
    ///
    /// - parameter expected: The expected value.
    public static func value(_ expected: Input) -> EventMatcher where Input: Equatable {
        EventMatcher(ValueDescription.of(expected)) { $0.value == expected }
    }

    /// A value accepted by `predicate`, described by `label` in messages.
    ///
    /// - parameter predicate: Whether a recorded value matches.
    /// - parameter label: How failure messages describe the expected value.
    public static func value(where predicate: @escaping (Input) -> Bool, _ label: String = "a value matching the predicate") -> EventMatcher {
        EventMatcher(label) { event in event.value.map(predicate) ?? false }
    }

    /// The successful completion.
    public static var finished: EventMatcher {
        EventMatcher("finished", expectsCompletion: true) { event in
            if case .finished = event { return true }
            return false
        }
    }

    /// A failure equal to `expected`.
    ///
    /// - parameter expected: The expected error.
    public static func failure(_ expected: Failure) -> EventMatcher where Failure: Equatable {
        EventMatcher("failure(\(ValueDescription.ofError(expected)))", expectsCompletion: true) { event in
            if case let .failure(error) = event { return error == expected }
            return false
        }
    }

    /// A failure whose error is of type `type`.
    ///
    /// - parameter type: The expected error's type.
    public static func failure<E: Error>(ofType type: E.Type) -> EventMatcher {
        EventMatcher("failure(of type \(type))", expectsCompletion: true) { event in
            if case let .failure(error) = event { return error is E }
            return false
        }
    }

    /// A failure accepted by `predicate`, described by `label` in messages.
    ///
    /// - parameter predicate: Whether a recorded error matches.
    /// - parameter label: How failure messages describe the expected error.
    public static func failure(where predicate: @escaping (Failure) -> Bool, _ label: String = "a failure matching the predicate") -> EventMatcher {
        EventMatcher("failure(\(label))", expectsCompletion: true) { event in
            if case let .failure(error) = event { return predicate(error) }
            return false
        }
    }

    /// Any completion, successful or not.
    public static var anyCompletion: EventMatcher {
        EventMatcher("any completion", expectsCompletion: true) { $0.isCompletion }
    }
}
