/// The errors a mocked publisher fails with when the mock cannot answer.
///
/// A mocked publisher fails with a `MockError` when its `Failure` type can
/// hold one: `any Error`, `MockError` itself, or a type that adopts
/// ``MockErrorConvertible``. Otherwise it finishes without a value. Either
/// way, the problem is also recorded as a test failure.
public enum MockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The mocked function was called with no result configured.
    case unexpectedCall(function: String)
    /// The JSON configured for the result did not decode.
    case undecodableJSON(type: String, reason: String)
    /// The publisher of a ``MockResult/attempts(_:)`` result was subscribed to
    /// more times than it has outcomes.
    case attemptsExhausted(function: String, attempts: Int)

    /// A sentence that says what went wrong.
    public var description: String {
        switch self {
        case let .unexpectedCall(function):
            return "unexpected call to \(function): no result is configured for it"
        case let .undecodableJSON(type, reason):
            return "the JSON configured for \(type) does not decode: \(reason)"
        case let .attemptsExhausted(function, attempts):
            return "\(function) was subscribed to more than the \(attempts) configured attempts"
        }
    }
}

/// An error type that can stand for a ``MockError``, so that mocked publishers
/// with that `Failure` type fail instead of finishing silently when the mock
/// cannot answer.
///
/// ```swift
/// enum APIError: Error, MockErrorConvertible {
///     case offline
///     case mock(MockError)
///     init(mockError: MockError) { self = .mock(mockError) }
/// }
/// ```
public protocol MockErrorConvertible: Error {
    /// Wraps a mock error.
    ///
    /// - parameter mockError: The mock's error.
    init(mockError: MockError)
}

extension MockError {
    /// This error as a `Failure`, if the type can hold it.
    func `as`<Failure: Error>(_ type: Failure.Type) -> Failure? {
        if let failure = self as? Failure { return failure }
        if let convertible = type as? any MockErrorConvertible.Type {
            return convertible.init(mockError: self) as? Failure
        }
        return nil
    }
}
