/// What a test expects of one recorded event, for
/// `XCTAssertRecordedEvents` and `expectRecordedEvents`.
///
/// ```swift
/// XCTAssertRecordedEvents(recorder, [.value(1), .value(2), .finished])
/// XCTAssertRecordedEvents(recorder, [.value(1), .failure(ofType: URLError.self)])
/// XCTAssertRecordedEvents(recorder, [.failure(where: { $0.code == .timedOut }, named: "a timeout")])
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

    /// A value accepted by `predicate`, named `label` in messages.
    ///
    /// ```swift
    /// XCTAssertRecordedEvents(recorder, [.value(where: { $0 > 0 }, named: "a positive value")])
    /// ```
    ///
    /// - parameter predicate: Whether a recorded value matches.
    /// - parameter label: How failure messages name the expected value.
    public static func value(
        where predicate: @escaping @Sendable (Input) -> Bool,
        named label: String = "a value matching the predicate"
    ) -> EventMatcher {
        EventMatcher(label) { event in event.value.map(predicate) ?? false }
    }

    /// A value accepted by `predicate`: the former spelling of
    /// ``value(where:named:)``.
    ///
    /// - parameter predicate: Whether a recorded value matches.
    /// - parameter label: How failure messages name the expected value.
    @available(*, deprecated, renamed: "value(where:named:)", message: "name the label `named:`, and pass a @Sendable predicate")
    @_disfavoredOverload
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

    /// A failure accepted by `predicate`, named `label` in messages.
    ///
    /// ```swift
    /// XCTAssertRecordedEvents(recorder, [.failure(where: { $0.status == 503 }, named: "status 503")])
    /// ```
    ///
    /// - parameter predicate: Whether a recorded error matches.
    /// - parameter label: How failure messages name the expected error.
    public static func failure(
        where predicate: @escaping @Sendable (Failure) -> Bool,
        named label: String = "a failure matching the predicate"
    ) -> EventMatcher {
        failureMatching(predicate, label)
    }

    /// A failure accepted by `predicate`: the former spelling of
    /// ``failure(where:named:)``.
    ///
    /// - parameter predicate: Whether a recorded error matches.
    /// - parameter label: How failure messages name the expected error.
    @available(*, deprecated, renamed: "failure(where:named:)", message: "name the label `named:`, and pass a @Sendable predicate")
    @_disfavoredOverload
    public static func failure(where predicate: @escaping (Failure) -> Bool, _ label: String = "a failure matching the predicate") -> EventMatcher {
        failureMatching(predicate, label)
    }

    private static func failureMatching(_ predicate: @escaping (Failure) -> Bool, _ label: String) -> EventMatcher {
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
