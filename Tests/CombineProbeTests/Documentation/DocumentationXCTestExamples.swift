import CombineProbe
import Foundation
import XCTest

/// The XCTest examples of README.md and Documentation/, verbatim. The failing
/// examples run inside `captureFailures`, and their documented failures and
/// errors are asserted after.
final class DocumentationXCTestExamples: FailureCapturingTestCase {
    // MARK: README

    func testTemperatureReadings() async throws {
        let readings = PassthroughSubject<Double, Never>()
        let recorder = readings.record()
        readings.send(19.5)
        readings.send(20.0)
        let firstTwo = try await wait(for: recorder.next(2), timeout: 1)
        XCTAssertEqual(firstTwo, [19.5, 20.0])
        try await wait(for: recorder.finished.inverted, timeout: 0.05)
    }

    func testDiceRollsAreRecorded() throws {
        let rolls = [6, 2, 5].publisher
        let recorder = rolls.record()
        XCTAssertEqual(try recorder.next().get(), 6)
        XCTAssertEqual(try recorder.next(2).get(), [2, 5])
        try recorder.finished.get()
    }

    func testRollsThenFinish() {
        let recorder = [6, 2].publisher.record()
        XCTAssertEqual(recorder.events, [.value(6), .value(2), .finished])
        XCTAssertRecordedEvents(recorder, [.value(6), .value(2), .finished])
    }

    // MARK: Getting started

    func testGreetingsArePublishedInOrder() throws {
        let greetings = ["hello", "bonjour", "hola"].publisher
        let recorder = greetings.record()
        let elements = try recorder.elements.get()
        XCTAssertEqual(elements, ["hello", "bonjour", "hola"])
    }

    func testDelayedCountdownFinishes() throws {
        let countdown = [3, 2, 1].publisher
            .delay(for: .milliseconds(10), scheduler: DispatchQueue(label: "countdown"))
        let recorder = countdown.record()
        let elements = try wait(for: recorder.elements, timeout: 5)
        XCTAssertEqual(elements, [3, 2, 1])
    }

    func testCounterStepsThroughValues() throws {
        let counter = CurrentValueSubject<Int, Never>(0)
        let recorder = counter.record()
        XCTAssertEqual(try recorder.next().get(), 0)
        counter.send(1)
        XCTAssertEqual(try recorder.next().get(), 1)
        counter.send(2)
        counter.send(3)
        XCTAssertEqual(try recorder.next(2).get(), [2, 3])
    }

    // MARK: availableElements

    func testTicksArriveInOrder() throws {
        let ticks = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        let recorder = ticks.record()
        let dates = try wait(for: recorder.availableElements, timeout: 0.1)
        XCTAssertEqual(dates, dates.sorted())
    }

    func testAvailableElementsReadsWhatIsThere() throws {
        let events = PassthroughSubject<String, Never>()
        let recorder = events.record()
        events.send("opened")
        events.send("scrolled")
        XCTAssertEqual(try recorder.availableElements.get(), ["opened", "scrolled"])
    }

    // MARK: completion

    func testLoginFailureIsReported() throws {
        let login = Fail<String, LoginError>(error: .wrongPassword)
        let recorder = login.record()
        let completion = try recorder.completion.get()
        XCTAssertEqual(completion, .failure(.wrongPassword))
    }

