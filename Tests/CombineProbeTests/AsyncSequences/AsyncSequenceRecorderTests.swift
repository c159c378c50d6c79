@testable import CombineProbe
import Foundation
import XCTest

/// Recorders of async sequences, in XCTest: every expectation works as for a
/// publisher, nothing is lost, and the recorder's release cancels the
/// iteration.
final class AsyncSequenceRecorderTests: FailureCapturingTestCase {
    // MARK: AsyncStream

    func testBufferedStreamRecordsWhatWasYieldedBeforeRecording() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        continuation.yield("red")
        continuation.yield("green")
        let recorder = stream.record()
        continuation.finish()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), ["red", "green"])
    }

    func testStreamExpectationsInOrder() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder: Recorder<Int, Never> = stream.record()
        for value in 1...6 { continuation.yield(value) }
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), 1)
        XCTAssertEqual(try wait(for: recorder.next(2), timeout: longTimeout), [2, 3])
        XCTAssertEqual(try wait(for: recorder.next(where: { $0.isMultiple(of: 5) }), timeout: longTimeout), 5)
        continuation.finish()
        XCTAssertEqual(try wait(for: recorder.last, timeout: longTimeout), 6)
        XCTAssertEqual(try recorder.prefix(2).get(), [1, 2])
        XCTAssertEqual(try recorder.recording.get().output, [1, 2, 3, 4, 5, 6])
        try recorder.finished.get()
        XCTAssertRecordedValues(recorder, [1, 2, 3, 4, 5, 6])
        XCTAssertRecordedEvents(recorder, [.value(1), .value(2), .value(3), .value(4), .value(5), .value(6), .finished])
    }

    func testUnbufferedStreamIsPulledOnDemand() throws {
        // `unfolding` produces only when the recorder asks: no buffer at all.
        let produced = Counter()
        let stream = AsyncStream<Int> {
            produced.increment()
            return produced.value <= 3 ? produced.value : nil
        }
        let recorder = stream.record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [1, 2, 3])
        XCTAssertEqual(produced.value, 4)
    }

    func testSingleAndInvertedExpectations() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record()
        try wait(for: recorder.finished.inverted, timeout: shortTimeout)
        continuation.yield(42)
        continuation.finish()
        XCTAssertEqual(try wait(for: recorder.single, timeout: longTimeout), 42)
    }

    func testAvailableElementsOfAnInfiniteSequenceAndItsCancellation() throws {
        let naturals = Naturals()
        let recorder = naturals.record()
        XCTAssertEqual(try wait(for: recorder.next(3), timeout: longTimeout), [0, 1, 2])
        XCTAssertEqual(try wait(for: recorder.prefix(5), timeout: longTimeout), [0, 1, 2, 3, 4])
        let subscription = try XCTUnwrap(recorder.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        recorder.cancel()
        let exp = expectation(description: "verdict")
        Task {
            let ignored = await subscription.cancellationVerdict()
            XCTAssertFalse(ignored)
            exp.fulfill()
        }
        wait(for: [exp], timeout: longTimeout)
        XCTAssertEqual(naturals.cancellations.value, 1)
    }

    // MARK: Failure and end

    func testThrownErrorIsTheFailureCompletion() throws {
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: SequenceFailure())
        }
        let recorder = stream.record()
        XCTAssertThrowsError(try wait(for: recorder.elements, timeout: longTimeout)) { error in
            XCTAssertEqual(error as? SequenceFailure, SequenceFailure())
        }
        let completion = try recorder.completion.get()
        guard case let .failure(error) = completion, error is SequenceFailure else {
            return XCTFail("unexpected \(completion)")
        }
        XCTAssertEqual(try recorder.failure(where: { $0 is SequenceFailure }).get() as? SequenceFailure, SequenceFailure())
        XCTAssertRecordedEvents(recorder, [.value(1), .failure(ofType: SequenceFailure.self)])
    }

    func testNormalEndIsFinished() throws {
        let recorder = CountingSequence(count: 2).record()
        let completion = try wait(for: recorder.completion, timeout: longTimeout)
        guard case .finished = completion else { return XCTFail("unexpected \(completion)") }
        XCTAssertEqual(try recorder.elements.get(), [0, 1])
    }

    func testNotFinishedIsReportedAtTheWait() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record()
        continuation.yield(1)
        _ = try wait(for: recorder.next(), timeout: longTimeout)
        let (failures, result) = captureFailures { try self.wait(for: recorder.finished, timeout: self.shortTimeout) }
        XCTAssertEqual(failures.map(\.line), [#line - 1])
        XCTAssertTrue(failures.first?.message.contains("Asynchronous wait failed") == true, "\(failures)")
        _ = result
        continuation.finish()
    }

    // MARK: publisher.values

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    func testValuesOfAPublisher() throws {
        let recorder = [1, 2, 3].publisher.values.record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [1, 2, 3])
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    func testValuesOfASubjectStepByStep() throws {
        let subject = CurrentValueSubject<String, Never>("idle")
        let recorder = subject.values.record()
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "idle")
        subject.send("loading")
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "loading")
        subject.send(completion: .finished)
        try wait(for: recorder.finished, timeout: longTimeout)
    }

    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    func testValuesOfAFailingPublisher() throws {
        let recorder = Fail<Int, SequenceFailure>(error: SequenceFailure()).values.record()
        let completion = try wait(for: recorder.completion, timeout: longTimeout)
        guard case let .failure(error) = completion, error is SequenceFailure else {
            return XCTFail("unexpected \(completion)")
        }
    }

    // MARK: Nothing lost

    func testFastProducerLosesNothing() throws {
        let count = 100_000
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record()
        Thread.detachNewThread {
            for value in 0..<count { continuation.yield(value) }
            continuation.finish()
        }
        let elements = try wait(for: recorder.elements, timeout: longTimeout)
        XCTAssertEqual(elements.count, count)
        XCTAssertEqual(elements, Array(0..<count))
    }

    func testSequenceThatNeverSuspendsLosesNothing() throws {
        let recorder = CountingSequence(count: 100_000).record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), Array(0..<100_000))
    }

    func testSlowProducerOneValueAtATime() throws {
        let sequence = StubbornSequence()
        let recorder = sequence.record()
        for value in 1...3 {
            try wait(for: recorder.next().inverted, timeout: shortTimeout)
            sequence.send(value)
            XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), value)
        }
        sequence.finish()
        try wait(for: recorder.finished, timeout: longTimeout)
    }

    // MARK: Release

    func testReleasingTheRecorderCancelsTheIteration() throws {
        let terminated = expectation(description: "terminated")
        let termination = LockedValue<AsyncStream<Int>.Continuation.Termination?>(nil)
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.onTermination = { reason in
            termination.value = reason
            terminated.fulfill()
        }
        let weakRecorder: WeakReference<Recorder<Int, Never>>
        do {
            let recorder = stream.record()
            continuation.yield(1)
            XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), 1)
            weakRecorder = WeakReference(recorder)
        }
        XCTAssertNil(weakRecorder.object)
        wait(for: [terminated], timeout: longTimeout)
        guard case .cancelled? = termination.value else { return XCTFail("terminated with \(String(describing: termination.value))") }
    }

    // MARK: Exhaustive

    func testExhaustiveRecorderReportsUnconsumedValuesAtRelease() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        let (failures, _) = captureFailures {
            let recorder = stream.record(exhaustive: true)
            XCTAssertEqual(try wait(for: recorder.next(), timeout: self.longTimeout), 1)
            self.waitUntilCompleted(recorder)
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertEqual(failures.first?.line, #line - 5)
        XCTAssertTrue(failures.first?.message.contains("with 2 unconsumed events [2, finished].") == true, "\(failures)")
    }

    /// Waits until the recorder has recorded the completion, consuming
    /// nothing (every public read that waits consumes what it returns).
    private func waitUntilCompleted<Input, Failure>(_ recorder: Recorder<Input, Failure>) {
        let completed = expectation(description: "completed")
        _ = recorder.storage.addWaiter(for: .completion) { completed.fulfill() }
        wait(for: [completed], timeout: longTimeout)
    }

    // MARK: Timelines

    func testTimedRecorderStampsEventsWithVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let recorder = stream.record(timedBy: scheduler)
        continuation.yield("s")
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "s")
        scheduler.advance(by: .milliseconds(300))
        continuation.yield("sw")
        XCTAssertEqual(try wait(for: recorder.next(), timeout: longTimeout), "sw")
        scheduler.advance(by: .milliseconds(700))
        continuation.finish()
        try wait(for: recorder.finished, timeout: longTimeout)
        XCTAssertRecordedTimeline(recorder, [
            .value("s", at: .zero),
            .value("sw", at: .milliseconds(300)),
            .finished(at: .seconds(1)),
        ])
    }

    func testVirtualWaitReadsWhatTheTaskRecorded() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record(timedBy: scheduler)
        continuation.yield(1)
        continuation.finish()
        waitUntilCompleted(recorder)
        XCTAssertEqual(try scheduler.wait(for: recorder.elements, timeout: .seconds(1)), [1])
        XCTAssertEqual(scheduler.elapsed, .zero)
    }

    func testVirtualWaitCannotWaitForARealTimeTask() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let recorder = stream.record(timedBy: scheduler)
        let (failures, _) = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        XCTAssertEqual(failures.map(\.line), [#line - 1])
        XCTAssertTrue(failures.first?.message.contains("nothing is scheduled on the virtual scheduler") == true, "\(failures)")
        continuation.finish()
    }

    // MARK: Misuse

    func testRecordingAStreamTwiceIsReported() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let first = stream.record()
        let (failures, _) = captureFailures { _ = stream.record() }
        XCTAssertEqual(failures.map(\.line), [#line - 1])
        XCTAssertTrue(failures.first?.message.hasPrefix("AsyncStream is already recorded by the recorder created at CombineProbeTests/AsyncSequenceRecorderTests.swift:\(#line - 3)") == true, "\(failures)")
        continuation.yield(1)
        continuation.finish()
        XCTAssertEqual(try wait(for: first.elements, timeout: longTimeout), [1])
    }

    func testAStreamCanBeRecordedAgainOnceItsRecordingEnded() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        var first: Recorder<Int, Never>? = stream.record()
        let subscription = try XCTUnwrap(first?.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        continuation.yield(1)
        let value = try await wait(for: XCTUnwrap(first).next(), timeout: longTimeout)
        XCTAssertEqual(value, 1)
        first = nil
        let ignored = await subscription.cancellationVerdict()
        XCTAssertFalse(ignored)
        // The cancelled stream is over: a new recording sees its end, and no
        // misuse.
        let (failures, _) = captureFailures { () -> Void in
            let second = stream.record()
            try self.wait(for: second.finished, timeout: self.longTimeout)
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    /// Issue 29, item 8: the mark of the first recording is cleared when
    /// its recorder goes away, not later when its task winds down (the
    /// repeated form: Stress/StreamRecordingStressTests).
    func testAStreamCanBeRecordedAgainAsSoonAsItsRecorderIsReleased() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let (terminated, terminate) = AsyncStream.makeStream(of: Never.self)
        continuation.onTermination = { _ in terminate.finish() }
        var first: Recorder<Int, Never>? = stream.record()
        continuation.yield(1)
        let value = try await wait(for: XCTUnwrap(first).next(), timeout: longTimeout)
        XCTAssertEqual(value, 1)
        first = nil
        for await _ in terminated {}
        let (failures, second) = captureFailures { stream.record() }
        XCTAssertEqual(failures.map(\.message), [])
        let elements = try await wait(for: second.get().elements, timeout: longTimeout)
        XCTAssertEqual(elements, [], "the second recorder records the end of the stream, which the release ended")
    }

    func testAStreamCanBeRecordedAgainAsSoonAsTheTestSawItsEnd() async throws {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let first = stream.record()
        continuation.yield(1)
        continuation.finish()
        let elements = try await wait(for: first.elements, timeout: longTimeout)
        XCTAssertEqual(elements, [1])
        let (failures, second) = captureFailures { stream.record() }
        XCTAssertEqual(failures.map(\.message), [])
        try await wait(for: second.get().finished, timeout: longTimeout)
    }

    func testSequenceIgnoringCancellationIsReportedAtTheNextRead() async throws {
        let sequence = StubbornSequence()
        let recorder = ProbeSettings.withOverrides(.init(defaultTimeout: 0.05)) { sequence.record() }
        let recordLine = #line - 1
        let subscription = try XCTUnwrap(recorder.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        recorder.cancel()
        let ignored = await subscription.cancellationVerdict()
        XCTAssertTrue(ignored)
        let (failures, _) = captureFailures { _ = recorder.elementsAndCompletion }
        XCTAssertEqual(failures.map(\.line), [recordLine])
        XCTAssertTrue(failures.first?.message.hasPrefix("AsyncSequence recorder was cancelled (recorder created at") == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains("ignored the cancellation") == true, "\(failures)")
        // A value produced after the cancellation is dropped silently.
        sequence.send(1)
        sequence.finish()
        XCTAssertTrue(recorder.elementsAndCompletion.elements.isEmpty)
    }

    func testAnIgnoredCancellationReportedAtTheNextReadIsNotWrittenToStandardError() async throws {
        let sequence = StubbornSequence()
        let recorder = ProbeSettings.withOverrides(.init(defaultTimeout: 0.05)) { sequence.record() }
        let site = "AsyncSequence recorder created at \(recorder.storage.site)"
        let subscription = try XCTUnwrap(recorder.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        let written = try await capturingStandardError {
            recorder.cancel()
            let ignored = await subscription.cancellationVerdict()
            XCTAssertTrue(ignored)
        }
        XCTAssertFalse(written.contains(site), written)
        let (failures, _) = captureFailures { _ = recorder.elementsAndCompletion }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        sequence.finish()
    }

    func testAnIgnoredCancellationAfterTheReleaseIsWrittenToStandardError() async throws {
        let sequence = StubbornSequence()
        var recorder: Recorder<Int, any Error>? = ProbeSettings.withOverrides(.init(defaultTimeout: 0.05)) {
            sequence.record()
        }
        let recordLine = #line - 2
        let subscription = try XCTUnwrap(recorder?.storage.state.withLock { $0.subscription } as? AsyncIterationSubscription)
        let written = try await capturingStandardError {
            recorder = nil
            let ignored = await subscription.cancellationVerdict()
            XCTAssertTrue(ignored)
        }
        XCTAssertNil(recorder)
        XCTAssertTrue(written.contains(
            "CombineProbe: AsyncSequence recorder created at CombineProbeTests/AsyncSequenceRecorderTests.swift:\(recordLine)"
                + " was cancelled: its sequence ignored the cancellation"), written)
        sequence.finish()
    }
}
