/// One event of a recorded publisher: a value, or its completion.
///
/// ```swift
/// let recorder = [1, 2].publisher.record()
/// XCTAssertEqual(recorder.events, [.value(1), .value(2), .finished])
/// ```
///
/// Events are `Equatable` when the values and the failure are, and describe
/// themselves the way a test reads them: `1`, `"red"`, `finished`,
/// `failure(LoginError.wrongPassword)`.
public enum RecordedEvent<Input, Failure: Error> {
    /// A value.
    case value(Input)
    /// The successful completion.
    case finished
    /// The failure completion.
    case failure(Failure)

    /// The event of a completion: `.finished` or `.failure`.
    ///
    /// - parameter completion: The completion.
    public init(_ completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: self = .finished
        case let .failure(error): self = .failure(error)
        }
    }

    /// The value, if the event is one.
    public var value: Input? {
        if case let .value(value) = self { return value }
        return nil
    }

    /// True for `.finished` and `.failure`.
    public var isCompletion: Bool {
        if case .value = self { return false }
        return true
    }
}

extension RecordedEvent: Equatable where Input: Equatable, Failure: Equatable {}
extension RecordedEvent: Hashable where Input: Hashable, Failure: Hashable {}
extension RecordedEvent: Sendable where Input: Sendable {}

extension RecordedEvent: CustomStringConvertible {
    /// `1`, `"red"`, `finished`, `failure(LoginError.wrongPassword)`.
    public var description: String {
        switch self {
        case let .value(value): return ValueDescription.of(value)
        case .finished: return "finished"
        case let .failure(error): return "failure(\(ValueDescription.ofError(error)))"
        }
    }
}

extension RecordedEvent {
    /// The description, with a value's own text unquoted: what a line-by-line
    /// comparison of multi-line values reads.
    var plainText: String {
        if case let .value(value) = self { return String(describing: value) }
        return description
    }
}

extension Recorder {
    /// Every event recorded so far, in order: the values, then the
    /// completion if there is one. Consumption by `next()` does not matter.
    ///
    /// ```swift
    /// let recorder = Fail<Int, LoginError>(error: .wrongPassword).record()
    /// XCTAssertEqual(recorder.events, [.failure(.wrongPassword)])
    /// ```
    public var events: [RecordedEvent<Input, Failure>] {
        let (elements, completion) = elementsAndCompletion
        var events = elements.map(RecordedEvent<Input, Failure>.value)
        if let completion { events.append(RecordedEvent(completion)) }
        return events
    }
}
