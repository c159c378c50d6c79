import CombineProbe
import Foundation
import XCTest

/// The documented behaviour of every expectation, awaited in async XCTest
/// tests: the same values, errors and failures (at the caller's line) as the
/// synchronous wait.
final class AsyncXCTestWaitTests: FailureCapturingTestCase {
    func testCompletionBasedExpectations() async throws {
        let recorder = ["red", "green", "blue"].publisher.record()
        let completion = try await wait(for: recorder.completion, timeout: longTimeout)
        guard case .finished = completion else { return XCTFail("unexpected \(completion)") }
        let elements = try await wait(for: recorder.elements, timeout: longTimeout)
        XCTAssertEqual(elements, ["red", "green", "blue"])
        let last = try await wait(for: recorder.last, timeout: longTimeout)
        XCTAssertEqual(last, "blue")
        let recording = try await wait(for: recorder.recording, timeout: longTimeout)
        XCTAssertEqual(recording.output, ["red", "green", "blue"])
        try await wait(for: recorder.finished, timeout: longTimeout)
        let single = try await wait(for: Just("red").record().single, timeout: longTimeout)
        XCTAssertEqual(single, "red")
    }

    func testCompletionBasedExpectationsTimeOut() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let (failures, result) = await captureFailures { try await wait(for: recorder.elements, timeout: shortTimeout) }; var line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)

        let (singleFailures, single) = await captureFailures { try await wait(for: recorder.single, timeout: shortTimeout) }; line = #line
        assertFailures(singleFailures, ["Asynchronous wait failed"], at: line)
        assertThrows(single, RecordingError.notCompleted)

        let (finishedFailures, finished) = await captureFailures { try await wait(for: recorder.finished, timeout: shortTimeout) }; line = #line
        assertFailures(finishedFailures, ["Asynchronous wait failed"], at: line)
        assertSucceeds(finished)
    }

    func testCompletionBasedExpectationsThrowThePublisherError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await assertThrowsWithoutFailure(recorder.elements, TestFailure())
        await assertThrowsWithoutFailure(recorder.last, TestFailure())
        await assertThrowsWithoutFailure(recorder.single, TestFailure())
        await assertThrowsWithoutFailure(recorder.finished, TestFailure())
    }

    private func assertThrowsWithoutFailure<E: PublisherExpectation>(
        _ expectation: E, _ error: TestFailure, line: UInt = #line
    ) async {
        let (failures, result) = await captureFailures { try await wait(for: expectation, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)", line: line)
        assertThrows(result, error, line: line)
    }

    func testNext() async throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        subject.send("green")
        subject.send("blue")
        let first = try await wait(for: recorder.next(), timeout: longTimeout)
        XCTAssertEqual(first, "red")
        let batch = try await wait(for: recorder.next(2), timeout: longTimeout)
        XCTAssertEqual(batch, ["green", "blue"])

        var (failures, result) = await captureFailures { try await wait(for: recorder.next(2), timeout: shortTimeout) }; var line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notEnoughElements)

        subject.send("cyan")
        let (invertedFailures, inverted) = await captureFailures { try await wait(for: recorder.next().inverted, timeout: longTimeout) }; line = #line
        assertFailures(invertedFailures, [invertedFulfilled], at: line)
        assertSucceeds(inverted)

        subject.send(completion: .finished)
        (failures, result) = await captureFailures { try await wait(for: recorder.next(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testPrefix() async throws {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send("red")
        let fewer = try await wait(for: recorder.prefix(2).inverted, timeout: shortTimeout)
        XCTAssertEqual(fewer, ["red"])

        let (failures, result) = await captureFailures { try await wait(for: recorder.prefix(2), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        XCTAssertEqual(assertSucceeds(result), ["red"])

        subject.send(completion: .failure(TestFailure()))
        let (errorFailures, error) = await captureFailures { try await wait(for: recorder.prefix(2), timeout: shortTimeout) }
        XCTAssertTrue(errorFailures.isEmpty, "\(errorFailures)")
        assertThrows(error, TestFailure())
    }

    func testAvailableElements() async throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        let (failures, result) = await captureFailures { try await wait(for: recorder.availableElements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        XCTAssertEqual(assertSucceeds(result), ["red"])
    }

    func testFinishedInverted() async throws {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        try await wait(for: recorder.finished.inverted, timeout: shortTimeout)
        subject.send(completion: .failure(TestFailure()))
        let (failures, result) = await captureFailures { try await wait(for: recorder.finished.inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled], at: line)
        assertThrows(result, TestFailure())
    }

    // MARK: - Event-driven waiting

    func testValuesSentBeforeTheAwaitAreAllThere() async throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        for value in 0..<1_000 { subject.send(value) }
        let values = try await wait(for: recorder.next(1_000), timeout: longTimeout)
        XCTAssertEqual(values, Array(0..<1_000))
    }

    func testWaitEndsWhenTheEventArrivesFromAnotherThread() async throws {
        let recorder = Just(1).delay(for: .milliseconds(20), scheduler: DispatchQueue(label: "sender")).record()
        let start = Date()
        let value = try await wait(for: recorder.next(), timeout: 30)
        XCTAssertEqual(value, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "the wait ended with the event, not the timeout")
    }

    func testCancellingTheTaskEndsTheWait() async throws {
        let recorder = PassthroughSubject<Int, Never>().record()
        // The free function: a task must not capture the test case.
        let task = Task { try await CombineProbe.wait(for: recorder.next(), timeout: 30) }
        try await Task.sleep(nanoseconds: 20_000_000)
        let start = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testAlreadyCancelledTaskDoesNotWait() async throws {
        let recorder = PassthroughSubject<Int, Never>().record()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await CombineProbe.wait(for: recorder.next(), timeout: 30)
        }
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    @MainActor
    func testMainActorTestReceivesMainQueueDeliveries() async throws {
        let recorder = [1, 2, 3].publisher.receive(on: DispatchQueue.main).record()
        let values = try await wait(for: recorder.elements, timeout: longTimeout)
        XCTAssertEqual(values, [1, 2, 3])
    }

    @MainActor
    func testMainActorTestReceivesMainRunLoopDeliveries() async throws {
        let recorder = [1, 2, 3].publisher.receive(on: RunLoop.main).record()
        let values = try await wait(for: recorder.elements, timeout: longTimeout)
        XCTAssertEqual(values, [1, 2, 3])
    }

    func testSeveralConcurrentWaitersOnOneRecorder() async throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        async let prefix = CombineProbe.wait(for: recorder.prefix(3), timeout: 10)
        async let elements = CombineProbe.wait(for: recorder.elements, timeout: 10)
        try await Task.sleep(nanoseconds: 10_000_000)
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        let (first, all) = try await (prefix, elements)
        XCTAssertEqual(first, [1, 2, 3])
        XCTAssertEqual(all, [1, 2, 3, 4, 5])
    }
}
