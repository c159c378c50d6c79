import CombineProbe
import Foundation
import XCTest

/// The one consumption rule of Documentation/Expectations/README.md, each
/// clause checked: the `next()` cursor moves past what a read hands out, and
/// past everything once a read has seen the completion.
final class ConsumptionTests: FailureCapturingTestCase {
    private func open(_ values: [Int]) -> (PassthroughSubject<Int, TestFailure>, Recorder<Int, TestFailure>) {
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = subject.record()
        values.forEach { subject.send($0) }
        return (subject, recorder)
    }

    private func finished(_ values: [Int]) -> Recorder<Int, TestFailure> {
        let (subject, recorder) = open(values)
        subject.send(completion: .finished)
        return recorder
    }

    func testNextConsumesWhatItReturns() throws {
        let (_, recorder) = open([1, 2, 3])
        XCTAssertEqual(try recorder.next().get(), 1)
        XCTAssertEqual(try recorder.next(1).get(), [2])
        XCTAssertEqual(try recorder.next().get(), 3)
    }

    func testPrefixMovesTheCursorPastItsElements() throws {
        let (_, recorder) = open([1, 2, 3])
        XCTAssertEqual(try recorder.prefix(2).get(), [1, 2])
        XCTAssertEqual(try recorder.next().get(), 3)
        XCTAssertEqual(try recorder.prefix(1).get(), [1], "prefix counts from the subscription")
        XCTAssertThrowsError(try recorder.next().get(), "and never moves the cursor back")
    }

    func testAvailableElementsConsumesWhatItReturns() throws {
        let (subject, recorder) = open([1, 2])
        XCTAssertEqual(try recorder.availableElements.get(), [1, 2])
        subject.send(3)
        XCTAssertEqual(try recorder.next().get(), 3)
    }

    func testCompletionReadersConsumeEverythingOnceCompleted() throws {
        let readers: [(String, (Recorder<Int, TestFailure>) throws -> Void)] = [
            ("elements", { _ = try $0.elements.get() }),
            ("last", { _ = try $0.last.get() }),
            ("recording", { _ = try $0.recording.get() }),
            ("completion", { _ = try $0.completion.get() }),
            ("finished", { try $0.finished.get() }),
            ("single, throwing tooManyElements", { _ = try? $0.single.get() }),
        ]
        for (name, read) in readers {
            let recorder = finished([1, 2])
            try read(recorder)
            XCTAssertThrowsError(try recorder.next().get(), "\(name) consumed everything") { error in
                XCTAssertEqual(error as? RecordingError, .notEnoughElements)
            }
        }
    }

    func testAReaderThatThrowsThePublisherErrorConsumesEverythingToo() {
        let (subject, recorder) = open([1])
        subject.send(completion: .failure(TestFailure()))
        XCTAssertThrowsError(try recorder.elements.get())
        XCTAssertThrowsError(try recorder.next().get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
    }

    func testAReadThatThrowsBecauseTheEventsAreNotThereYetConsumesNothing() throws {
        let (_, recorder) = open([1, 2])
        XCTAssertThrowsError(try recorder.finished.get())
        XCTAssertThrowsError(try recorder.elements.get())
        XCTAssertThrowsError(try recorder.prefix(3).get())
        XCTAssertThrowsError(try recorder.next(3).get())
        XCTAssertEqual(try recorder.next(2).get(), [1, 2])
    }

    func testInvertedReads() throws {
        let (_, recorder) = open([1])
        try recorder.finished.inverted.get()
        XCTAssertThrowsError(try recorder.next().inverted.get(), "fulfilled: throws, consumes nothing")
        XCTAssertEqual(try recorder.next().get(), 1)
        let (_, other) = open([1, 2])
        XCTAssertEqual(try other.prefix(3).inverted.get(), [1, 2], "returns, and consumes, the elements")
        XCTAssertThrowsError(try other.next().get())
    }

    func testInspectingConsumesNothing() throws {
        let recorder = finished([1, 2])
        _ = recorder.events
        _ = recorder.elementsAndCompletion
        _ = recorder.timeline
        XCTAssertEqual(try recorder.next(2).get(), [1, 2])
    }

    /// The exception to "a wait consumes as `get()` does" (issue 29, item
    /// 18): a `prefix(n)` wait that times out returns, and consumes, the
    /// elements recorded by then, as CombineExpectations does; `get()`
    /// throws and consumes nothing.
    func testATimedOutPrefixWaitConsumesWhatItReturnsWhereGetConsumesNothing() throws {
        let (subject, recorder) = open([1, 2])
        XCTAssertThrowsError(try recorder.prefix(3).get()) { XCTAssertEqual($0 as? RecordingError, .notEnoughElements) }
        XCTAssertEqual(try recorder.next().get(), 1, "get() consumed nothing")
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(3), timeout: shortTimeout) }
        assertFailures(failures, [
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.prefix(3), "
                + "which waits for 3 elements, or the publisher to complete. Recorded so far: ",
        ], at: line)
        XCTAssertEqual(try result.get(), [1, 2], "the timed-out wait returns what it has")
        XCTAssertThrowsError(try recorder.next().get(), "the timed-out wait consumed it") {
            XCTAssertEqual($0 as? RecordingError, .notEnoughElements)
        }
        subject.send(3)
        XCTAssertEqual(try recorder.next().get(), 3)
    }

    func testWaitsConsumeAsGetDoes() throws {
        let recorder = finished([1, 2, 3])
        XCTAssertEqual(try wait(for: recorder.next(), timeout: 5), 1)
        try wait(for: recorder.finished, timeout: 5)
        XCTAssertThrowsError(try recorder.next().get())
    }
}
