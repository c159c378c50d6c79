import CombineProbe
import XCTest

/// Every documented example of the publisher expectations, successes and
/// failures, with the failures and errors each one must produce.
///
/// A failing example is run inside `captureFailures`, on the same line as the
/// `let line = #line` that the recorded failures must point at.
final class DocumentedBehaviourTests: FailureCapturingTestCase {
    // MARK: - availableElements

    func testTimerPublishesIncreasingDates() throws {
        let publisher = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        let recorder = publisher.record()
        let dates = try wait(for: recorder.availableElements, timeout: 0.2)
        XCTAssertFalse(dates.isEmpty, "the main run loop ran while waiting")
        XCTAssertEqual(dates.sorted(), dates)
    }

    func testAvailableElementsReturnsEarlyOnCompletion() throws {
        let recorder = ["foo", "bar"].publisher.record()
        let start = Date()
        XCTAssertEqual(try wait(for: recorder.availableElements, timeout: longTimeout), ["foo", "bar"])
        XCTAssertLessThan(Date().timeIntervalSince(start), longTimeout / 2)
    }

    func testAvailableElementsDoesNotFailOnTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        let (failures, result) = captureFailures { try wait(for: recorder.availableElements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        XCTAssertEqual(assertSucceeds(result), ["foo"])
    }

    func testAvailableElementsError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.availableElements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
        XCTAssertThrowsError(try recorder.availableElements.get()) { XCTAssertEqual($0 as? MyError, MyError()) }
    }

    // MARK: - completion

