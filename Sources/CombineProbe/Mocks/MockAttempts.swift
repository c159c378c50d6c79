import Foundation

extension MockResult {
    /// One outcome per subscription: the first subscription gets the first
    /// result, the second the second, and so on — "fail twice, then succeed"
    /// for code that retries.
    ///
    /// ```swift
    /// mock.getUserResult = .attempts([
    ///     .failure(.offline),
    ///     .failure(.offline),
    ///     .value(user),
    /// ])
    /// // service.getUser(id: 1).retry(2) now fails twice, then delivers user.
    /// ```
    ///
    /// The outcomes are shared by every publisher the mock returns with this
    /// result: a `retry` that subscribes again to the same publisher, and
    /// code that calls the mocked function again (a `Deferred`, a new
    /// request), both take the next outcome. Assign a new result to start
    /// over. A subscription beyond the last outcome is a test failure
    /// ("subscribed 4 times, but .attempts has 3 outcomes"), and that
    /// subscription fails with ``MockError/attemptsExhausted(function:attempts:)``
    /// when `Failure` can hold a ``MockError`` (it finishes otherwise). An
    /// `.attempts` inside `.attempts` counts its outcomes in line.
    ///
    /// - parameter results: The outcome of each subscription, in order.
    public static func attempts(_ results: [MockResult]) -> MockResult {
        let flat = results.flatMap { result -> [MockResult] in
            if case let .attempts(inner) = result.behavior { return inner.results }
            return [result]
        }
        return MockResult(behavior: .attempts(MockAttempts(results: flat)))
    }
}

/// The outcomes of a ``MockResult/attempts(_:)`` result, and how many were
/// taken.
final class MockAttempts<Output, Failure: Error> {
    let results: [MockResult<Output, Failure>]
    private let taken = Locked(0)

    init(results: [MockResult<Output, Failure>]) {
        self.results = results
    }

    /// The behavior of the next subscription.
    func next(for call: MockCall, report: (String) -> Void) -> MockResult<Output, Failure>.Behavior {
        let index = taken.withLock { taken -> Int in
            defer { taken += 1 }
            return taken
        }
        guard index < results.count else {
            report("\(call.function) was subscribed to \(index + 1) times, but its MockResult.attempts has "
                + "\(results.count) \(results.count == 1 ? "outcome" : "outcomes"): add outcomes for the extra attempts.")
            return MockResult.failing(with: .attemptsExhausted(function: call.function, attempts: results.count))
        }
        return results[index].resolve(function: call.function, report: report)
    }
}
