@testable import CombineProbe
import Foundation
import Testing

/// Recorders of async sequences, in Swift Testing: the same expectations,
/// and failures recorded as Swift Testing issues at the caller's line.
@Suite struct AsyncSequenceRecorderSwiftTests {
    let short: TimeInterval = 0.05
    /// Guards successes, so it costs nothing when they come: generous,
    /// since these tests run beside every other suite at once on two cores,
    /// ThreadSanitizer's lane included, where a 10 s wait once ran out.
    let long: TimeInterval = 60

    @Test func streamExpectations() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let recorder = stream.record()
        continuation.yield("red")
        #expect(try await wait(for: recorder.next(), timeout: long) == "red")
        try await wait(for: recorder.next().inverted, timeout: short)
        continuation.yield("green")
        continuation.yield("blue")
        continuation.finish()
        #expect(try await wait(for: recorder.elements, timeout: long) == ["red", "green", "blue"])
        expectRecordedValues(recorder, ["red", "green", "blue"])
    }

    @Test func synchronousTestWaitsWithAnAssertion() throws {
        let recorder = CountingSequence(count: 3).record()
        expectRecordedValues(recorder, [0, 1, 2], timeout: long)
        // The values can land before the completion: wait for it too
        // before the strict read (it once lost that race under load).
        expectRecordedEvents(recorder, [.value(0), .value(1), .value(2), .finished], timeout: long)
        #expect(try recorder.last.get() == 2)
    }

    @Test func thrownErrorIsTheFailure() async throws {
        let stream = AsyncThrowingStream<Int, any Error> { $0.finish(throwing: SequenceFailure()) }
        let recorder = stream.record()
        await #expect(throws: SequenceFailure.self) { try await wait(for: recorder.finished, timeout: long) }
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @Test func valuesOfAPublisher() async throws {
        let recorder = (1...5).publisher.values.record()
        #expect(try await wait(for: recorder.last, timeout: long) == 5)
    }

    @Test func aSequenceHandedOverWithSending() async throws {
        let recorder = Recorder(recording: CountingSequence(count: 4).map { $0 * 10 })
        #expect(try await wait(for: recorder.elements, timeout: long) == [0, 10, 20, 30])
    }

    @Test func fastProducerLosesNothing() async throws {
        let count = 100_000
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record()
        Task.detached {
            for value in 0..<count { continuation.yield(value) }
            continuation.finish()
        }
        #expect(try await wait(for: recorder.elements, timeout: long) == Array(0..<count))
    }

    @Test func releaseCancelsTheIteration() async throws {
        let naturals = Naturals()
        var recorder: Recorder<Int, any Error>? = naturals.record()
        let subscription = try #require(recorder?.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        #expect(try await wait(for: #require(recorder).next(2), timeout: long) == [0, 1])
        recorder = nil
        #expect(await subscription.cancellationVerdict() == false)
        #expect(naturals.cancellations.value == 1)
    }

    @Test("A wait timeout is an issue at the wait (fails on purpose)", .tags(.failurePath))
    func waitTimeoutIsAnIssueAtTheWait() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.next(), timeout: short)
        }
        #expect(error as? RecordingError == .notEnoughElements)
        continuation.finish()
    }

    @Test("Recording a stream twice is an issue (fails on purpose)", .tags(.failurePath))
    func recordingAStreamTwiceIsAnIssue() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let first = stream.record()
        _ = await expectIssues(["AsyncStream is already recorded by the recorder created at"], atLine: #line + 1) {
            _ = stream.record()
        }
        continuation.yield(1)
        continuation.finish()
        #expect(try await wait(for: first.elements, timeout: long) == [1])
    }

    /// Issue 29, item 8 (repeated in Stress/StreamRecordingStressTests): an
    /// issue at the second `record()` would fail this test.
    @Test func aStreamCanBeRecordedAgainAsSoonAsItsRecorderIsReleased() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let (terminated, terminate) = AsyncStream.makeStream(of: Never.self)
        continuation.onTermination = { _ in terminate.finish() }
        var first: Recorder<Int, Never>? = stream.record()
        continuation.yield(1)
        #expect(try await wait(for: #require(first).next(), timeout: long) == 1)
        first = nil
        for await _ in terminated {}
        let second = stream.record()
        #expect(try await wait(for: second.elements, timeout: long) == [])
    }

    @Test func aStreamCanBeRecordedAgainAsSoonAsTheTestSawItsEnd() async throws {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let first = stream.record()
        continuation.yield(1)
        continuation.finish()
        #expect(try await wait(for: first.elements, timeout: long) == [1])
        let second = stream.record()
        try await wait(for: second.finished, timeout: long)
    }

    @Test("An ignored cancellation is an issue at the next read (fails on purpose)", .tags(.failurePath))
    func ignoredCancellationIsAnIssueAtTheNextRead() async throws {
        let sequence = StubbornSequence()
        let recorder = ProbeSettings.withOverrides(.init(defaultTimeout: 0.05)) { sequence.record() }
        let recordLine = #line - 1
        let subscription = try #require(recorder.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        recorder.cancel()
        #expect(await subscription.cancellationVerdict())
        _ = await expectIssues(["AsyncSequence recorder was cancelled"], atLine: recordLine) {
            _ = recorder.elementsAndCompletion
        }
        sequence.finish()
    }
}