    func testCompletionGuideTimeout() {
        let (failures, result) = captureFailures {
            let events = PassthroughSubject<String, Never>()
            let recorder = events.record()
            _ = try wait(for: recorder.completion, timeout: 0.05)
            // ❌ Asynchronous wait failed: Exceeded timeout of 0.05 seconds, with unfulfilled expectations: recorder.completion, …
            // ❌ throws RecordingError.notCompleted
        }
        assertMessages(failures, [waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.completion, "])
        assertThrows(result, RecordingError.notCompleted)
    }

    // MARK: elements

    func testSearchReturnsAllMatches() throws {
        let matches = ["swift", "swiftly"].publisher
        let recorder = matches.record()
        let elements = try wait(for: recorder.elements, timeout: 1)
        XCTAssertEqual(elements, ["swift", "swiftly"])
    }

    func testElementsGuideFailure() {
        let (failures, result) = captureFailures {
            let download = PassthroughSubject<Int, DownloadError>()
            let recorder = download.record()
            download.send(10)
            download.send(completion: .failure(.offline))
            _ = try wait(for: recorder.elements, timeout: 1)
            // ❌ throws DownloadError.offline
        }
        assertMessages(failures, [])
        assertThrows(result, DownloadError.offline)
    }

    // MARK: finished

    func testSaveFinishes() throws {
        let save = Just(()).setFailureType(to: DownloadError.self)
        let recorder = save.record()
        try wait(for: recorder.finished, timeout: 1)
    }

    func testConnectionStaysOpen() throws {
        let connection = PassthroughSubject<String, DownloadError>()
        let recorder = connection.record()
        connection.send("ping")
        try wait(for: recorder.finished.inverted, timeout: 0.05)
    }

    // MARK: last

    func testProgressEndsAtOneHundred() throws {
        let progress = [0, 50, 100].publisher
        let recorder = progress.record()
        XCTAssertEqual(try wait(for: recorder.last, timeout: 1), 100)
    }

    func testNoProgressMeansNoLastValue() throws {
        let recorder = Empty<Int, Never>().record()
        XCTAssertNil(try recorder.last.get())
    }

    // MARK: next()

    func testTrafficLightCycles() throws {
        let light = PassthroughSubject<String, Never>()
        let recorder = light.record()
        light.send("green")
        XCTAssertEqual(try recorder.next().get(), "green")
        light.send("amber")
        light.send("red")
        XCTAssertEqual(try recorder.next().get(), "amber")
        XCTAssertEqual(try recorder.next().get(), "red")
    }

    func testNextGuideFinishedEarly() {
        let (failures, result) = captureFailures {
            let light = PassthroughSubject<String, Never>()
            let recorder = light.record()
            light.send(completion: .finished)
            _ = try wait(for: recorder.next(), timeout: 1)
            // ❌ throws RecordingError.notEnoughElements
        }
        assertMessages(failures, [])
        assertThrows(result, RecordingError.notEnoughElements)
    }

    func testNoDuplicateAfterTheFirstValue() throws {
        let light = PassthroughSubject<String, Never>()
        let recorder = light.record()
        light.send("green")
        XCTAssertEqual(try recorder.next().get(), "green")
        try wait(for: recorder.next().inverted, timeout: 0.05)
    }

    func testNextGuideInvertedTooEarly() {
        let (failures, result) = captureFailures {
            let light = PassthroughSubject<String, Never>()
            let recorder = light.record()
            light.send("green")
            try wait(for: recorder.next().inverted, timeout: 1)
            // ❌ Fulfilled inverted expectation recorder.next().inverted, which expects no new element and no completion. …
        }
        assertMessages(failures, [invertedFulfilled + " \(invertedName("recorder.next().inverted")), which expects no new element and no completion. "])
        assertSucceeds(result)
    }

    // MARK: next(n)

    func testBatchesOfScores() throws {
        let scores = [7, 9, 4, 10].publisher
        let recorder = scores.record()
        XCTAssertEqual(try wait(for: recorder.next(3), timeout: 1), [7, 9, 4])
        XCTAssertEqual(try wait(for: recorder.next(1), timeout: 1), [10])
    }

    func testNextCountGuideTimeout() {
        let (failures, result) = captureFailures {
            let scores = PassthroughSubject<Int, Never>()
            let recorder = scores.record()
            scores.send(7)
            _ = try wait(for: recorder.next(2), timeout: 0.05)
            // ❌ Asynchronous wait failed: Exceeded timeout of 0.05 seconds, with unfulfilled expectations: recorder.next(2), which waits for 2 more elements. Recorded so far: 1 element [7], not completed.
            // ❌ throws RecordingError.notEnoughElements
        }
        assertMessages(failures, [waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.next(2), which waits for 2 more elements. Recorded so far: 1 element [7], not completed."], exact: true)
        assertThrows(result, RecordingError.notEnoughElements)
    }

    // MARK: prefix(n)

    func testFirstTwoReadings() throws {
        let sensor = CurrentValueSubject<Double, Never>(20.5)
        let recorder = sensor.record()
        sensor.send(21.0)
        sensor.send(21.5)
        XCTAssertEqual(try wait(for: recorder.prefix(2), timeout: 1), [20.5, 21.0])
        XCTAssertEqual(try recorder.next().get(), 21.5)
    }

    func testNoMoreThanTwoReadings() throws {
        let sensor = PassthroughSubject<Double, Never>()
        let recorder = sensor.record()
        sensor.send(20.5)
        sensor.send(21.0)
        XCTAssertEqual(try wait(for: recorder.prefix(3).inverted, timeout: 0.05), [20.5, 21.0])
    }

    // MARK: recording

    func testUploadRecording() throws {
        let upload = PassthroughSubject<Int, DownloadError>()
        let recorder = upload.record()
        upload.send(40)
        upload.send(80)
        upload.send(completion: .failure(.offline))
        let recording = try recorder.recording.get()
        XCTAssertEqual(recording.output, [40, 80])
        XCTAssertEqual(recording.completion, .failure(.offline))
    }

    // MARK: single

    func testProfileIsLoadedOnce() throws {
        let profile = Just("Ada")
        let recorder = profile.record()
        XCTAssertEqual(try wait(for: recorder.single, timeout: 1), "Ada")
    }

    func testSingleGuideTooManyElements() {
        let (failures, result) = captureFailures {
            let profiles = ["Ada", "Grace"].publisher
            let recorder = profiles.record()
            _ = try recorder.single.get()
            // ❌ throws RecordingError.tooManyElements: recorder.single expected the publisher to publish exactly one element, then finish; recorded 2 elements ["Ada", "Grace"] (all of them already read), then finished.
        }
        assertMessages(failures, [])
        assertThrows(result, RecordingError.tooManyElements)
        if case .failure(let error) = result {
            XCTAssertEqual("\(error)", #"RecordingError.tooManyElements: recorder.single expected the publisher to publish exactly one element, then finish; recorded 2 elements ["Ada", "Grace"] (all of them already read), then finished."#)
        }
    }

    // MARK: Pitfalls

    func testFirstValueOfANeverEndingPublisher() throws {
        let status = CurrentValueSubject<String, Never>("idle")
        let recorder = status.record()
        XCTAssertEqual(try wait(for: recorder.next(), timeout: 1), "idle")
    }

    func testGetDoesNotWaitForTheMainQueue() throws {
        let recorder = Just("ready").receive(on: DispatchQueue.main).record()
        XCTAssertThrowsError(try recorder.single.get())
        XCTAssertEqual(try wait(for: recorder.single, timeout: 1), "ready")
    }

    func testFirstTwoVolumes() throws {
        let volume = CurrentValueSubject<Int, Never>(3)
        let recorder = volume.record()
        volume.value = 4
        XCTAssertEqual(try wait(for: recorder.prefix(2), timeout: 1), [3, 4])
    }

    #if COMBINEPROBE_OPENCOMBINE
    func testAViewModelOnOpenCombineSchedulers() throws {
        let scheduler: VirtualSchedulerOf<DispatchQueue.OCombine> = DispatchQueue.virtualScheduler()
        let recorder = Just("ready").delay(for: .seconds(1), scheduler: scheduler).record()
        XCTAssertEqual(try scheduler.wait(for: recorder.single), "ready")
    }
    #endif

    // MARK: Assertions and helpers

    func testLoginEmitsProgressThenFails() {
        let login = PassthroughSubject<Int, LoginError>()
        let recorder = login.record()
        login.send(50)
        login.send(100)
        login.send(completion: .failure(.wrongPassword))
        XCTAssertEqual(recorder.events, [.value(50), .value(100), .failure(.wrongPassword)])
    }

    func testScoresAreRecorded() {
        let scores = [10, 20, 30].publisher
        let recorder = scores.record()
        XCTAssertRecordedValues(recorder, [10, 20, 30])
        XCTAssertRecordedEvents(recorder, [.value(10), .value(20), .value(30), .finished])
    }

    func testScoresMismatchReads() {
        let recorder = [10, 20, 30].publisher.record()
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [10, 25, 30]) }
        XCTAssertEqual(failures.first?.message, """
            XCTAssertRecordedValues failed
            recorded values differ from the expected ones at index 1, out of 3 expected and 3 recorded:
                 expected  recorded
               0 10        10
             > 1 25        20
               2 30        30
            """)
    }

    func testPingsArriveInTime() {
        let pings = ["ping", "ping"].publisher
            .delay(for: .milliseconds(10), scheduler: DispatchQueue(label: "pings"))
        let recorder = pings.record()
        XCTAssertRecordedValues(recorder, ["ping", "ping"], timeout: 5)
    }

    func testServerErrorsAreMatchedByTypeAndStatus() {
        let request = Fail<String, ServerError>(error: ServerError(status: 503))
        let recorder = request.record()
        XCTAssertRecordedEvents(recorder, [.failure(ofType: ServerError.self)])
        XCTAssertRecordedEvents(recorder, [.failure(where: { $0.status == 503 }, named: "status 503")])
    }

    func testWrongPasswordFails() throws {
        let login = Fail<String, LoginError>(error: .wrongPassword)
        let recorder = login.record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: 1), .wrongPassword)
    }

    func testOneLiners() throws {
        XCTAssertEqual(try [1, 2, 3].publisher.waitForCompletion(), [1, 2, 3])
        let volume = CurrentValueSubject<Int, Never>(0)
        volume.value = 7
        XCTAssertEqual(try volume.waitForFirstOutput(), 7)
    }

    // MARK: Async tests and Swift Testing

    func testWeatherUpdatesArrive() async throws {
        let updates = ["sunny", "cloudy"].publisher
            .delay(for: .milliseconds(5), scheduler: DispatchQueue(label: "weather"))
        let recorder = updates.record()
        let forecast = try await wait(for: recorder.elements, timeout: 5)
        XCTAssertEqual(forecast, ["sunny", "cloudy"])
    }

    // MARK: Helpers

    /// Asserts the failures' messages start with `prefixes` (or equal them).
    private func assertMessages(_ failures: [CapturedFailure], _ prefixes: [String], exact: Bool = false, line: UInt = #line) {
        XCTAssertEqual(failures.map(\.message).count, prefixes.count, "\(failures)", line: line)
        for (failure, prefix) in zip(failures, prefixes) {
            if exact {
                XCTAssertEqual(failure.message, prefix, line: line)
            } else {
                XCTAssertTrue(failure.message.hasPrefix(prefix), "\(failure.message) does not start with \(prefix)", line: line)
            }
            XCTAssertEqual(failure.file, #filePath, line: line)
        }
    }
}
