import CombineProbe
import Foundation
import Testing
import XCTest

/// The words of failures: each names the call the test made, and lists what
/// the expectation looked at; `get()` and the waits follow one rule.
final class ExpectationMessageTests: FailureCapturingTestCase {
    func testSkipNamesItselfForANegativeCount() throws {
        let recorder = [1, 2].publisher.record()
        var line = 0
        let (failures, result) = captureFailures {
            try recorder.skip(-1).get(); line = #line
        }
        assertFailures(failures, ["recorder.skip(-1): the count must not be negative; it was treated as 0."], at: line)
        assertSucceeds(result)
        XCTAssertEqual(try recorder.next().get(), 1, "skip(-1) skips nothing")
    }

    func testANextWhereTimeoutListsOnlyTheElementsItLookedAt() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        [1, 2, 3].forEach(subject.send)
        XCTAssertEqual(try recorder.next().get(), 1)
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.next(where: { $0 > 10 }), timeout: shortTimeout) }
        assertFailures(failures, [
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.next(where: the predicate), "
                + "which waits for an element that matches the predicate. "
                + "Recorded so far: 2 new elements do not match: [2, 3] (after 1 consumed element), not completed.",
        ], at: line)
        // One problem, one failure: the thrown error points to the failure.
        guard case let .failure(error) = result else { return XCTFail("expected an error") }
        XCTAssertEqual(String(describing: error),
            "RecordingError.notEnoughElements: recorder.next(where: the predicate) failed: see the failure recorded at "
                + "CombineProbeTests/ExpectationMessageTests.swift:\(line), which says what was recorded.")
        // get() records no failure: its error says it all.
        XCTAssertThrowsError(try recorder.next(where: { $0 > 10 }).get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.notEnoughElements: recorder.next(where: the predicate) expected an element that matches the predicate; "
                    + "recorded 3 elements [1, 2, 3] (1 consumed by next()), not completed.")
        }
    }

    /// A completion fulfils `next(where:).inverted`: the wait fails, and so
    /// does `get()`, as `next().inverted.get()` does.
    func testACompletionFulfilsNextWhereInvertedForGetAsForTheWait() {
        let recorder = [1, 2].publisher.record()
        XCTAssertThrowsError(try recorder.next(where: { $0 > 5 }).inverted.get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.invertedExpectationFulfilled: recorder.next(where: the predicate).inverted expected "
                    + "no new element that matches the predicate, and no completion; recorded 2 elements [1, 2], then finished.")
        }
        XCTAssertThrowsError(try recorder.next().inverted.get()) { error in
            XCTAssertEqual(error as? RecordingError, .invertedExpectationFulfilled)
        }
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.next(where: { $0 > 5 }).inverted, timeout: shortTimeout) }
        assertFailures(failures, [
            invertedFulfilled + " \(invertedName("recorder.next(where: the predicate).inverted")), which expects no new element that matches "
                + "the predicate, and no completion. Recorded: 2 new elements do not match: [1, 2], finished.",
        ], at: line)
        assertSucceeds(result)
        XCTAssertEqual(try recorder.elements.get(), [1, 2], "nothing consumed")
    }

    /// An inverted `get()` that fails consumes nothing, and its error says
    /// so: it describes the recorder as `next()` still finds it.
    func testAFailingInvertedGetDescribesNothingAsConsumed() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(2)
        XCTAssertThrowsError(try recorder.prefix(1).inverted.get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.invertedExpectationFulfilled: recorder.prefix(1).inverted expected "
                    + "fewer than 1 element, and no completion; recorded 2 elements [1, 2], not completed.")
        }
        XCTAssertThrowsError(try recorder.next().inverted.get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.invertedExpectationFulfilled: recorder.next().inverted expected "
                    + "no new element and no completion; recorded 2 elements [1, 2], not completed.")
        }
        XCTAssertEqual(try recorder.next().get(), 1)
        XCTAssertThrowsError(try recorder.next().inverted.get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.invertedExpectationFulfilled: recorder.next().inverted expected "
                    + "no new element and no completion; recorded 2 elements [1, 2] (1 consumed by next()), not completed.")
        }
        subject.send(completion: .finished)
        XCTAssertThrowsError(try recorder.finished.inverted.get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.invertedExpectationFulfilled: recorder.finished.inverted expected "
                    + "the publisher not to complete; recorded 2 elements [1, 2] (1 consumed by next()), then finished.")
        }
        XCTAssertEqual(try recorder.next().get(), 2)
    }
}

@Suite struct ExpectationMessageSwiftTests {
    @Test("skip(n) names itself for a negative count (fails on purpose)", .tags(.failurePath))
    func skipNamesItselfForANegativeCount() throws {
        let recorder = [1, 2].publisher.record()
        _ = expectIssuesNow(["recorder.skip(-1): the count must not be negative; it was treated as 0."], atLine: #line + 1) {
            try recorder.skip(-1).get()
        }
        #expect(try recorder.next().get() == 1)
    }

    @Test("A next(where:) timeout lists only the elements it looked at (fails on purpose)", .tags(.failurePath))
    func aNextWhereTimeoutListsOnlyTheElementsItLookedAt() async throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        [1, 2, 3].forEach(subject.send)
        #expect(try recorder.next().get() == 1)
        let message = await failureMessage {
            try await wait(for: recorder.next(where: { $0 > 10 }), timeout: 0.01)
        }
        #expect(message?.hasSuffix("Recorded so far: 2 new elements do not match: [2, 3] (after 1 consumed element), not completed.") == true,
            "\(message ?? "no issue")")
    }

    @Test("A completion fulfils next(where:).inverted (fails on purpose)", .tags(.failurePath))
    func aCompletionFulfilsNextWhereInverted() async throws {
        let recorder = [1, 2].publisher.record()
        #expect(throws: RecordingError.invertedExpectationFulfilled) { try recorder.next(where: { $0 > 5 }).inverted.get() }
        _ = await expectIssues(["Fulfilled inverted expectation recorder.next(where: the predicate).inverted"], atLine: #line + 1) {
            try await wait(for: recorder.next(where: { $0 > 5 }).inverted, timeout: 0.01)
        }
    }
}
