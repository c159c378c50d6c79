/// Sends the events of a ``MockResult/generate(_:)`` result, like a subject.
///
/// Values sent before the subscriber asks for them are kept, not dropped;
/// events after the completion are ignored.
public final class MockEmitter<Output, Failure: Error>: Sendable {
    private let target: any MockEventTarget

    init(target: any MockEventTarget) {
        self.target = target
    }

    private func sink(_ event: RecordedEvent<Output, Failure>) {
        target.accept(event)
    }

    /// Sends a value.
    ///
    /// - parameter value: The value to publish.
    public func send(_ value: Output) {
        sink(.value(value))
    }

    /// Sends the successful completion.
    public func finish() {
        sink(.finished)
    }

    /// Sends a failure.
    ///
    /// - parameter error: The error to fail with.
    public func fail(_ error: Failure) {
        sink(.failure(error))
    }

    /// Sends a completion.
    ///
    /// - parameter completion: The completion.
    public func send(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: finish()
        case let .failure(error): fail(error)
        }
    }
}
