import Foundation
import XCTest

/// How a wait ended.
enum WaitOutcome: Sendable, Equatable {
    /// The expectation's condition held in time (or, inverted, did not hold).
    case satisfied
    /// The timeout expired before the condition held.
    case timedOut
    /// The condition of an inverted expectation held before the timeout.
    case invertedFulfilled
}

extension WaitPlan {
    /// Records the test failure a wait outcome calls for, if any.
    func reportFailure(
        for outcome: WaitOutcome,
        timeout: TimeInterval,
        description: String,
        at site: CallSite,
        in framework: TestFramework,
        testCase: XCTestCase?
    ) {
        let label = self.label(description)
        switch outcome {
        case .satisfied:
            return
        case .timedOut:
            guard failsOnTimeout else { return }
            var message = "\(timeoutHeadline): exceeded timeout of \(Self.format(timeout)) waiting for \(label), "
                + "which waits for \(goal). Recorded so far: \(recording.summary())."
            if let timeoutAdvice {
                message += " " + timeoutAdvice
            }
            if let hint = Self.idleMainRunLoopHint(framework: framework, recording: recording) {
                message += " " + hint
            }
            FailureReporter.failWait(message, at: site, in: framework, testCase: testCase)
        case .invertedFulfilled:
            FailureReporter.failWait(
                "\(FailureReporter.invertedFulfilledHeadline(in: framework)) \(label), which expects \(goal). Recorded: \(recording.summary()).",
                at: site, in: framework, testCase: testCase)
        }
    }

    /// The expectation as failure messages name it: `recorder.next()`, or
    /// `"first result" (recorder.next())` with a description.
    func label(_ description: String) -> String {
        description.isEmpty ? name : "\"\(description)\" (\(name))"
    }

    /// On Linux, Swift Testing parks the main thread with `dispatchMain()`:
    /// the main dispatch queue still runs (on another thread), but the main
    /// run loop never does, so values scheduled on `RunLoop.main`, and timers
    /// on the main run loop, never arrive. When a Swift Testing wait on Linux
    /// times out with nothing recorded, say so.
    static func idleMainRunLoopHint(framework: TestFramework, recording: any WaitableRecording) -> String? {
        #if canImport(Darwin)
        return nil
        #else
        guard framework == .swiftTesting, recording.hasRecordedNothing() else { return nil }
        return "(If the publisher delivers on RunLoop.main or a timer on the main run loop: "
            + "the main run loop does not run under Swift Testing on Linux; "
            + "use DispatchQueue.main, or an XCTest test, which runs it while waiting.)"
        #endif
    }

    static func format(_ timeout: TimeInterval) -> String {
        let rounded = (timeout * 1000).rounded() / 1000
        return rounded == 1 ? "1 second" : "\(rounded) seconds"
    }
}
