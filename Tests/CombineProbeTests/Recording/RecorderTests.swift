import CombineProbe
import Foundation
import XCTest

final class RecorderTests: FailureCapturingTestCase {
    // MARK: - Recording

    func testRecordsValuesAndCompletion() {
        let publisher = PassthroughSubject<Int, TestFailure>()
        let recorder = publisher.record()
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(recorder.elementsAndCompletion.elements, [1, 2])
        XCTAssertNil(recorder.elementsAndCompletion.completion)
        publisher.send(completion: .failure(TestFailure()))
        guard case .failure(TestFailure())? = recorder.elementsAndCompletion.completion else {
            return XCTFail("expected a failure completion")
        }
    }

    func testRequestsUnlimitedDemand() {
        var demands: [Subscribers.Demand] = []
        let recorder = Just(1).handleEvents(receiveRequest: { demands.append($0) }).record()
        XCTAssertEqual(demands, [.unlimited])
        XCTAssertEqual(try recorder.elements.get(), [1])
    }

    func testKeepsEventsAfterCancel() {
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = publisher.record()
        publisher.send(1)
        recorder.cancel()
        publisher.send(2)
        XCTAssertEqual(recorder.elementsAndCompletion.elements, [1])
        XCTAssertEqual(try recorder.availableElements.get(), [1])
    }

    // MARK: - Lifetime

    func testDroppingTheRecorderCancelsTheSubscription() {
        let publisher = PassthroughSubject<Int, Never>()
        let cancelled = Flag()
        var recorder: Recorder<Int, Never>? = publisher
            .handleEvents(receiveCancel: { cancelled.set() })
            .record()
        let weakRecorder = WeakReference(recorder)
        publisher.send(1)
        XCTAssertEqual(try recorder?.next().get(), 1)
        recorder = nil
        XCTAssertNil(weakRecorder.object, "the subscription does not retain the recorder")
        XCTAssertTrue(cancelled.value)
        publisher.send(2) // goes nowhere, and does not crash
    }

    func testRecorderOfACompletedPublisherIsReleased() {
        var recorder: Recorder<Int, Never>? = [1, 2].publisher.record()
        let weakRecorder = WeakReference(recorder)
        XCTAssertEqual(try recorder?.elements.get(), [1, 2])
        recorder = nil
        XCTAssertNil(weakRecorder.object)
    }

    // MARK: - Consumption

    func testNextConsumesInOrderAcrossNextAndNextCount() throws {
        let recorder = (1...6).publisher.record()
        XCTAssertEqual(try recorder.next().get(), 1)
        XCTAssertEqual(try recorder.next(2).get(), [2, 3])
        XCTAssertEqual(try recorder.next(0).get(), [])
        XCTAssertEqual(try recorder.next().get(), 4)
        XCTAssertEqual(try recorder.next(2).get(), [5, 6])
        XCTAssertThrowsError(try recorder.next().get()) { XCTAssertEqual($0 as? RecordingError, .notEnoughElements) }
    }

    func testPrefixCountsConsumedElementsAndMovesTheCursor() throws {
        let recorder = (1...5).publisher.record()
        XCTAssertEqual(try recorder.next().get(), 1)
        XCTAssertEqual(try recorder.prefix(3).get(), [1, 2, 3])
        XCTAssertEqual(try recorder.next().get(), 4)
        XCTAssertEqual(try recorder.prefix(2).get(), [1, 2])
        XCTAssertEqual(try recorder.next().get(), 5)
    }

    func testPrefixOfAShortFinishedPublisherReturnsEverything() throws {
        let recorder = [1, 2].publisher.record()
        XCTAssertEqual(try recorder.prefix(5).get(), [1, 2])
        XCTAssertThrowsError(try recorder.next().get())
    }

    func testCompletionExpectationsConsumeEverything() throws {
        let recorder = [1, 2, 3].publisher.record()
        XCTAssertEqual(try recorder.elements.get(), [1, 2, 3])
        XCTAssertThrowsError(try recorder.next().get()) { XCTAssertEqual($0 as? RecordingError, .notEnoughElements) }
        XCTAssertEqual(try recorder.last.get(), 3, "non-consuming reads still see everything")
    }

    func testAvailableElementsConsumesEverythingRecorded() throws {
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = publisher.record()
        publisher.send(1)
        publisher.send(2)
        XCTAssertEqual(try recorder.availableElements.get(), [1, 2])
        publisher.send(3)
        XCTAssertEqual(try recorder.next().get(), 3)
    }

    // MARK: - get() never waits

