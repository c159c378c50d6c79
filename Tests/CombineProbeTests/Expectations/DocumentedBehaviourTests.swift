import CombineProbe
import XCTest

/// Every documented example of the publisher expectations, successes and
/// failures, with the failures and errors each one must produce.
///
/// A failing example is run inside `captureFailures`, on the same line as the
/// `let line = #line` that the recorded failures must point at.
final class DocumentedBehaviourTests: FailureCapturingTestCase {
    // MARK: - availableElements

    func test_availableElements_mainRunLoopTimer_collectsDatesInOrder() throws {
        let publisher = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        let recorder = publisher.record()
        let dates = try wait(for: recorder.availableElements, timeout: 0.2)
        XCTAssertFalse(dates.isEmpty, "the main run loop ran while waiting")
        XCTAssertEqual(dates.sorted(), dates)
    }

    func test_availableElements_completedPublisher_returnsBeforeTimeout() throws {
        let recorder = ["red", "green"].publisher.record()
        let start = Date()
        XCTAssertEqual(try wait(for: recorder.availableElements, timeout: longTimeout), ["red", "green"])
        XCTAssertLessThan(Date().timeIntervalSince(start), longTimeout / 2)
    }

    func test_availableElements_timeout_isNotAFailure() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        let (failures, result) = captureFailures { try wait(for: recorder.availableElements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        XCTAssertEqual(assertSucceeds(result), ["red"])
    }

    func test_availableElements_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.availableElements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
        XCTAssertThrowsError(try recorder.availableElements.get()) { XCTAssertEqual($0 as? TestFailure, TestFailure()) }
    }

    // MARK: - completion

