import CombineProbe
import Foundation
import Testing
import XCTest

final class BlockingHelpersTests: FailureCapturingTestCase {
    func testWaitForCompletionReturnsAllOutputs() throws {
        XCTAssertEqual(try [1, 2, 3].publisher.waitForCompletion(), [1, 2, 3])
    }

    func testWaitForCompletionWaitsForAsynchronousPublishers() throws {
        let values = try (1...3).publisher
            .delay(for: .milliseconds(10), scheduler: DispatchQueue(label: "helpers"))
            .waitForCompletion(timeout: longTimeout)
        XCTAssertEqual(values, [1, 2, 3])
    }

    func testWaitForCompletionLetsMainQueueDeliveriesArrive() throws {
        XCTAssertEqual(try Just(5).receive(on: DispatchQueue.main).waitForCompletion(timeout: longTimeout), [5])
    }

    func testWaitForCompletionThrowsThePublisherError() {
        XCTAssertThrowsError(try Fail<Int, TestFailure>(error: TestFailure()).waitForCompletion()) {
            XCTAssertEqual($0 as? TestFailure, TestFailure())
        }
    }

    func testWaitForCompletionOfANeverEndingPublisherFailsAtTheCallerLine() {
        let status = CurrentValueSubject<Int, Never>(0)
        status.value = 2
        let (failures, result) = captureFailures { try status.waitForCompletion(timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Publisher never completed: exceeded timeout of 0.05 seconds"], at: line)
        XCTAssertEqual(
            failures.first?.message,
            "Publisher never completed: exceeded timeout of 0.05 seconds waiting for publisher.waitForCompletion(), "
                + "which waits for the publisher to complete. Recorded so far: 1 element [2], not completed. "
                + "A publisher that never completes by itself (a subject, a timer, a CurrentValueSubject) "
                + "needs prefix(_:) before waitForCompletion(), or waitForFirstOutput().")
        assertThrows(result, RecordingError.notCompleted)
    }

    func testPrefixOfACurrentValueSubject() throws {
        let status = CurrentValueSubject<Int, Never>(0)
        status.value = 2
        let recorder = status.prefix(1).record()
        // Both branches compile everywhere; the platform picks one.
        #if !COMBINEPROBE_OPENCOMBINE && !COMBINEPROBE_COMBINE_SHIM
        let finishesAfterTheFirstValue = true
        #else
        let finishesAfterTheFirstValue = false
        #endif
        if finishesAfterTheFirstValue {
            // Combine finishes `prefix(1)` right after the first value (not
            // in the Combine-shim lane, whose Combine is OpenCombine).
            XCTAssertEqual(try recorder.elements.get(), [2])
        } else {
            // OpenCombine finishes it only when a second value arrives: see
            // Documentation/Pitfalls.md. The recorder's own prefix(_:) works
            // on both.
            XCTAssertThrowsError(try recorder.elements.get())
            status.value = 3
            XCTAssertEqual(try recorder.elements.get(), [2])
        }
        XCTAssertEqual(try status.record().prefix(1).get(), [status.value])
    }

    func testWaitForFirstOutput() throws {
        let status = CurrentValueSubject<Int, Never>(0)
        status.value = 2
        XCTAssertEqual(try status.waitForFirstOutput(), 2)
    }

    func testWaitForFirstOutputCancelsItsSubscription() throws {
        let cancelled = Flag()
        let status = CurrentValueSubject<Int, Never>(7)
        let first = try status.handleEvents(receiveCancel: { cancelled.set() }).waitForFirstOutput()
        XCTAssertEqual(first, 7)
        XCTAssertTrue(cancelled.value)
    }

    func testWaitForFirstOutputOfAnEmptyPublisherThrows() {
        let (failures, result) = captureFailures { try Empty<Int, Never>().waitForFirstOutput(timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testWaitForFirstOutputTimeout() {
        let subject = PassthroughSubject<Int, Never>()
        let (failures, result) = captureFailures { try subject.waitForFirstOutput(timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Publisher published no value: exceeded timeout of 0.05 seconds waiting for publisher.waitForFirstOutput()"], at: line)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testAsyncForms() async throws {
        let values = try await [1, 2].publisher.waitForCompletion()
        XCTAssertEqual(values, [1, 2])
        let first = try await CurrentValueSubject<Int, Never>(4).waitForFirstOutput()
        XCTAssertEqual(first, 4)
        let subject = PassthroughSubject<Int, Never>()
        let (failures, result) = await captureFailures { try await subject.waitForCompletion(timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Publisher never completed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }
}

@Suite struct BlockingHelpersSwiftTestingTests {
    @Test("A waitForCompletion() timeout is an issue (fails on purpose)", .tags(.failurePath))
    func waitForCompletionTimeoutIsAnIssue() async {
        let subject = PassthroughSubject<Int, Never>()
        let error = await expectIssues(["Publisher never completed"], atLine: #line + 1) {
            _ = try await subject.waitForCompletion(timeout: 0.05)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    @Test("A synchronous waitForCompletion() timeout is an issue (fails on purpose)", .tags(.failurePath))
    func synchronousWaitForCompletionTimeoutIsAnIssue() {
        let subject = PassthroughSubject<Int, Never>()
        let error = expectIssuesNow(["Publisher never completed"], atLine: #line + 1) {
            _ = try subject.waitForCompletion(timeout: 0.05)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    @Test func waitForFirstOutput() async throws {
        #expect(try await CurrentValueSubject<String, Never>("idle").waitForFirstOutput() == "idle")
    }

    @Test func synchronousWaitForFirstOutput() throws {
        #expect(try CurrentValueSubject<String, Never>("idle").waitForFirstOutput() == "idle")
    }
}