    func testArrayPublisherCompletesWithSuccess() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let completion = try wait(for: recorder.completion, timeout: longTimeout)
        if case let .failure(error) = completion {
            XCTFail("Unexpected error \(error)")
        }
    }

    func testArrayPublisherSynchronouslyCompletesWithSuccess() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let completion = try recorder.completion.get()
        if case let .failure(error) = completion {
            XCTFail("Unexpected error \(error)")
        }
    }

    func testCompletionTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.completion, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    // MARK: - elements

    func testArrayPublisherPublishesArrayElements() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let elements = try wait(for: recorder.elements, timeout: longTimeout)
        XCTAssertEqual(elements, ["foo", "bar", "baz"])
    }

    func testArrayPublisherSynchronouslyPublishesArrayElements() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let elements = try recorder.elements.get()
        XCTAssertEqual(elements, ["foo", "bar", "baz"])
    }

    func testElementsTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    func testElementsError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.elements, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    // MARK: - finished

    func testArrayPublisherFinishesWithoutError() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        try wait(for: recorder.finished, timeout: longTimeout)
    }

    func testArrayPublisherSynchronouslyFinishesWithoutError() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        try recorder.finished.get()
    }

    func testFinishedTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.finished, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertSucceeds(result)
    }

    func testFinishedError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.finished, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    func testPassthroughSubjectDoesNotFinish() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        try wait(for: recorder.finished.inverted, timeout: shortTimeout)
    }

    func testInvertedFinishedError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.finished.inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Fulfilled inverted expectation"], at: line)
        assertThrows(result, MyError())
    }

    // MARK: - last

    func testArrayPublisherPublishesLastElementLast() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        if let element = try wait(for: recorder.last, timeout: longTimeout) {
            XCTAssertEqual(element, "baz")
        } else {
            XCTFail("Expected one element")
        }
    }

    func testArrayPublisherSynchronouslyPublishesLastElementLast() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        if let element = try recorder.last.get() {
            XCTAssertEqual(element, "baz")
        } else {
            XCTFail("Expected one element")
        }
    }

    func testLastIsNilForEmptyPublisher() throws {
        let recorder = Empty<String, Never>().record()
        XCTAssertNil(try recorder.last.get())
    }

    func testLastTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.last, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    func testLastError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.last, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    // MARK: - next()

    func testArrayOfTwoElementsPublishesElementsInOrder() throws {
        let publisher = ["foo", "bar"].publisher
        let recorder = publisher.record()

        var element = try wait(for: recorder.next(), timeout: longTimeout)
        XCTAssertEqual(element, "foo")

        element = try wait(for: recorder.next(), timeout: longTimeout)
        XCTAssertEqual(element, "bar")
    }

    func testArrayOfTwoElementsSynchronouslyPublishesElementsInOrder() throws {
        let publisher = ["foo", "bar"].publisher
        let recorder = publisher.record()

        var element = try recorder.next().get()
        XCTAssertEqual(element, "foo")

        element = try recorder.next().get()
        XCTAssertEqual(element, "bar")
    }

    func testNextTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testNextError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    func testNextNotEnoughElementsError() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testPassthroughSubjectDoesNotPublishAnyElement() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        try wait(for: recorder.next().inverted, timeout: shortTimeout)
    }

    func testInvertedNextTooEarly() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        let (failures, result) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Fulfilled inverted expectation"], at: line)
        assertSucceeds(result)
    }

    func testInvertedNextError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.next().inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Fulfilled inverted expectation"], at: line)
        assertThrows(result, MyError())
    }

    // MARK: - next(count)

    func testArrayOfThreeElementsPublishesTwoThenOneElement() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()

        var elements = try wait(for: recorder.next(2), timeout: longTimeout)
        XCTAssertEqual(elements, ["foo", "bar"])

        elements = try wait(for: recorder.next(1), timeout: longTimeout)
        XCTAssertEqual(elements, ["baz"])
    }

    func testArrayOfThreeElementsSynchronouslyPublishesTwoThenOneElement() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()

        var elements = try recorder.next(2).get()
        XCTAssertEqual(elements, ["foo", "bar"])

        elements = try recorder.next(1).get()
        XCTAssertEqual(elements, ["baz"])
    }

    func testNextCountTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        let (failures, result) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testNextCountError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    func testNextCountNotEnoughElementsError() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.next(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    // MARK: - prefix(maxLength)

    func testArrayOfThreeElementsPublishesTwoFirstElementsWithoutError() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let elements = try wait(for: recorder.prefix(2), timeout: longTimeout)
        XCTAssertEqual(elements, ["foo", "bar"])
    }

    func testArrayOfThreeElementsSynchronouslyPublishesTwoFirstElementsWithoutError() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let elements = try recorder.prefix(2).get()
        XCTAssertEqual(elements, ["foo", "bar"])
    }

    func testPrefixTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(2), timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        XCTAssertEqual(assertSucceeds(result), ["foo"])
    }

    func testPrefixError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(2), timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    func testPassthroughSubjectPublishesNoMoreThanSentValues() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send("bar")
        let elements = try wait(for: recorder.prefix(3).inverted, timeout: shortTimeout)
        XCTAssertEqual(elements, ["foo", "bar"])
    }

    func testInvertedPrefixTooEarly() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send("bar")
        publisher.send("baz")
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(3).inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Fulfilled inverted expectation"], at: line)
        XCTAssertEqual(assertSucceeds(result), ["foo", "bar", "baz"])
    }

    func testInvertedPrefixError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.prefix(3).inverted, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Fulfilled inverted expectation"], at: line)
        assertThrows(result, MyError())
    }

    // MARK: - recording

    func testArrayPublisherRecording() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let recording = try wait(for: recorder.recording, timeout: longTimeout)
        XCTAssertEqual(recording.output, ["foo", "bar", "baz"])
        if case let .failure(error) = recording.completion {
            XCTFail("Unexpected error \(error)")
        }
    }

    func testArrayPublisherSynchronousRecording() throws {
        let publisher = ["foo", "bar", "baz"].publisher
        let recorder = publisher.record()
        let recording = try recorder.recording.get()
        XCTAssertEqual(recording.output, ["foo", "bar", "baz"])
        if case let .failure(error) = recording.completion {
            XCTFail("Unexpected error \(error)")
        }
    }

    func testRecordingTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.recording, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    // MARK: - single

    func testJustPublishesExactlyOneElement() throws {
        let publisher = Just("foo")
        let recorder = publisher.record()
        let element = try wait(for: recorder.single, timeout: longTimeout)
        XCTAssertEqual(element, "foo")
    }

    func testJustSynchronouslyPublishesExactlyOneElement() throws {
        let publisher = Just("foo")
        let recorder = publisher.record()
        let element = try recorder.single.get()
        XCTAssertEqual(element, "foo")
    }

    func testSingleTimeout() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        assertThrows(result, RecordingError.notCompleted)
    }

    func testSingleError() {
        let publisher = PassthroughSubject<String, MyError>()
        let recorder = publisher.record()
        publisher.send(completion: .failure(MyError()))
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, MyError())
    }

    func testSingleTooManyElementsError() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send("foo")
        publisher.send("bar")
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.tooManyElements)
    }

    func testSingleNotEnoughElementsError() {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()
        publisher.send(completion: .finished)
        let (failures, result) = captureFailures { try wait(for: recorder.single, timeout: shortTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        assertThrows(result, RecordingError.notEnoughElements)
    }

    // MARK: - Waiting several times

    func testWaitMultipleTimes() throws {
        let publisher = ["foo", "bar"].publisher
        let recorder = publisher.record()
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "foo")
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "bar")
        try wait(for: recorder.finished, timeout: longTimeout)
    }

    func testPassthroughSubjectSynchronouslyPublishesElements() throws {
        let publisher = PassthroughSubject<String, Never>()
        let recorder = publisher.record()

        publisher.send("foo")
        try XCTAssertEqual(recorder.next().get(), "foo")

        publisher.send("bar")
        try XCTAssertEqual(recorder.next().get(), "bar")
    }
}
