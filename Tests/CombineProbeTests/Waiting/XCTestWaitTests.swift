import CombineProbe
import Foundation
import XCTest

final class XCTestWaitTests: FailureCapturingTestCase {
    /// A serial queue: `delay` on a concurrent queue may reorder events, and
    /// deliver the completion before the values.
    let backgroundQueue = DispatchQueue(label: "XCTestWaitTests")

    func testValuesDeliveredOnTheMainQueueArriveWhileWaiting() throws {
        let recorder = Just("red").receive(on: DispatchQueue.main).record()
        XCTAssertThrowsError(try recorder.elements.get(), "not delivered yet: the main queue is busy running this test")
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), ["red"])
    }

    func testValuesDeliveredOnTheMainRunLoopArriveWhileWaiting() throws {
        let recorder = [1, 2].publisher.receive(on: RunLoop.main).record()
        XCTAssertEqual(try wait(for: recorder.next(2), timeout: longTimeout), [1, 2])
    }

    func testABlockingWaitOffTheMainThreadSleepsUntilTheEvent() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let box = UncheckedBox((self, recorder))
        let received = LockedValue<[Int]>([])
        let waiting = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            waiting.signal()
            received.value = (try? box.value.0.wait(for: box.value.1.next(2), timeout: 10)) ?? []
            done.signal()
        }
        waiting.wait()
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(received.value, [1, 2])
    }

    func testAnInvertedBlockingWaitOffTheMainThread() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let box = UncheckedBox((self, recorder))
        let start = Date()
        onAnotherThread { try? box.value.0.wait(for: box.value.1.finished.inverted, timeout: 0.1) }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.09)
    }

    func testValuesFromABackgroundQueue() throws {
        let recorder = (1...3).publisher
            .delay(for: .milliseconds(20), scheduler: backgroundQueue)
            .record()
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), 1)
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [1, 2, 3])
    }

    func testWaitReturnsAtOnceWhenAlreadyFulfilled() throws {
        let recorder = ["red"].publisher.record()
        let start = Date()
        XCTAssertEqual(try wait(for: recorder.single, timeout: 30), "red")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testWaitReturnsAsSoonAsTheEventArrives() throws {
        let recorder = Just(1)
            .delay(for: .milliseconds(10), scheduler: backgroundQueue)
            .record()
        let start = Date()
        XCTAssertEqual(try wait(for: recorder.next(), timeout: 30), 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testInvertedWaitSucceedsAfterTheTimeout() throws {
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = publisher.record()
        publisher.send(1)
        _ = try recorder.next().get()
        let (failures, result) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertSucceeds(result)
    }

    func testInvertedWaitFailsWhenAnElementArrivesDuringTheWait() {
        let recorder = Just(1)
            .delay(for: .milliseconds(10), scheduler: backgroundQueue)
            .record()
        let (failures, result) = captureFailures { try wait(for: recorder.next().inverted, timeout: longTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled + " \(invertedName("recorder.next().inverted"))"], at: line)
        assertSucceeds(result)
    }

    func testTimeoutMessageShowsWhatWasRecorded() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        let (failures, _) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }
        XCTAssertEqual(
            failures.first?.message,
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.next(2), "
                + #"which waits for 2 more elements. Recorded so far: 1 element ["red"], not completed."#)
    }

    func testTimerOnTheMainRunLoop() throws {
        let recorder = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect().record()
        let dates = try wait(for: recorder.next(3), timeout: longTimeout)
        XCTAssertEqual(dates.count, 3)
        XCTAssertEqual(dates.sorted(), dates)
    }
}

/// Moves a value into a closure that runs on another thread, in tests.
// @unchecked Sendable: the box has no mutable state of its own (`let value`); tests use it only
// for values that lock their own state (subjects, recorders, mocks, clients).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
