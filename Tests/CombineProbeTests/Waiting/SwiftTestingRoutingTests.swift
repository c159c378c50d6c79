import CombineProbe
import Foundation
import Testing

/// Failures must reach Swift Testing, wherever they are detected.
@Suite struct SwiftTestingRoutingTests {
    @MainActor
    @Test func mainActorTestReceivesMainQueueDeliveries() async throws {
        let recorder = [1, 2, 3].publisher.receive(on: DispatchQueue.main).record()
        #expect(try await wait(for: recorder.elements, timeout: 10) == [1, 2, 3])
    }

    #if canImport(Darwin)
    // On Linux, Swift Testing parks the main thread (dispatchMain), so the
    // main run loop never runs: see Documentation/Pitfalls.md. XCTest runs it
    // while waiting, and AsyncXCTestWaitTests covers RunLoop.main there.
    @MainActor
    @Test func mainActorTestReceivesMainRunLoopDeliveries() async throws {
        let recorder = Just(1).receive(on: RunLoop.main).record()
        #expect(try await wait(for: recorder.single, timeout: 10) == 1)
    }

    @MainActor
    @Test func mainActorTestTimerOnTheMainRunLoop() async throws {
        let recorder = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect().record()
        let dates = try await wait(for: recorder.next(3), timeout: 10)
        #expect(dates == dates.sorted())
    }
    #else
    @MainActor
    @Test("A timeout explains the idle main run loop (fails on purpose)", .tags(.failurePath))
    func timeoutExplainsTheIdleMainRunLoop() async {
        let recorder = Just(1).receive(on: RunLoop.main).record()
        let error = await expectIssues(["Asynchronous wait failed"], atLine: #line + 1) {
            _ = try await wait(for: recorder.single, timeout: 0.05)
        }
        #expect(error as? RecordingError == .notCompleted)
        let message = await failureMessage { _ = try? await wait(for: recorder.single, timeout: 0.05) }
        #expect(message?.contains("the main run loop does not run under Swift Testing on Linux") == true)
    }
    #endif

    @Test("A misuse on the test's task is an issue at the record line (fails on purpose)", .tags(.failurePath))
    func misuseOnTheTestTaskIsAnIssueAtTheRecordLine() async {
        let subject = PassthroughSubject<Int, Never>()
        _ = await expectIssues(["Publisher recorder got unexpected completion after completion: finished (recorder created at CombineProbeTests/SwiftTestingRoutingTests.swift:"], atLine: #line + 1) {
            let recorder = subject.record()
            recorder.receive(completion: .finished)
            recorder.receive(completion: .finished)
        }
    }

    @Test("A misuse on another thread is delivered when the test reads the recorder (fails on purpose)", .tags(.failurePath))
    func misuseOnAnotherThreadIsDeliveredWhenTheTestReadsTheRecorder() async throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record(); let line = #line
        let storage = UncheckedBox(recorder)
        // A misbehaving publisher completes twice, from a background thread
        // where no Swift Testing test is current.
        onAnotherThread {
            storage.value.receive(completion: .finished)
            storage.value.receive(completion: .finished)
        }
        let error = await expectIssues(["Publisher recorder got unexpected completion after completion: finished"], atLine: line) {
            try recorder.finished.get()
        }
        #expect(error == nil)
    }

    @Test func cancellationEndsTheWait() async throws {
        let recorder = PassthroughSubject<Int, Never>().record()
        let task = Task { try await wait(for: recorder.next(), timeout: 30) }
        try await Task.sleep(nanoseconds: 20_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func getNeverWaits() {
        let recorder = Just(1).delay(for: .seconds(30), scheduler: DispatchQueue.global()).record()
        #expect(throws: RecordingError.notCompleted) { try recorder.elements.get() }
    }
}
