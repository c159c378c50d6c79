import CombineProbe
import Foundation
import XCTest

/// An expectation written outside the library works with `get()` and every
/// wait, and the inverted types have CombineExpectations' spelling.
final class CustomExpectationTests: FailureCapturingTestCase {
    func testGetAndTheSynchronousWait() throws {
        let recorder = [5, 30].publisher.record()
        XCTAssertEqual(try FirstGreater(recorder: recorder, threshold: 20).get(), 30)
        XCTAssertEqual(try wait(for: FirstGreater(recorder: recorder, threshold: 20), timeout: longTimeout), 30)
        XCTAssertThrowsError(try FirstGreater(recorder: [1].publisher.record(), threshold: 20).get()) { error in
            XCTAssertEqual(error as? RecordingError, .notEnoughElements)
        }
    }

    func testATimeoutNamesTheCustomExpectation() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let waitLine = #line + 1
        let (failures, result) = captureFailures { try wait(for: FirstGreater(recorder: recorder, threshold: 20), timeout: shortTimeout) }
        assertFailures(failures, [waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.firstGreater(20), which waits for an element above 20. Recorded so far: no element, not completed."], at: waitLine)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testTheAsyncAndVirtualWaits() async throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(3)
        subject.send(40)
        let first = try await wait(for: FirstGreater(recorder: recorder, threshold: 20), timeout: longTimeout)
        XCTAssertEqual(first, 40)
        let scheduler = DispatchQueue.virtualScheduler()
        let delayed = [1, 50].publisher.delay(for: .seconds(2), scheduler: scheduler).record()
        let virtual = try await scheduler.wait(for: FirstGreater(recorder: delayed, threshold: 20), timeout: .seconds(5))
        XCTAssertEqual(virtual, 50)
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
    }

    func testAPlanWaitingLikeAnotherExpectation() throws {
        struct ElementCount: PublisherExpectation {
            let recorder: Recorder<String, Never>
            func get() throws -> Int { try recorder.elements.get().count }
            func makeWaitPlan() -> WaitPlan<Int> { WaitPlan(waitingLike: recorder.elements, name: "elementCount") { $0.count } }
        }
        let recorder = ["a", "b"].publisher.record()
        XCTAssertEqual(try wait(for: ElementCount(recorder: recorder), timeout: longTimeout), 2)
        let open = PassthroughSubject<String, Never>().record()
        let (failures, _) = captureFailures { try wait(for: ElementCount(recorder: open), timeout: shortTimeout) }
        XCTAssertTrue(failures.first?.message.contains("with unfulfilled expectations: recorder.elementCount, which waits for the publisher to complete") == true, "\(failures)")
    }

    func testTheInvertedTypesAreSpelledAsInCombineExpectations() throws {
        let recorder = PassthroughSubject<Int, Never>().record()
        let finished: PublisherExpectations.Inverted<PublisherExpectations.Finished<Int, Never>> = recorder.finished.inverted
        let next: PublisherExpectations.Inverted<PublisherExpectations.NextOne<Int, Never>> = recorder.next().inverted
        let prefix: PublisherExpectations.Inverted<PublisherExpectations.Prefix<Int, Never>> = recorder.prefix(2).inverted
        try finished.get()
        try next.get()
        XCTAssertEqual(try prefix.get(), [])
        let mapped: PublisherExpectations.Map<PublisherExpectations.Elements<Int, Never>, Int> = recorder.elements.map(\.count)
        XCTAssertThrowsError(try mapped.get())
    }
}