    func testGetThrowsWhenTheExpectationIsNotFulfilledYet() {
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = publisher.record()
        publisher.send(1)
        XCTAssertThrowsError(try recorder.finished.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        XCTAssertThrowsError(try recorder.completion.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        XCTAssertThrowsError(try recorder.elements.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        XCTAssertThrowsError(try recorder.recording.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        XCTAssertThrowsError(try recorder.last.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        XCTAssertThrowsError(try recorder.single.get()) { XCTAssertEqual($0 as? RecordingError, .notCompleted) }
        XCTAssertThrowsError(try recorder.prefix(2).get()) { XCTAssertEqual($0 as? RecordingError, .notEnoughElements) }
        XCTAssertThrowsError(try recorder.next(2).get()) { XCTAssertEqual($0 as? RecordingError, .notEnoughElements) }
        XCTAssertEqual(try recorder.next().get(), 1)
        XCTAssertThrowsError(try recorder.next().get()) { XCTAssertEqual($0 as? RecordingError, .notEnoughElements) }
    }

    func testInvertedGet() throws {
        let publisher = PassthroughSubject<Int, Never>()
        let recorder = publisher.record()
        try recorder.next().inverted.get()
        try recorder.finished.inverted.get()
        XCTAssertEqual(try recorder.prefix(2).inverted.get(), [])

        publisher.send(1)
        XCTAssertThrowsError(try recorder.next().inverted.get()) {
            XCTAssertEqual($0 as? RecordingError, .invertedExpectationFulfilled)
        }
        XCTAssertEqual(try recorder.next().get(), 1, "a failed inverted get() consumes nothing")
        XCTAssertEqual(try recorder.prefix(2).inverted.get(), [1])

        publisher.send(2)
        XCTAssertThrowsError(try recorder.prefix(2).inverted.get()) {
            XCTAssertEqual($0 as? RecordingError, .invertedExpectationFulfilled)
        }
        publisher.send(completion: .finished)
        XCTAssertThrowsError(try recorder.finished.inverted.get()) {
            XCTAssertEqual($0 as? RecordingError, .invertedExpectationFulfilled)
        }
    }

    func testInvertedGetThrowsThePublisherError() {
        let publisher = PassthroughSubject<Int, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        XCTAssertThrowsError(try recorder.finished.inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
        XCTAssertThrowsError(try recorder.next().inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
        XCTAssertThrowsError(try recorder.prefix(1).inverted.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
    }

    func testMap() throws {
        let recorder = ["red", "green"].publisher.record()
        XCTAssertEqual(try recorder.elements.map(\.count).get(), 2)
        XCTAssertEqual(try wait(for: recorder.elements.map { $0.joined() }, timeout: longTimeout), "redgreen")
    }

    // MARK: - Errors

    func testRecordingErrorsMatchLikeEnumCases() {
        let error: any Error = RecordingError(.notCompleted, context: "some context")
        switch error {
        case RecordingError.notEnoughElements: XCTFail("wrong kind")
        case RecordingError.notCompleted: break
        default: XCTFail("no match")
        }
        XCTAssertEqual(error as? RecordingError, .notCompleted)
        XCTAssertNotEqual(error as? RecordingError, .tooManyElements)
        XCTAssertEqual(Set([RecordingError.notCompleted, RecordingError(.notCompleted, context: "x")]).count, 1)
    }

    func testRecordingErrorsSayWhatWasExpectedAndRecorded() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        XCTAssertThrowsError(try recorder.elements.get()) { error in
            XCTAssertEqual(
                "\(error)",
                #"RecordingError.notCompleted: recorder.elements expected the publisher to complete; recorded 1 element ["red"], not completed."#)
            XCTAssertEqual((error as? LocalizedError)?.errorDescription, "\(error)")
        }
        XCTAssertThrowsError(try recorder.next(3).get()) { error in
            XCTAssertEqual(
                "\(error)",
                #"RecordingError.notEnoughElements: recorder.next(3) expected 3 more elements; recorded 1 element ["red"], not completed."#)
        }
        XCTAssertEqual("\(RecordingError.tooManyElements)", "RecordingError.tooManyElements")
    }

    func testLongRecordingsAreElidedInMessages() {
        let recorder = (1...25).publisher.record()
        XCTAssertThrowsError(try recorder.single.get()) { error in
            XCTAssertEqual(
                "\(error)",
                "RecordingError.tooManyElements: recorder.single expected the publisher to publish exactly one element, then finish; "
                    + "recorded 25 elements [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (15 more)] (all of them already read), then finished.")
        }
    }

    func testFailuresShowThePublisherError() {
        let publisher = PassthroughSubject<Int, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, _) = captureFailures { try wait(for: recorder.finished.inverted, timeout: shortTimeout) }
        XCTAssertEqual(
            failures.first?.message,
            invertedFulfilled + " \(invertedName("recorder.finished.inverted")), which expects the publisher not to complete. "
                + "Recorded: no element, then failed with TestFailure().")
    }

    func testDescriptionLabelsTheFailure() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let (failures, _) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout, description: "Numbers") }
        // XCTest's waiter quotes a description in double quotes on Apple
        // platforms, and not at all in corelibs-XCTest.
        #if canImport(ObjectiveC)
        let label = #""Numbers" (recorder.elements)"#
        #else
        let label = "Numbers (recorder.elements)"
        #endif
        XCTAssertEqual(
            failures.first?.message,
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: \(label), "
                + "which waits for the publisher to complete. Recorded so far: no element, not completed.")
    }

    // MARK: - Misuse

    func testSecondSubscriptionIsAFailureAtTheRecordLine() {
        let (failures, _) = captureFailures {
            let recorder = PassthroughSubject<Int, Never>().record(); let line = #line
            let other = PassthroughSubject<Int, Never>()
            other.subscribe(recorder)
            other.send(1)
            XCTAssertEqual(recorder.elementsAndCompletion.elements, [], "the second subscription was cancelled")
            return line
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.hasPrefix("Publisher recorder is already subscribed (recorder created at CombineProbeTests/RecorderTests.swift:") ?? false, "\(failures)")
        XCTAssertTrue(failures.first?.message.hasSuffix("a recorder records one publisher. The second subscription was cancelled.") ?? false, "\(failures)")
    }

    func testMisuseIsReportedAtTheLineOfRecord() {
        let publisher = PassthroughSubject<Int, Never>()
        var line = 0
        let (failures, _) = captureFailures {
            let recorder = publisher.record(); line = #line
            recorder.receive(completion: .finished)
            _ = recorder.receive(1)
            recorder.receive(completion: .finished)
            XCTAssertEqual(try recorder.elements.get(), [], "values after completion are not recorded")
        }
        assertFailures(failures, [
            "Publisher recorder got unexpected input after completion: 1 (recorder created at CombineProbeTests/RecorderTests.swift:\(line)): "
                + "the publisher completed (finished), and must not send after completion.",
            "Publisher recorder got unexpected completion after completion: finished (recorder created at",
        ], at: line)
        XCTAssertTrue(failures[1].message.contains("the publisher had completed (finished), and completes once"), failures[1].message)
    }

    func testValueBeforeSubscriptionIsReportedAndKept() {
        var line = 0
        let (failures, recorded) = captureFailures {
            let recorder = ValueBeforeSubscriptionPublisher().record(); line = #line
            return recorder.elementsAndCompletion.elements
        }
        assertFailures(failures, ["Publisher recorder got unexpected input before subscription: 1 (recorder created at"], at: line)
        XCTAssertTrue(failures.first?.message.hasSuffix("the value was recorded all the same.") ?? false)
        XCTAssertEqual(assertSucceeds(recorded), [1, 2])
    }

    func testNegativeCountsAreFailuresAtTheCallerLine() {
        let recorder = [1, 2].publisher.record()
        let (nextFailures, next) = captureFailures { try recorder.next(-1).get() }; let nextLine = #line
        assertFailures(nextFailures, ["recorder.next(-1): the count must not be negative; it was treated as 0."], at: nextLine)
        XCTAssertEqual(assertSucceeds(next), [])

        let (prefixFailures, prefix) = captureFailures { try recorder.prefix(-2).get() }; let prefixLine = #line
        assertFailures(prefixFailures, ["recorder.prefix(-2): the count must not be negative; it was treated as 0."], at: prefixLine)
        XCTAssertEqual(assertSucceeds(prefix), [])
        XCTAssertEqual(try recorder.next().get(), 1, "nothing was consumed")
    }

    // MARK: - Threads

    func testConcurrentSendersLoseNothingAndKeepPerThreadOrder() throws {
        let publisher = PassthroughSubject<(thread: Int, index: Int), Never>()
        let recorder = publisher.record()
        let sender = UncheckedBox(publisher)
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                sender.value.send((thread, index))
            }
        }
        publisher.send(completion: .finished)
        let elements = try recorder.elements.get()
        XCTAssertEqual(elements.count, threads * perThread)
        var nextIndex = [Int](repeating: 0, count: threads)
        for element in elements {
            XCTAssertEqual(element.index, nextIndex[element.thread], "per-thread order")
            nextIndex[element.thread] += 1
        }
        XCTAssertEqual(nextIndex, [Int](repeating: perThread, count: threads))
    }
}
