import Foundation

/// How a wait ended.
enum WaitOutcome: Sendable, Equatable {
    /// The expectation's condition held in time (or, inverted, did not hold).
    case satisfied
    /// The timeout expired before the condition held.
    case timedOut
    /// The condition of an inverted expectation held before the timeout.
    case invertedFulfilled
}

extension _WaitPlan {
    /// Records the test failure a wait outcome calls for, if any.
    func reportFailure(
        for outcome: WaitOutcome,
        timeout: TimeInterval,
        description: String,
        at site: CallSite,
        in framework: TestFramework
    ) {
        let label = description.isEmpty ? name : "\"\(description)\" (\(name))"
        switch outcome {
        case .satisfied:
            return
        case .timedOut:
            guard failsOnTimeout else { return }
            FailureReporter.fail(
                "Asynchronous wait failed: exceeded timeout of \(Self.format(timeout)) waiting for \(label), "
                    + "which waits for \(goal). Recorded so far: \(recording.summary()).",
                at: site, in: framework)
        case .invertedFulfilled:
            FailureReporter.fail(
                "Fulfilled inverted expectation \(label), which expects \(goal). Recorded: \(recording.summary()).",
                at: site, in: framework)
        }
    }

    static func format(_ timeout: TimeInterval) -> String {
        let rounded = (timeout * 1000).rounded() / 1000
        return rounded == 1 ? "1 second" : "\(rounded) seconds"
    }
}
