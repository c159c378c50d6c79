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
    /// Concludes a real-time wait: records the test failure the snapshot
    /// calls for, if any, then returns the value or throws the error read
    /// from that same snapshot.
    func finish(
        timeout: TimeInterval,
        description: String,
        at site: CallSite,
        in framework: TestFramework,
        testCase: XCTestCase?,
        heldTheMainQueue: Bool = false
    ) throws -> Output {
        let conclusion = conclude()
        let outcome = conclusion.outcome(isInverted: isInverted)
        reportFailure(
            for: outcome, of: conclusion, timeout: timeout,
            description: description, at: site, in: framework, testCase: testCase,
            heldTheMainQueue: heldTheMainQueue)
        recording.deliverPendingMisuse()
        var result = conclusion.result
        if outcome == .invertedFulfilled || (outcome == .timedOut && failsOnTimeout) {
            result = afterRecordedFailure(result, at: site, label: label(description))
        }
        return try result.get()
    }

    /// Records the test failure a wait outcome calls for, if any.
    func reportFailure(
        for outcome: WaitOutcome,
        of conclusion: WaitConclusion<Output>,
        timeout: TimeInterval,
        description: String,
        at site: CallSite,
        in framework: TestFramework,
        testCase: XCTestCase?,
        heldTheMainQueue: Bool = false
    ) {
        switch outcome {
        case .satisfied:
            return
        case .timedOut:
            guard failsOnTimeout else { return }
            var message: String
            if timeoutHeadline == Self.waiterHeadline {
                // XCTest's waiter's own words, then what CombineProbe adds.
                let label = self.label(description, quotedBy: { FailureReporter.quote($0, invertedFulfilled: false, in: framework) })
                message = FailureReporter.timeoutHeadline(after: timeout, in: framework) + label
            } else {
                message = "\(timeoutHeadline): exceeded timeout of \(Self.format(timeout)) waiting for \(label(description))"
            }
            message += ", which waits for \(goal). Recorded so far: \(conclusion.summary)."
            if let timeoutAdvice {
                message += " " + timeoutAdvice
            }
            if let hint = Self.idleMainRunLoopHint(framework: framework, recordedNothing: conclusion.recordedNothing) {
                message += " " + hint
            }
            if heldTheMainQueue {
                message += " " + Self.heldTheMainQueueHint
            }
            if (recording as? any VirtualTimedRecording)?.isTimedByVirtualScheduler == true {
                message += " " + VirtualTimeHint.wait
            } else if let pending = PendingVirtualSchedulers.pendingWork(at: site) {
                message += " " + VirtualTimeHint.pendingWait(pending)
            }
            FailureReporter.failWait(message, at: site, in: framework, testCase: testCase)
        case .invertedFulfilled:
            let label = invertedFulfilledLabel(description, in: framework)
            FailureReporter.failWait(
                "\(FailureReporter.invertedFulfilledHeadline(in: framework)) \(label), which expects \(goal). Recorded: \(conclusion.summary).",
                at: site, in: framework, testCase: testCase)
        }
    }

    /// The first words of a timeout that XCTest's waiter would report: the
    /// default ``timeoutHeadline``. A wait with a headline of its own
    /// (`waitForCompletion()`) says "exceeded timeout of … waiting for …"
    /// after it.
    static var waiterHeadline: String { "Asynchronous wait failed" }

    /// The expectation as failure messages name it: `recorder.next()`, or
    /// `"first result" (recorder.next())` with a description.
    func label(_ description: String) -> String {
        label(description, quotedBy: { "\"\($0)\"" })
    }

    /// The expectation as a failure for a fulfilled inverted expectation
    /// names it, in the quotes of XCTest's waiter on this platform: its
    /// description, or, without one, its name where the waiter would still
    /// write quotes (`'recorder.next().inverted'` in corelibs-XCTest).
    func invertedFulfilledLabel(_ description: String, in framework: TestFramework) -> String {
        if description.isEmpty && FailureReporter.quotesName(invertedFulfilled: true, in: framework) {
            return FailureReporter.quote(name, invertedFulfilled: true, in: framework)
        }
        return label(description, quotedBy: { FailureReporter.quote($0, invertedFulfilled: true, in: framework) })
    }

    /// The expectation, its description quoted as `quote` does.
    func label(_ description: String, quotedBy quote: (String) -> String) -> String {
        description.isEmpty ? name : "\(quote(description)) (\(name))"
    }

    /// On Linux, Swift Testing parks the main thread with `dispatchMain()`:
    /// the main dispatch queue still runs (on another thread), but the main
    /// run loop never does, so values scheduled on `RunLoop.main`, and timers
    /// on the main run loop, never arrive. When a Swift Testing wait on Linux
    /// times out with nothing recorded, say so.
    static func idleMainRunLoopHint(framework: TestFramework, recordedNothing: Bool) -> String? {
        #if canImport(Darwin)
        return nil
        #else
        guard framework == .swiftTesting, recordedNothing else { return nil }
        return "(If the publisher delivers on RunLoop.main or a timer on the main run loop: "
            + "the main run loop does not run under Swift Testing on Linux; "
            + "use DispatchQueue.main, or an XCTest test, which runs it while waiting.)"
        #endif
    }

    /// Why a synchronous wait made inside a block of the main queue (the
    /// main actor) saw nothing that the main queue delivers.
    static var heldTheMainQueueHint: String {
        "(This wait ran inside a block of the main queue (on the main actor), which it held: "
            + "nothing delivered on DispatchQueue.main or the main actor could arrive meanwhile. "
            + "Make the test async and await the wait.)"
    }

    static func format(_ timeout: TimeInterval) -> String {
        let rounded = (timeout * 1000).rounded() / 1000
        if rounded == 1 { return "1 second" }
        // "5 seconds", as the test wrote `timeout: 5`, not "5.0 seconds".
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return "\(Int(rounded)) seconds" }
        return "\(rounded) seconds"
    }
}
