@testable import CombineProbe
import Foundation
import XCTest

/// The first words of every failure are those CombineExpectations users see,
/// so that tests written against its messages pass after changing the import.
final class CombineExpectationsWordingTests: FailureCapturingTestCase {
    func testATimeoutIsRecordedOnTheTestCaseAsXCTestsWaiterDoes() {
        let recorder = PassthroughSubject<String, Never>().record()
        let (failures, _) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix("Asynchronous wait failed") == true, "not through XCTFail: \(failures)")
    }

    func testAnAsyncTimeoutIsRecordedOnTheTestCaseToo() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let (failures, _) = await captureFailures { try await wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix("Asynchronous wait failed") == true, "\(failures)")
    }

    func testAnInvertedExpectationFulfilledEarlyStartsWithTheWaitersWords() {
        let recorder = Just("early").record()
        let (failures, _) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix(invertedFulfilled + " \(invertedName("recorder.next().inverted"))") == true, "\(failures)")
        #if !canImport(ObjectiveC)
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix("Asynchronous wait failed - Fulfilled inverted expectation") == true)
        #endif
    }

    /// What XCTest's own waiter says, on this platform, when `expectations`
    /// are waited for `timeout` seconds (its final period dropped: the
    /// message goes on).
    private func waitersOwnWords(_ expectations: [XCTestExpectation], timeout: TimeInterval) -> [String] {
        let (failures, _) = captureFailures { wait(for: expectations, timeout: timeout) }
        return failures.map { $0.rawMessage.hasSuffix(".") ? String($0.rawMessage.dropLast()) : $0.rawMessage }
    }

    /// Issue 29, item 17: after the shared first words, XCTest's waiter's
    /// own words, with the description quoted as it quotes it.
    func testATimeoutSpeaksTheWordsOfXCTestsWaiterUpToTheDescription() {
        let theirs = waitersOwnWords([expectation(description: "Numbers")], timeout: shortTimeout)
        let recorder = PassthroughSubject<Int, Never>().record()
        let line = #line + 1
        let (failures, _) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout, description: "Numbers") }
        XCTAssertEqual(theirs.count, 1)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix(theirs[0] + " (recorder.elements), which waits for the publisher to complete.") == true,
                      "\(failures) does not start with XCTest's \(theirs)")
        #if canImport(ObjectiveC)
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix(#"Asynchronous wait failed: Exceeded timeout of 0.05 seconds, with unfulfilled expectations: "Numbers" (recorder.elements)"#) == true)
        #else
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix("Asynchronous wait failed - Exceeded timeout of 0.05 seconds, with unfulfilled expectations: Numbers (recorder.elements)") == true)
        #endif
    }

    func testATimeoutWithoutDescriptionNamesTheExpectationWhereXCTestNamesTheDescription() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let (failures, _) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertEqual(failures.map(\.rawMessage), [
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.next(), "
                + "which waits for one more element. Recorded so far: no element, not completed.",
        ])
    }

    func testAnInvertedExpectationFulfilledEarlySpeaksTheWordsOfXCTestsWaiterUpToTheDescription() {
        let early = expectation(description: "Early")
        early.isInverted = true
        early.fulfill()
        let theirs = waitersOwnWords([early], timeout: shortTimeout)
        let recorder = Just("early").record()
        let line = #line + 1
        let (failures, _) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout, description: "Early") }
        XCTAssertEqual(theirs.count, 1)
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix(theirs[0] + " (recorder.next().inverted), which expects") == true,
                      "\(failures) does not start with XCTest's \(theirs)")
    }

    /// Issue 34, item 16: without a description, the name takes the place
    /// of the description in the waiter's own words, quotes included where
    /// the waiter writes them (corelibs-XCTest: `''`), in real and virtual
    /// time alike.
    func testAnInvertedExpectationWithoutDescriptionKeepsTheWaitersQuotesAroundTheName() {
        let early = expectation(description: "")
        early.isInverted = true
        early.fulfill()
        let theirs = waitersOwnWords([early], timeout: shortTimeout)
        let recorder = Just("early").record()
        let line = #line + 1
        let (failures, _) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }
        #if canImport(ObjectiveC)
        let expected = #"Fulfilled inverted expectation recorder.next().inverted, which expects no new element and no completion. Recorded: 1 element ["early"], then finished."#
        #else
        let expected = #"Asynchronous wait failed - Fulfilled inverted expectation 'recorder.next().inverted', which expects no new element and no completion. Recorded: 1 element ["early"], then finished."#
        XCTAssertEqual(theirs, ["Asynchronous wait failed - Fulfilled inverted expectation ''"])
        #endif
        assertFailures(failures, [expected], at: line)
        XCTAssertEqual(failures.map(\.rawMessage), [expected])

        let scheduler = DispatchQueue.virtualScheduler()
        let virtualLine = #line + 1
        let (virtualFailures, _) = captureFailures { try scheduler.wait(for: recorder.next().inverted, timeout: .seconds(1)) }
        assertFailures(virtualFailures, [
            invertedFulfilled + " \(invertedName("recorder.next().inverted")) at virtual time 0s, which expects no new element and no completion. "
                + #"Recorded: 1 element ["early"], then finished."#,
        ], at: virtualLine)
    }

    /// Whole seconds: "1 seconds" in Apple's XCTest (and in Swift Testing),
    /// "1.0 seconds" in corelibs-XCTest, as each waiter prints them.
    func testTheSecondsArePrintedAsXCTestsWaiterPrintsThem() {
        #if canImport(ObjectiveC)
        XCTAssertEqual(FailureReporter.timeoutHeadline(after: 1, in: .xcTest),
                       "Asynchronous wait failed: Exceeded timeout of 1 seconds, with unfulfilled expectations: ")
        #else
        XCTAssertEqual(FailureReporter.timeoutHeadline(after: 1, in: .xcTest),
                       "Asynchronous wait failed - Exceeded timeout of 1.0 seconds, with unfulfilled expectations: ")
        #endif
        XCTAssertEqual(FailureReporter.timeoutHeadline(after: 1, in: .swiftTesting),
                       "Asynchronous wait failed: Exceeded timeout of 1 seconds, with unfulfilled expectations: ")
        XCTAssertEqual(FailureReporter.timeoutHeadline(after: 0.05 * 3, in: .swiftTesting),
                       "Asynchronous wait failed: Exceeded timeout of 0.15 seconds, with unfulfilled expectations: ")
    }

    func testAWaitWithAHeadlineOfItsOwnKeepsItsOwnWords() {
        let line = #line + 1
        let (failures, _) = captureFailures { try PassthroughSubject<Int, Never>().waitForCompletion(timeout: shortTimeout) }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.message.hasPrefix(
            "Publisher never completed: exceeded timeout of 0.05 seconds waiting for publisher.waitForCompletion(), ") == true, "\(failures)")
    }

    func testEveryMisuseStartsWithCombineExpectationsWords() {
        let (failures, _) = captureFailures {
            let subject = PassthroughSubject<String, TestFailure>()
            let recorder = subject.record()
            subject.subscribe(recorder)
            recorder.receive(completion: .failure(TestFailure()))
            _ = recorder.receive("late")
            recorder.receive(completion: .finished)
            let early = NeverSubscribing<String>().record()
            _ = early.receive("early")
            early.receive(completion: .finished)
        }
        XCTAssertEqual(failures.map { $0.message.components(separatedBy: " (recorder created at").first }, [
            "Publisher recorder is already subscribed",
            "Publisher recorder got unexpected input after completion: \"late\"",
            "Publisher recorder got unexpected completion after completion: finished",
            "Publisher recorder got unexpected input before subscription: \"early\"",
            "Publisher recorder got unexpected completion before subscription: finished",
        ])
    }

    func testACompletionWithAnErrorIsDescribedAsCombineDescribesIt() {
        let (failures, _) = captureFailures {
            let recorder = Just(1).setFailureType(to: TestFailure.self).record()
            recorder.receive(completion: .failure(TestFailure()))
        }
        XCTAssertTrue(failures.first?.message.hasPrefix("Publisher recorder got unexpected completion after completion: failure(") == true, "\(failures)")
    }
}

/// A publisher that never hands its subscriber a subscription.
struct NeverSubscribing<Output>: Publisher {
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {}
}
