import CombineProbe
import Foundation
import Testing

/// The documented behaviour of every expectation, awaited in Swift Testing.
/// Failures must arrive as Swift Testing issues at the line of the `wait`:
/// had they gone to XCTest, they would be dropped, and `withKnownIssue`
/// would report that no issue was recorded.
@Suite struct SwiftTestingWaitTests {
    let short: TimeInterval = 0.05
    let long: TimeInterval = 10

    // MARK: availableElements

    @Test func availableElementsCollectsUntilTheTimeout() async throws {
        let recorder = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect().record()
        let dates = try await wait(for: recorder.availableElements, timeout: 0.2)
        #expect(dates.sorted() == dates)
    }

    @Test func availableElementsTimeoutIsNotAFailure() async throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        #expect(try await wait(for: recorder.availableElements, timeout: short) == ["red"])
    }

    @Test func availableElementsThrowsThePublisherError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.availableElements, timeout: short) }
    }

    // MARK: completion

    @Test func completion() async throws {
        let recorder = ["red", "green"].publisher.record()
        let completion = try await wait(for: recorder.completion, timeout: long)
        guard case .finished = completion else { Issue.record("unexpected \(completion)"); return }
    }

    @Test("completion times out (fails on purpose)", .tags(.failurePath)) func completionTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.completion, timeout: short)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    // MARK: elements

    @Test func elements() async throws {
        let recorder = ["red", "green", "blue"].publisher.record()
        #expect(try await wait(for: recorder.elements, timeout: long) == ["red", "green", "blue"])
    }

    @Test("elements times out (fails on purpose)", .tags(.failurePath)) func elementsTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.elements, timeout: short)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    @Test func elementsError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.elements, timeout: short) }
    }

    // MARK: finished

    @Test func finished() async throws {
        let recorder = ["red"].publisher.record()
        try await wait(for: recorder.finished, timeout: long)
    }

    @Test("finished times out (fails on purpose)", .tags(.failurePath)) func finishedTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            try await wait(for: recorder.finished, timeout: short)
        }
        #expect(error == nil)
    }

    @Test func finishedError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.finished, timeout: short) }
    }

    @Test func finishedInverted() async throws {
        let recorder = PassthroughSubject<String, Never>().record()
        try await wait(for: recorder.finished.inverted, timeout: short)
    }

    @Test("finished.inverted fulfilled by a failure (fails on purpose)", .tags(.failurePath))
    func finishedInvertedError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        let error = await expectIssues(["Fulfilled inverted expectation"], atLine: #line + 1) {
            try await wait(for: recorder.finished.inverted, timeout: short)
        }
        #expect(error as? TestFailure == TestFailure())
    }

    /// Issue 29, item 17: Swift Testing has no waiter of its own, and gets
    /// the words of Apple's XCTest on every platform.
    @Test("A timeout speaks the words of Apple's XCTest (fails on purpose)", .tags(.failurePath))
    func aTimeoutSpeaksTheWordsOfApplesXCTest() async {
        let recorder = PassthroughSubject<Int, Never>().record()
        _ = await expectIssues([
            #"Asynchronous wait failed: Exceeded timeout of 0.05 seconds, with unfulfilled expectations: "Numbers" (recorder.elements), "#
                + "which waits for the publisher to complete. Recorded so far: no element, not completed.",
        ], atLine: #line + 1) {
            _ = try await wait(for: recorder.elements, timeout: 0.05, description: "Numbers")
        }
    }

    @Test("An inverted expectation fulfilled early speaks the words of Apple's XCTest (fails on purpose)", .tags(.failurePath))
    func anInvertedExpectationFulfilledEarlySpeaksTheWordsOfApplesXCTest() async {
        let recorder = Just(1).record()
        _ = await expectIssues([#"Fulfilled inverted expectation "Early" (recorder.next().inverted), which expects"#], atLine: #line + 1) {
            try await wait(for: recorder.next().inverted, timeout: 0.05, description: "Early")
        }
    }

    // MARK: last

    @Test func last() async throws {
        let recorder = ["red", "green", "blue"].publisher.record()
        #expect(try await wait(for: recorder.last, timeout: long) == "blue")
    }

    @Test("last times out (fails on purpose)", .tags(.failurePath)) func lastTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.last, timeout: short)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    @Test func lastError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.last, timeout: short) }
    }

    // MARK: next()

    @Test func next() async throws {
        let recorder = ["red", "green"].publisher.record()
        #expect(try await wait(for: recorder.next(), timeout: long) == "red")
        #expect(try await wait(for: recorder.next(), timeout: long) == "green")
    }

    @Test("next() times out (fails on purpose)", .tags(.failurePath)) func nextTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.next(), timeout: short)
        }
        #expect(error as? RecordingError == .notEnoughElements)
    }

    @Test func nextError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.next(), timeout: short) }
    }

    @Test func nextNotEnoughElements() async {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send(completion: .finished)
        await #expect(throws: RecordingError.notEnoughElements) { try await wait(for: recorder.next(), timeout: short) }
    }

    @Test func nextInverted() async throws {
        let recorder = PassthroughSubject<String, Never>().record()
        try await wait(for: recorder.next().inverted, timeout: short)
    }

    @Test("next().inverted fulfilled too early (fails on purpose)", .tags(.failurePath))
    func nextInvertedTooEarly() async {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        let error = await expectIssues(["Fulfilled inverted expectation"], atLine: #line + 1) {
            try await wait(for: recorder.next().inverted, timeout: short)
        }
        #expect(error == nil)
    }

    @Test("next().inverted fulfilled by a failure (fails on purpose)", .tags(.failurePath))
    func nextInvertedError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        let error = await expectIssues(["Fulfilled inverted expectation"], atLine: #line + 1) {
            try await wait(for: recorder.next().inverted, timeout: short)
        }
        #expect(error as? TestFailure == TestFailure())
    }

    // MARK: next(count)

    @Test func nextCount() async throws {
        let recorder = ["red", "green", "blue"].publisher.record()
        #expect(try await wait(for: recorder.next(2), timeout: long) == ["red", "green"])
        #expect(try await wait(for: recorder.next(1), timeout: long) == ["blue"])
    }

    @Test("next(2) times out (fails on purpose)", .tags(.failurePath)) func nextCountTimeout() async {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.next(2), timeout: short)
        }
        #expect(error as? RecordingError == .notEnoughElements)
    }

    @Test func nextCountError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send("red")
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.next(2), timeout: short) }
    }

    @Test func nextCountNotEnoughElements() async {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        subject.send(completion: .finished)
        await #expect(throws: RecordingError.notEnoughElements) { try await wait(for: recorder.next(2), timeout: short) }
    }

    @Test("A negative count is an issue at the caller's line (fails on purpose)", .tags(.failurePath))
    func negativeCountIsAnIssueAtTheCallerLine() async {
        let recorder = ["red"].publisher.record()
        var elements: [String]?
        let error = await expectIssues(["recorder.next(-1): the count must not be negative"], atLine: #line + 1) {
            elements = try await wait(for: recorder.next(-1), timeout: short)
        }
        #expect(error == nil)
        #expect(elements == [])
    }

    // MARK: prefix(maxLength)

    @Test func prefix() async throws {
        let recorder = ["red", "green", "blue"].publisher.record()
        #expect(try await wait(for: recorder.prefix(2), timeout: long) == ["red", "green"])
    }

    @Test("prefix(n) times out (fails on purpose)", .tags(.failurePath)) func prefixTimeout() async {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        var elements: [String]?
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            elements = try await wait(for: recorder.prefix(2), timeout: short)
        }
        #expect(error == nil)
        #expect(elements == ["red"])
    }

    /// Issue 29, item 18: unlike `prefix(n).get()`, which throws and
    /// consumes nothing, a `prefix(n)` wait that times out consumes what it
    /// returns.
    @Test("A timed-out prefix(n) wait consumes what it returns (fails on purpose)", .tags(.failurePath))
    func aTimedOutPrefixWaitConsumesWhatItReturns() async throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        #expect(throws: RecordingError.notEnoughElements) { try recorder.prefix(2).get() }
        var elements: [String]?
        _ = await expectIssues([
            "Asynchronous wait failed: Exceeded timeout of 0.05 seconds, with unfulfilled expectations: recorder.prefix(2), "
                + "which waits for 2 elements, or the publisher to complete.",
        ], atLine: #line + 1) {
            elements = try await wait(for: recorder.prefix(2), timeout: 0.05)
        }
        #expect(elements == ["red"])
        #expect(throws: RecordingError.notEnoughElements) { try recorder.next().get() }
        subject.send("green")
        #expect(try recorder.next().get() == "green")
    }

    @Test func prefixError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send("red")
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.prefix(2), timeout: short) }
    }

    @Test func prefixInverted() async throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        subject.send("green")
        #expect(try await wait(for: recorder.prefix(3).inverted, timeout: short) == ["red", "green"])
    }

    @Test("prefix(n).inverted fulfilled too early (fails on purpose)", .tags(.failurePath))
    func prefixInvertedTooEarly() async {
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.record()
        subject.send("red")
        subject.send("green")
        subject.send("blue")
        let error = await expectIssues(["Fulfilled inverted expectation"], atLine: #line + 1) {
            _ = try await wait(for: recorder.prefix(3).inverted, timeout: short)
        }
        #expect(error == nil)
    }

    @Test("prefix(n).inverted fulfilled by a failure (fails on purpose)", .tags(.failurePath))
    func prefixInvertedError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send("red")
        subject.send(completion: .failure(TestFailure()))
        let error = await expectIssues(["Fulfilled inverted expectation"], atLine: #line + 1) {
            _ = try await wait(for: recorder.prefix(3).inverted, timeout: short)
        }
        #expect(error as? TestFailure == TestFailure())
    }

    // MARK: recording

    @Test func recording() async throws {
        let recorder = ["red", "green"].publisher.record()
        let recording = try await wait(for: recorder.recording, timeout: long)
        #expect(recording.output == ["red", "green"])
    }

    @Test("recording times out (fails on purpose)", .tags(.failurePath)) func recordingTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.recording, timeout: short)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    // MARK: single

    @Test func single() async throws {
        let recorder = Just("red").record()
        #expect(try await wait(for: recorder.single, timeout: long) == "red")
    }

    @Test("single times out (fails on purpose)", .tags(.failurePath)) func singleTimeout() async {
        let recorder = PassthroughSubject<String, Never>().record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.single, timeout: short)
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    @Test func singleError() async {
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestFailure()))
        await #expect(throws: TestFailure()) { try await wait(for: recorder.single, timeout: short) }
    }

    @Test func singleTooManyElements() async {
        let recorder = ["red", "green"].publisher.record()
        await #expect(throws: RecordingError.tooManyElements) { try await wait(for: recorder.single, timeout: short) }
    }

    @Test func singleNotEnoughElements() async {
        let recorder = Empty<String, Never>().record()
        await #expect(throws: RecordingError.notEnoughElements) { try await wait(for: recorder.single, timeout: short) }
    }
}
