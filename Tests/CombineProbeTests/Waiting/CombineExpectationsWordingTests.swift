import CombineProbe
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
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix(invertedFulfilled + " recorder.next().inverted") == true, "\(failures)")
        #if !canImport(ObjectiveC)
        XCTAssertTrue(failures.first?.rawMessage.hasPrefix("Asynchronous wait failed - Fulfilled inverted expectation") == true)
        #endif
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
