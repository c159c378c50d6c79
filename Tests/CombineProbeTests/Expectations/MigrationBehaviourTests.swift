import CombineProbe
import XCTest

/// The differences from CombineExpectations that the migration guide lists,
/// and the type names that code written for it still compiles with.
final class MigrationBehaviourTests: FailureCapturingTestCase {
    func testATimedOutFinishedWaitConsumesNothing() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.finished, timeout: shortTimeout) }
        assertFailures(failures, [
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.finished, "
                + "which waits for the publisher to finish. Recorded so far: 1 element [1], not completed.",
        ], at: line)
        assertSucceeds(result)
        XCTAssertEqual(try recorder.next().get(), 1)
    }

    func testAFailingInvertedWaitConsumesNothing() throws {
        let recorder = [1, 2].publisher.record()
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.finished.inverted, timeout: shortTimeout) }
        assertFailures(failures, [
            invertedFulfilled + " \(invertedName("recorder.finished.inverted")), which expects the publisher not to complete. "
                + "Recorded: 2 elements [1, 2], then finished.",
        ], at: line)
        assertSucceeds(result)
        XCTAssertEqual(try recorder.next().get(), 1)
    }

    /// Issue 34, item 15: an inverted `get()` throws what its base's read
    /// throws, and `invertedExpectationFulfilled` when that read has its
    /// value, even if the publisher failed after it: the failure did not
    /// come first. (CombineExpectations returns that value.)
    func testAnInvertedGetAfterAFailureThrowsWhatItsBaseReads() throws {
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(completion: .failure(TestFailure()))
        XCTAssertEqual(try recorder.next().get(), 1, "next() reads the element before the failure")
        XCTAssertThrowsError(try recorder.next().get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }

        let other = PassthroughSubject<Int, TestFailure>()
        let invertedRecorder = other.record()
        other.send(1)
        other.send(completion: .failure(TestFailure()))
        XCTAssertThrowsError(try invertedRecorder.next().inverted.get()) {
            XCTAssertEqual($0 as? RecordingError, .invertedExpectationFulfilled)
        }
        XCTAssertThrowsError(try invertedRecorder.prefix(1).inverted.get()) {
            XCTAssertEqual($0 as? RecordingError, .invertedExpectationFulfilled)
        }
        XCTAssertThrowsError(try invertedRecorder.next(where: { $0 == 1 }).inverted.get()) {
            XCTAssertEqual($0 as? RecordingError, .invertedExpectationFulfilled)
        }
        // The failure came before what the base reads: its error.
        XCTAssertThrowsError(try invertedRecorder.prefix(2).inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
        XCTAssertThrowsError(try invertedRecorder.next(where: { $0 > 1 }).inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
        XCTAssertThrowsError(try invertedRecorder.finished.inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
        XCTAssertEqual(try invertedRecorder.next().get(), 1, "the inverted reads consumed nothing")
        XCTAssertThrowsError(try invertedRecorder.next().inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
    }

    func testTheCombineExpectationsTypeNames() throws {
        let recorder = [1].publisher.record()
        let elements: PublisherExpectations.Elements<Int, Never> = recorder.elements
        let completion: PublisherExpectations.Completion<Int, Never> = recorder.completion
        let last: PublisherExpectations.Last<Int, Never> = recorder.last
        let single: PublisherExpectations.Single<Int, Never> = recorder.single
        let recording: PublisherExpectations.Recording<Int, Never> = recorder.recording
        let inverted: PublisherExpectations.Inverted<PublisherExpectations.Finished<Int, Never>> = recorder.finished.inverted
        let mapped: PublisherExpectations.Map<PublisherExpectations.Elements<Int, Never>, [Int]> = recorder.elements.map { $0 }
        XCTAssertEqual(try elements.get(), [1])
        XCTAssertEqual(try completion.get(), .finished)
        XCTAssertEqual(try last.get(), 1)
        XCTAssertEqual(try single.get(), 1)
        XCTAssertEqual(try recording.get().output, [1])
        XCTAssertThrowsError(try inverted.get())
        XCTAssertEqual(try mapped.get(), [1])
    }
}
