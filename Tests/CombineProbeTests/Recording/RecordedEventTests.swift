import CombineProbe
import Foundation
import Testing
import XCTest

enum Signal: Error, Equatable {
    case lost
}

final class RecordedEventTests: FailureCapturingTestCase {
    func testEventsListValuesThenCompletion() {
        let subject = PassthroughSubject<Int, Signal>()
        let recorder = subject.record()
        XCTAssertEqual(recorder.events, [])
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(recorder.events, [.value(1), .value(2)])
        subject.send(completion: .failure(.lost))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .failure(.lost)])
        XCTAssertEqual(try recorder.next().get(), 1)
        XCTAssertEqual(recorder.events.count, 3, "consumption does not change the history")
    }

    func testDescriptionsReadLikeTheTest() {
        XCTAssertEqual(RecordedEvent<Int, Signal>.value(1).description, "1")
        XCTAssertEqual(RecordedEvent<String, Signal>.value("red").description, #""red""#)
        XCTAssertEqual(RecordedEvent<Int, Signal>.finished.description, "finished")
        XCTAssertEqual(RecordedEvent<Int, Signal>.failure(.lost).description, "failure(Signal.lost)")
        XCTAssertEqual(RecordedEvent<Int, TestFailure>.failure(TestFailure()).description, "failure(TestFailure())")
        XCTAssertEqual("\([RecordedEvent<Int, Never>.value(1), .finished])", "[1, finished]")
    }

    func testAccessors() {
        XCTAssertEqual(RecordedEvent<Int, Never>.value(3).value, 3)
        XCTAssertNil(RecordedEvent<Int, Never>.finished.value)
        XCTAssertTrue(RecordedEvent<Int, Signal>.failure(.lost).isCompletion)
        XCTAssertFalse(RecordedEvent<Int, Signal>.value(1).isCompletion)
    }

    // MARK: - failure expectation

    func testFailureReturnsThePublisherError() throws {
        let recorder = Fail<Int, Signal>(error: .lost).record()
        XCTAssertEqual(try recorder.failure.get(), .lost)
        XCTAssertEqual(try wait(for: recorder.failure, timeout: longTimeout), .lost)
    }

    func testFailureOfAFinishedPublisherThrows() {
        let recorder = [1].publisher.setFailureType(to: Signal.self).record()
        XCTAssertThrowsError(try recorder.failure.get()) { error in
            XCTAssertEqual(error as? RecordingError, .finishedWithoutError)
            XCTAssertEqual("\(error)", "RecordingError.finishedWithoutError: recorder.failure expected the publisher to fail; recorded 1 element [1] (all of them already read), then finished.")
        }
    }

    func testFailureTimeout() {
        let recorder = PassthroughSubject<Int, Signal>().record()
        XCTAssertThrowsError(try recorder.failure.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        let (failures, result) = captureFailures { try wait(for: recorder.failure, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.failure, which waits for the publisher to fail."], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }
}

@Suite struct FailureExpectationSwiftTestingTests {
    @Test func awaitedFailure() async throws {
        let recorder = Fail<Int, Signal>(error: .lost)
            .delay(for: .milliseconds(5), scheduler: DispatchQueue(label: "failure"))
            .record()
        #expect(try await wait(for: recorder.failure, timeout: 10) == .lost)
    }

    @Test func finishedInsteadOfFailed() async {
        let recorder = Empty<Int, Signal>().record()
        await #expect(throws: RecordingError.finishedWithoutError) { try await wait(for: recorder.failure, timeout: 10) }
    }
}
