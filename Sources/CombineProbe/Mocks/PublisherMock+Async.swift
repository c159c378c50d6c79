extension PublisherMock {
    /// Records the call, and returns the value of the publisher `result`
    /// describes: a mocked `async throws` function, with the same
    /// ``MockResult`` as the functions that return publishers.
    ///
    /// ```swift
    /// final class ForecastAPIMock: PublisherMock, ForecastAPI {
    ///     var forecastResult: MockResult<Forecast, WeatherError>?
    ///     func forecast(for city: String) async throws -> Forecast {
    ///         try await mockAsyncFunction(returning: forecastResult, arguments: city)
    ///     }
    /// }
    /// ```
    ///
    /// - `.value(v)` (and `.json`, `.computed`, `.generate`…) returns the
    ///   first value; `.failure(e)` throws `e`; `.attempts` takes the next
    ///   outcome at each call.
    /// - A call with no result is the usual failure ("unexpected call to
    ///   `forecast(for:)`…", at the line that created the mock), and throws
    ///   ``MockError/unexpectedCall(function:)``.
    /// - A result that finishes without a value (`.finished`) is a test
    ///   failure there too, and throws ``RecordingError/notEnoughElements``.
    /// - `.never` never returns: the call waits until its task is cancelled,
    ///   and then throws `CancellationError`, as cancelling it does at any
    ///   time.
    ///
    /// The default ``MockDelivery/background`` delivery answers on a
    /// background queue at once, without waiting for the test to wait: the
    /// code under test awaits the answer anyway. The answer is work in
    /// flight for waits in virtual time. `.on(scheduler)` and
    /// `.after(_:on:)` answer in the scheduler's time, `.immediate` during
    /// the call.
    ///
    /// - parameter result: The function's configured result; nil is an
    ///   unexpected call.
    /// - parameter arguments: The call's arguments, recorded in ``calls``.
    /// - parameter delivery: When the answer comes: the mock's
    ///   ``defaultDelivery`` when nil.
    /// - parameter function: The mocked function; `#function` by default.
    /// - returns: The first value of the result.
    /// - throws: The result's failure, a ``MockError``, a ``RecordingError``,
    ///   or `CancellationError`.
    public func mockAsyncFunction<Output: Sendable, Failure: Error>(
        returning result: MockResult<Output, Failure>?,
        arguments: Any...,
        delivery: MockDelivery? = nil,
        function: String = #function
    ) async throws -> Output {
        // A main-actor task on its way out of the main actor joins its
        // test's world here: its answer then resumes it in the world.
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) { TaskJoining.adoptCurrentDeparture() }
        var delivery = delivery ?? defaultDelivery
        if case .background = delivery.kind { delivery = MockDelivery(kind: .backgroundAtOnce) }
        let (publisher, call) = mockFunction(returning: result, argumentList: arguments, delivery: delivery, function: function)
        guard result != nil else { throw MockError.unexpectedCall(function: function) }
        let description = "\(call)"
        let reporter = reporter
        let answer = MockAnswer<Output, Failure>(finishedWithoutValue: {
            reporter.report("\(description) finished without a value, but an async function returns one: "
                + "configure .value(…), .failure(…) or .never for it.")
            return RecordingError(.notEnoughElements, context: "\(description) finished without a value.")
        })
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                answer.start(publisher, continuation)
            }
        } onCancel: {
            answer.cancel()
        }
    }
}

/// Awaits the first value of a mocked publisher for
/// ``PublisherMock/mockAsyncFunction(returning:arguments:delivery:function:)``.
final class MockAnswer<Output: Sendable, Failure: Error>: Subscriber, Sendable {
    typealias Input = Output

    private struct State {
        var continuation: CheckedContinuation<Output, any Error>?
        var subscription: (any Subscription)?
        var isCancelled = false
    }

    private let state = Locked(State())
    private let finishedWithoutValue: @Sendable () -> any Error

    init(finishedWithoutValue: @escaping @Sendable () -> any Error) {
        self.finishedWithoutValue = finishedWithoutValue
    }

    /// Subscribes to `publisher`, to resume `continuation` with its first
    /// value or its failure.
    func start(_ publisher: AnyPublisher<Output, Failure>, _ continuation: CheckedContinuation<Output, any Error>) {
        let isCancelled = state.withLock { state -> Bool in
            if !state.isCancelled { state.continuation = continuation }
            return state.isCancelled
        }
        if isCancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        publisher.subscribe(self)
    }

    /// The task was cancelled: the call throws `CancellationError`.
    func cancel() {
        let (continuation, subscription) = state.withLock { state in
            state.isCancelled = true
            defer { state.continuation = nil; state.subscription = nil }
            return (state.continuation, state.subscription)
        }
        subscription?.cancel()
        continuation?.resume(throwing: CancellationError())
    }

    func receive(subscription: any Subscription) {
        let isCancelled = state.withLock { state -> Bool in
            if !state.isCancelled { state.subscription = subscription }
            return state.isCancelled
        }
        if isCancelled {
            subscription.cancel()
        } else {
            subscription.request(.max(1))
        }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        let (continuation, subscription) = state.withLock { state in
            defer { state.continuation = nil; state.subscription = nil }
            return (state.continuation, state.subscription)
        }
        subscription?.cancel()
        continuation?.resume(returning: input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil; state.subscription = nil }
            return state.continuation
        }
        guard let continuation else { return }
        switch completion {
        case let .failure(error): continuation.resume(throwing: error)
        case .finished: continuation.resume(throwing: finishedWithoutValue())
        }
    }
}