    func test_completion_waited_finishedSequence() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let completion = try wait(for: recorder.completion, timeout: longTimeout)
        if case let .failure(error) = completion {
            XCTFail("the sequence should finish, not fail with \(error)")
        }
    }

    func test_completion_get_finishedSequence() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let completion = try recorder.completion.get()
        if case let .failure(error) = completion {
            XCTFail("the sequence should finish, not fail with \(error)")
        }
    }

    func test_completion_timeout_failsAndThrowsNotCompleted() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.completion, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    // MARK: - elements

    func test_elements_waited_allValues() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let elements = try wait(for: recorder.elements, timeout: longTimeout)
        XCTAssertEqual(elements, ["red", "green", "blue"])
    }

    func test_elements_get_allValues() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let elements = try recorder.elements.get()
        XCTAssertEqual(elements, ["red", "green", "blue"])
    }

    func test_elements_timeout_failsAndThrowsNotCompleted() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    func test_elements_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    // MARK: - finished

    func test_finished_waited_succeeds() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        try wait(for: recorder.finished, timeout: longTimeout)
    }

    func test_finished_get_succeeds() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        try recorder.finished.get()
    }

    func test_finished_timeout_failsWithoutThrowing() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.finished, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertSucceeds(result)
    }

    func test_finished_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.finished, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    func test_finishedInverted_silentSubject_succeeds() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        try wait(for: recorder.finished.inverted, timeout: shortTimeout)
    }

    func test_finishedInverted_failure_failsAndThrows() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.finished.inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled], at: line)
        assertThrows(result, TestFailure())
    }

    // MARK: - last

    func test_last_waited_lastValue() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        if let element = try wait(for: recorder.last, timeout: longTimeout) {
            XCTAssertEqual(element, "blue")
        } else {
            XCTFail("an array publisher has a last value")
        }
    }

    func test_last_get_lastValue() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        if let element = try recorder.last.get() {
            XCTAssertEqual(element, "blue")
        } else {
            XCTFail("an array publisher has a last value")
        }
    }

    func test_last_emptyPublisher_isNil() throws {
        let recorder = Empty<String, Never>().record()
        XCTAssertNil(try recorder.last.get())
    }

    func test_last_timeout_failsAndThrowsNotCompleted() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.last, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    func test_last_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.last, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    // MARK: - next()

    func test_next_waited_successiveValues() throws {
        let publisher = ["red", "green"].publisher
        let recorder = publisher.record()

        var element = try wait(for: recorder.next(), timeout: longTimeout)
        XCTAssertEqual(element, "red")

        element = try wait(for: recorder.next(), timeout: longTimeout)
        XCTAssertEqual(element, "green")
    }

    func test_next_get_successiveValues() throws {
        let publisher = ["red", "green"].publisher
        let recorder = publisher.record()

        var element = try recorder.next().get()
        XCTAssertEqual(element, "red")

        element = try recorder.next().get()
        XCTAssertEqual(element, "green")
    }

    func test_next_timeout_failsAndThrowsNotEnoughElements() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func test_next_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    func test_next_finishedWithoutValue_throwsNotEnoughElements() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func test_nextInverted_silentSubject_succeeds() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        try wait(for: recorder.next().inverted, timeout: shortTimeout)
    }

    func test_nextInverted_valueAlreadySent_fails() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        let (failures, result) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled], at: line)
        assertSucceeds(result)
    }

    func test_nextInverted_failure_failsAndThrows() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled], at: line)
        assertThrows(result, TestFailure())
    }

    // MARK: - next(count)

    func test_nextCount_waited_successiveBatches() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()

        var elements = try wait(for: recorder.next(2), timeout: longTimeout)
        XCTAssertEqual(elements, ["red", "green"])

        elements = try wait(for: recorder.next(1), timeout: longTimeout)
        XCTAssertEqual(elements, ["blue"])
    }

    func test_nextCount_get_successiveBatches() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()

        var elements = try recorder.next(2).get()
        XCTAssertEqual(elements, ["red", "green"])

        elements = try recorder.next(1).get()
        XCTAssertEqual(elements, ["blue"])
    }

    func test_nextCount_timeout_failsAndThrowsNotEnoughElements() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        let (failures, result) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func test_nextCount_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    func test_nextCount_finishedEarly_throwsNotEnoughElements() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    // MARK: - prefix(maxLength)

    func test_prefix_waited_firstValues() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let elements = try wait(for: recorder.prefix(2), timeout: longTimeout)
        XCTAssertEqual(elements, ["red", "green"])
    }

    func test_prefix_get_firstValues() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let elements = try recorder.prefix(2).get()
        XCTAssertEqual(elements, ["red", "green"])
    }

    func test_prefix_timeout_failsAndReturnsWhatArrived() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(2), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        XCTAssertEqual(assertSucceeds(result), ["red"])
    }

    func test_prefix_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    func test_prefixInverted_fewerValues_returnsThem() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send("green")
        let elements = try wait(for: recorder.prefix(3).inverted, timeout: shortTimeout)
        XCTAssertEqual(elements, ["red", "green"])
    }

    func test_prefixInverted_enoughValues_fails() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send("green")
        publisher.send("blue")
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(3).inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled], at: line)
        XCTAssertEqual(assertSucceeds(result), ["red", "green", "blue"])
    }

    func test_prefixInverted_failure_failsAndThrows() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(3).inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, [invertedFulfilled], at: line)
        assertThrows(result, TestFailure())
    }

    // MARK: - recording

    func test_recording_waited_valuesAndCompletion() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let recording = try wait(for: recorder.recording, timeout: longTimeout)
        XCTAssertEqual(recording.output, ["red", "green", "blue"])
        if case let .failure(error) = recording.completion {
            XCTFail("the sequence should finish, not fail with \(error)")
        }
    }

    func test_recording_get_valuesAndCompletion() throws {
        let publisher = ["red", "green", "blue"].publisher
        let recorder = publisher.record()
        let recording = try recorder.recording.get()
        XCTAssertEqual(recording.output, ["red", "green", "blue"])
        if case let .failure(error) = recording.completion {
            XCTFail("the sequence should finish, not fail with \(error)")
        }
    }

    func test_recording_timeout_failsAndThrowsNotCompleted() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.recording, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    // MARK: - single

    func test_single_waited_onlyValue() throws {
        let publisher = Just("red")
        let recorder = publisher.record()
        let element = try wait(for: recorder.single, timeout: longTimeout)
        XCTAssertEqual(element, "red")
    }

    func test_single_get_onlyValue() throws {
        let publisher = Just("red")
        let recorder = publisher.record()
        let element = try recorder.single.get()
        XCTAssertEqual(element, "red")
    }

    func test_single_timeout_failsAndThrowsNotCompleted() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    func test_single_failure_throwsPublisherError() {
        let publisher = PassthroughSubject<String, TestFailure>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(TestFailure()))
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, TestFailure())
    }

    func test_single_twoValues_throwsTooManyElements() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("red")
        publisher.send("green")
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.tooManyElements)
    }

    func test_single_noValue_throwsNotEnoughElements() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    // MARK: - Waiting several times

    func test_wait_severalTimesOnOneRecorder() throws {
        let publisher = ["red", "green"].publisher
        let recorder = publisher.record()
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "red")
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "green")
        try wait(for: recorder.finished, timeout: longTimeout)
    }

    func test_get_interleavedWithSends() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()

        publisher.send("red")
        try XCTAssertEqual(recorder.next().get(), "red")

        publisher.send("green")
        try XCTAssertEqual(recorder.next().get(), "green")
    }
}
