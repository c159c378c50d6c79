import Foundation

/// An error thrown by a publisher expectation when the recorded events do not
/// allow it to produce its value.
///
/// Compare errors by kind, as you would an enum case. Two errors of the same
/// kind are equal, whatever their context:
///
/// ```swift
/// do {
///     _ = try recorder.next().get()
/// } catch RecordingError.notEnoughElements {
///     // expected
/// }
/// XCTAssertThrowsError(try recorder.elements.get()) { error in
///     XCTAssertEqual(error as? RecordingError, .notCompleted)
/// }
/// ```
///
/// Its ``description`` says what the expectation waited for and what the
/// recorder had recorded at that point, so that a thrown error reads well in a
/// test failure message.
public struct RecordingError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of recording errors.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The publisher did not complete.
        case notCompleted
        /// The publisher did not publish enough elements.
        case notEnoughElements
        /// The publisher published more elements than expected.
        case tooManyElements
        /// An inverted expectation was already fulfilled when its value was
        /// read with `get()`.
        case invertedExpectationFulfilled
        /// The publisher finished successfully where a failure was expected.
        case finishedWithoutError
        /// The publisher completed in a way its predicate did not accept
        /// (``Recorder/completion(where:named:)``, ``Recorder/failure(where:named:)``).
        case unexpectedCompletion
    }

    /// What went wrong.
    public let kind: Kind

    /// What the expectation waited for and what was recorded, or an empty
    /// string for the bare values such as ``notCompleted``.
    public let context: String

    /// Creates an error of the given kind, with an explanation of the
    /// circumstances.
    ///
    /// - parameter kind: What went wrong.
    /// - parameter context: What was expected and what was recorded, for the description.
    public init(_ kind: Kind, context: String = "") {
        self.kind = kind
        self.context = context
    }

    /// The publisher did not complete.
    public static let notCompleted = RecordingError(.notCompleted)

    /// The publisher did not publish enough elements.
    public static let notEnoughElements = RecordingError(.notEnoughElements)

    /// The publisher published more elements than expected.
    public static let tooManyElements = RecordingError(.tooManyElements)

    /// An inverted expectation was already fulfilled when `get()` read it.
    public static let invertedExpectationFulfilled = RecordingError(.invertedExpectationFulfilled)

    /// The publisher finished successfully where a failure was expected.
    public static let finishedWithoutError = RecordingError(.finishedWithoutError)

    /// The publisher completed in a way the predicate did not accept.
    public static let unexpectedCompletion = RecordingError(.unexpectedCompletion)

    /// Errors of the same ``kind`` are equal.
    ///
    /// - parameter lhs: A value.
    /// - parameter rhs: Another value.
    public static func == (lhs: RecordingError, rhs: RecordingError) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the ``kind`` only, consistently with `==`.
    ///
    /// - parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }

    /// Matches any error that is a `RecordingError` of the same kind, so that
    /// `catch RecordingError.notCompleted` and
    /// `case RecordingError.notCompleted` work on `any Error`.
    ///
    /// - parameter pattern: The error to match, such as `.notCompleted`.
    /// - parameter value: The thrown error.
    public static func ~= (pattern: RecordingError, value: any Error) -> Bool {
        (value as? RecordingError)?.kind == pattern.kind
    }

    /// `RecordingError.notCompleted: <context>`
    public var description: String {
        context.isEmpty ? "RecordingError.\(kind.rawValue)" : "RecordingError.\(kind.rawValue): \(context)"
    }
}

extension RecordingError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
