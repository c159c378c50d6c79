import CombineProbe
import Foundation
import Testing
import XCTest

/// `next(where:)`, `completion(where:)` and `failure(where:)`: success,
/// timeout, inverted, publisher error, in every waiting form.
final class PredicateExpectationTests: FailureCapturingTestCase {
    enum Load: Equatable { case idle, loading, loaded(String) }

    func testGetSkipsAndConsumesTheElementsBeforeTheMatch() throws {
        let recorder = [Load.idle, .loading, .loaded("ok"), .idle].publisher.record()
        XCTAssertEqual(try recorder.next(where: { $0 != .idle && $0 != .loading }).get(), .loaded("ok"))
        XCTAssertEqual(try recorder.next().get(), .idle, "the match and the elements before it were consumed")
    }

    func testTheSynchronousWait() throws {
        let recorder = [1, 5, 12, 30].publisher
            .delay(for: .milliseconds(5), scheduler: DispatchQueue(label: "sensor"))
            .record()
        XCTAssertEqual(try wait(for: recorder.next(where: { $0 > 10 }), timeout: longTimeout), 12)
        XCTAssertEqual(try wait(for: recorder.next(where: { $0 > 10 }), timeout: longTimeout), 30)
    }

    func testATimeoutListsTheElementsThatDidNotMatch() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(2)
        let waitLine = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.next(where: { $0 > 10 }, named: "a reading above 10"), timeout: shortTimeout) }
        assertFailures(failures, [
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.next(where: a reading above 10), "
            + "which waits for an element that matches a reading above 10. Recorded so far: 2 new elements do not match: [1, 2], not completed.",
        ], at: waitLine)
        guard case let .failure(error) = result else { return XCTFail("expected an error") }
        XCTAssertEqual(error as? RecordingError, .notEnoughElements)
        XCTAssertEqual(String(describing: error),
            "RecordingError.notEnoughElements: recorder.next(where: a reading above 10) failed: see the failure recorded at "
            + "CombineProbeTests/PredicateExpectationTests.swift:\(waitLine), which says what was recorded.")
        XCTAssertThrowsError(try recorder.next(where: { $0 > 10 }, named: "a reading above 10").get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.notEnoughElements: recorder.next(where: a reading above 10) expected an element that matches a reading above 10; "
                + "recorded 2 elements [1, 2], not completed.")
        }
    }

    /// Predicates.md (issue 29, item 18): a publisher that finishes first is
    /// no failure of the wait, and the thrown error says which elements did
    /// not match.
    func testAPublisherThatFinishesFirstThrowsTheElementsThatDidNotMatch() {
        let recorder = [12, 18].publisher.delay(for: .milliseconds(5), scheduler: DispatchQueue(label: "readings")).record()
        let (failures, result) = captureFailures {
            try wait(for: recorder.next(where: { $0 > 20 }, named: "a reading above 20"), timeout: longTimeout)
        }
        XCTAssertEqual(failures.map(\.message), [])
        guard case let .failure(error) = result else { return XCTFail("expected an error") }
        XCTAssertEqual(error as? RecordingError, .notEnoughElements)
        XCTAssertEqual(String(describing: error),
            "RecordingError.notEnoughElements: recorder.next(where: a reading above 20) expected an element that matches a reading above 20; "
            + "2 new elements do not match: [12, 18]; recorded 2 elements [12, 18], then finished.")
    }

    func testThePublisherErrorIsThrown() {
        let recorder = Fail<Int, TestFailure>(error: TestFailure()).record()
        XCTAssertThrowsError(try wait(for: recorder.next(where: { $0 > 0 }), timeout: longTimeout)) { error in
            XCTAssertEqual(error as? TestFailure, TestFailure())
        }
    }

    func testInverted() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(3)
        try wait(for: recorder.next(where: { $0 > 10 }).inverted, timeout: shortTimeout)
        try recorder.next(where: { $0 > 10 }).inverted.get()
        subject.send(11)
        let (failures, _) = captureFailures { try wait(for: recorder.next(where: { $0 > 10 }).inverted, timeout: shortTimeout) }
        XCTAssertTrue(failures.first?.message.hasPrefix(invertedFulfilled + " \(invertedName("recorder.next(where: the predicate).inverted"))") == true, "\(failures)")
        XCTAssertThrowsError(try recorder.next(where: { $0 > 10 }).inverted.get()) { error in
            XCTAssertEqual(error as? RecordingError, .invertedExpectationFulfilled)
        }
        XCTAssertEqual(try recorder.next().get(), 3, "the inverted form consumes nothing")
    }

    func testCompletionAndFailureWhere() throws {
        let offline = Fail<Int, URLError>(error: URLError(.notConnectedToInternet)).record()
        XCTAssertEqual(try offline.failure(where: { $0.code == .notConnectedToInternet }).get().code, .notConnectedToInternet)
        XCTAssertThrowsError(try offline.failure(where: { $0.code == .timedOut }, named: "a timeout").get()) { error in
            XCTAssertEqual(error as? RecordingError, .unexpectedCompletion)
            XCTAssertTrue(String(describing: error).contains("recorder.completion(where: a timeout) expected a completion that matches a timeout; the publisher completed with failure("), "\(error)")
        }
        let finished = Just(1).setFailureType(to: URLError.self).record()
        XCTAssertThrowsError(try finished.failure(where: { _ in true }).get()) { XCTAssertEqual($0 as? RecordingError, .unexpectedCompletion) }
        let completion = try wait(for: finished.completion(where: { if case .finished = $0 { return true } else { return false } }), timeout: longTimeout)
        if case .failure = completion { XCTFail("finished expected") }
    }

    func testAsyncAndVirtualWaits() async throws {
        let recorder = [1, 50].publisher.delay(for: .milliseconds(5), scheduler: DispatchQueue(label: "async")).record()
        let value = try await wait(for: recorder.next(where: { $0 > 10 }), timeout: longTimeout)
        XCTAssertEqual(value, 50)
        let scheduler = DispatchQueue.virtualScheduler()
        let ticks: ScriptedPublisher<Int, Never> = scheduler.hotPublisher([
            .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .value(30, at: .seconds(3)),
        ])
        let timed = ticks.record(timedBy: scheduler)
        let virtual = try await scheduler.wait(for: timed.next(where: { $0 > 10 }), timeout: .seconds(10))
        XCTAssertEqual(virtual, 30)
        XCTAssertEqual(scheduler.elapsed, .seconds(3), "the wait stopped at the matching element")
    }
}

@Suite struct PredicateExpectationSwiftTests {
    @Test func nextWhereAwaited() async throws {
        let recorder = ["loading", "loading", "done"].publisher.record()
        #expect(try await wait(for: recorder.next(where: { $0 == "done" }), timeout: 1) == "done")
    }

    @Test("A timeout is an issue at the wait (fails on purpose)", .tags(.failurePath))
    func aTimeoutIsAnIssueAtTheWait() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed: Exceeded timeout of 0.05 seconds"], atLine: #line + 1) {
            _ = try await wait(for: recorder.next(where: { $0 == "done" }), timeout: 0.05)
        }
        #expect(error as? RecordingError == .notEnoughElements)
    }

    @Test func aVirtualInvertedWait() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let readings: ScriptedPublisher<Int, Never> = scheduler.hotPublisher([.value(5, at: .seconds(2))])
        let recorder = readings.record()
        try scheduler.wait(for: recorder.next(where: { $0 > 10 }).inverted, timeout: .seconds(5))
        #expect(scheduler.elapsed == .seconds(5))
        #expect(try recorder.next().get() == 5)
    }
}
