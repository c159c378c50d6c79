@testable import CombineProbe
import Foundation
import XCTest

/// A synchronous wait runs the scheduler's actions only, never the tasks of
/// its virtual world: when it finds nothing scheduled while the world has
/// run tasks, it says so, and points to the async wait, instead of saying
/// that the world's tasks "are all suspended" (which it does not know).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SynchronousWaitHintTests: FailureCapturingTestCase {
    /// Synchronous, so that it is the synchronous wait that runs.
    private func waitSynchronously(
        for recorder: Recorder<Int, Never>, on scheduler: VirtualSchedulerOf<DispatchQueue>
    ) -> (failures: [CapturedFailure], line: Int) {
        let line = #line + 1
        let failures = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        return (failures, line)
    }

    func testASynchronousWaitSaysItRunsNoTaskOfTheWorld() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let feed = AsyncStreamFeed()
        let task = Task(executorPreference: scheduler.executor) {
            for await value in feed.stream { subject.send(value) }
        }
        await scheduler.advance() // the task runs until it waits for the feed
        let (failures, line) = waitSynchronously(for: recorder, on: scheduler)
        assertFailures(failures, ["Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s"], at: line)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.contains("This synchronous wait runs the scheduler's actions only and never waits for the world's tasks"), message)
        XCTAssertFalse(message.contains("are all suspended"), message)
        feed.finish()
        await task.value
    }
}

/// An `AsyncStream` and its continuation, made without `makeStream` (macOS 14).
final class AsyncStreamFeed: Sendable {
    let stream: AsyncStream<Int>
    private let continuation: Locked<AsyncStream<Int>.Continuation?>

    init() {
        let box = Locked<AsyncStream<Int>.Continuation?>(nil)
        stream = AsyncStream { continuation in box.withLock { $0 = continuation } }
        continuation = box
    }

    func finish() {
        continuation.withLock { $0 }?.finish()
    }
}
