import CombineProbe
import Foundation
import XCTest

/// Waits in virtual time, in XCTest: every expectation and its inverted form,
/// where time stops, and every failure (message and line).
final class VirtualWaitTests: FailureCapturingTestCase {
    let scheduler = DispatchQueue.virtualScheduler()

    /// "a" at 100ms, "b" at 200ms, "c" at 300ms, finished at 400ms, each
    /// through a delay on the virtual scheduler.
    private func abc() -> Recorder<String, Never> {
        ["a", "b", "c"].publisher
            .flatMap(maxPublishers: .max(1)) { Just($0).delay(for: .milliseconds(100), scheduler: self.scheduler) }
            .record(timedBy: scheduler)
    }

    func testTheWaitStopsAtTheInstantTheExpectationIsFulfilled() throws {
        let recorder = abc()
        XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), "a")
        XCTAssertEqual(scheduler.elapsed, .milliseconds(100))
        XCTAssertEqual(scheduler.pendingActionCount, 1, "later actions stay pending")
        XCTAssertEqual(try scheduler.wait(for: recorder.next(2), timeout: .seconds(1)), ["b", "c"])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(300))
    }

    func testEveryExpectation() throws {
        XCTAssertEqual(try scheduler.wait(for: abc().elements, timeout: .seconds(1)), ["a", "b", "c"])
        XCTAssertEqual(try scheduler.wait(for: abc().last, timeout: .seconds(1)), "c")
        XCTAssertEqual(try scheduler.wait(for: abc().prefix(2), timeout: .seconds(1)), ["a", "b"])
        XCTAssertEqual(try scheduler.wait(for: abc().recording, timeout: .seconds(1)).output, ["a", "b", "c"])
        XCTAssertEqual(try scheduler.wait(for: abc().availableElements, timeout: .milliseconds(250)), ["a", "b"])
        try scheduler.wait(for: abc().finished, timeout: .seconds(1))
        if case .failure = try scheduler.wait(for: abc().completion, timeout: .seconds(1)) { XCTFail("finished expected") }
        let single = Just("only").delay(for: .seconds(3), scheduler: scheduler).record()
        XCTAssertEqual(try scheduler.wait(for: single.single, timeout: .seconds(5)), "only")
        XCTAssertEqual(try scheduler.wait(for: abc().elements.map(\.count), timeout: .seconds(1)), 3)
    }

    func testInvertedWaitsMoveToTheDeadlineAtOnce() throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        let start = Date()
        try scheduler.wait(for: recorder.finished.inverted, timeout: .seconds(10))
        try scheduler.wait(for: recorder.next().inverted, timeout: .seconds(10))
        try scheduler.wait(for: recorder.prefix(1).inverted, timeout: .seconds(10))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "no real time passes")
        XCTAssertEqual(scheduler.elapsed, .seconds(30))
    }

    func testAnInvertedWaitRunsWhatIsDueMeanwhile() throws {
        let recorder = abc()
        try scheduler.wait(for: recorder.finished.inverted, timeout: .milliseconds(250))
        XCTAssertEqual(recorder.events, [.value("a"), .value("b")])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(250))
    }

    func testVirtualTimeout() {
        let recorder = abc()
        let waitLine = #line + 1
        let (failures, result) = captureFailures { try scheduler.wait(for: recorder.elements, timeout: .milliseconds(250)) }
        assertFailures(failures, [
            "Asynchronous wait failed: exceeded virtual timeout of 250ms waiting for recorder.elements, which waits for the publisher to complete. "
            + "Virtual time is now 250ms. Recorded so far: 2 elements [\"a\" at 100ms, \"b\" at 200ms], not completed. "
            + "The next scheduled action is due at 300ms.",
        ], at: waitLine)
        assertThrows(result, RecordingError.notCompleted)
        XCTAssertEqual(scheduler.elapsed, .milliseconds(250))
    }

    func testNothingScheduledFailsAtOnce() {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.receive(on: DispatchQueue(label: "a real queue")).record()
        let start = Date()
        let waitLine = #line + 1
        let (failures, result) = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(30)) }
        assertFailures(failures, [
            "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, so virtual time cannot move on, "
            + "and recorder.next() still waits for one more element. Recorded so far: no element, not completed. "
            + "Does the code under test use a real scheduler",
        ], at: waitLine)
        assertThrows(result, RecordingError.notEnoughElements)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testAnInvertedExpectationFulfilledEarly() {
        let recorder = abc()
        let waitLine = #line + 1
        let (failures, _) = captureFailures { try scheduler.wait(for: recorder.next().inverted, timeout: .seconds(1), description: "no result") }
        assertFailures(failures, [
            invertedFulfilled + " \(quotedAsInverted("no result")) (recorder.next().inverted) at virtual time 100ms, "
            + "which expects no new element and no completion. Recorded: 1 element [\"a\" at 100ms], not completed.",
        ], at: waitLine)
        XCTAssertEqual(scheduler.elapsed, .milliseconds(100))
    }

    func testANegativeTimeoutIsAFailureAndCountsAsZero() {
        let recorder = Just(1).record()
        let (failures, result) = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(-1)) }
        assertFailures(failures, ["VirtualScheduler.wait(for: recorder.next(), timeout: "], at: #line - 1)
        XCTAssertEqual(assertSucceeds(result), 1)
    }

    func testThePublisherErrorIsThrown() {
        let recorder = Fail<Int, TestFailure>(error: TestFailure())
            .delay(for: .seconds(1), scheduler: scheduler)
            .record()
        XCTAssertThrowsError(try scheduler.wait(for: recorder.elements, timeout: .seconds(2))) { error in
            XCTAssertEqual(error as? TestFailure, TestFailure())
        }
        XCTAssertEqual(scheduler.elapsed, .seconds(1))
    }

    func testAsyncWaitInXCTest() async throws {
        let recorder = abc()
        let value = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        XCTAssertEqual(value, "a")
        let (failures, _) = await captureFailures {
            try await scheduler.wait(for: recorder.elements, timeout: .milliseconds(50))
        }
        assertFailures(failures, ["Asynchronous wait failed: exceeded virtual timeout of 50ms"], at: #line - 2)
    }

    func testAsyncWaitIsCancellable() async {
        let scheduler = self.scheduler
        let task = Task {
            let timer = scheduler.schedule(after: scheduler.now, interval: .milliseconds(1)) {}
            defer { timer.cancel() }
            let recorder = PassthroughSubject<Int, Never>().record()
            return try await scheduler.wait(for: recorder.next().inverted, timeout: .seconds(1_000_000))
        }
        task.cancel()
        do {
            try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }
}
