import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

/// A task of the virtual world that waits on something real — a real sleep,
/// a real request, a busy executor of its own — ends a virtual wait with a
/// diagnosis that names the likely cause, at once: never a hang.
enum StuckWorldTask {
    static let headline = "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, "
        + "so virtual time cannot move on, and recorder.next() still waits for one more element."
    static let worldHint = "Or does a task of the virtual world wait on something real"
    static let sleepCause = "Task.sleep or a clock other than scheduler.clock"
    static let requestCause = "a URLSession request that no NetworkStub answers"
    static let executorCause = "an actor or executor of its own, busy or on a thread of its own"
    /// Why the recorder must still be empty when the wait returns: the
    /// stuck task records its value only once it is no longer stuck (an hour
    /// of real sleep, a request never answered, an executor the test frees
    /// afterwards), so an empty recorder shows that the wait did not wait
    /// for it — whatever the machine's load, unlike a bound on real time.
    static let notWaited = "the wait ended while the stuck task was still stuck: it did not wait for it"
    static let settings = ProbeSettings.Overrides(defaultTimeout: 0.2, timeoutMultiplier: 1)

    /// A scheduler whose world has no main-actor code, and says so
    /// (`mainActorRoundTrips = 0`): its steps make no round trip through the
    /// main queue, which the tests running beside these share. With round
    /// trips, a main thread that another test kept busy for the 0.2 s grace
    /// made the step's quiescence fail first, with "the main actor did not
    /// run" (a CI run, 2026-11).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    static func scheduler() -> VirtualSchedulerOf<DispatchQueue> {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.executor.mainActorRoundTrips = 0
        return scheduler
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class StuckWorldTaskTests: FailureCapturingTestCase {
    func testATaskOnARealSleep() async throws {
        let scheduler = StuckWorldTask.scheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await Task.sleep(for: .seconds(3600)) // real time, not scheduler.clock
            subject.send(1)
        }
        let failures = await ProbeSettings.withOverrides(StuckWorldTask.settings) {
            await captureFailures { try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        }
        assertFailures(failures, [StuckWorldTask.headline], at: #line - 2)
        XCTAssertTrue(failures.first?.message.contains(StuckWorldTask.worldHint) == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains(StuckWorldTask.sleepCause) == true, "\(failures)")
        XCTAssertEqual(recorder.events, [], StuckWorldTask.notWaited)
        task.cancel()
        _ = await task.result
    }

    func testATaskOnARealRequest() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let scheduler = StuckWorldTask.scheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let url = server.url
        let task = Task(executorPreference: scheduler.executor) {
            let (data, _) = try await session.data(from: url) // never answered
            subject.send(data.count)
        }
        let failures = await ProbeSettings.withOverrides(StuckWorldTask.settings) {
            await captureFailures { try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        }
        assertFailures(failures, [StuckWorldTask.headline], at: #line - 2)
        XCTAssertTrue(failures.first?.message.contains(StuckWorldTask.worldHint) == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains(StuckWorldTask.requestCause) == true, "\(failures)")
        XCTAssertEqual(recorder.events, [], StuckWorldTask.notWaited)
        session.invalidateAndCancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get(), "the request was cancelled")
    }

    func testATaskOnABusyExecutor() async throws {
        let executor = QueueExecutor()
        let counter = ExecutorBoundCounter(executor: executor)
        let release = executor.makeBusy()
        let scheduler = StuckWorldTask.scheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            subject.send(await counter.increment()) // its executor's thread is busy
        }
        let failures = await ProbeSettings.withOverrides(StuckWorldTask.settings) {
            await captureFailures { try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        }
        assertFailures(failures, [StuckWorldTask.headline], at: #line - 2)
        XCTAssertTrue(failures.first?.message.contains(StuckWorldTask.worldHint) == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains(StuckWorldTask.executorCause) == true, "\(failures)")
        XCTAssertEqual(recorder.events, [], StuckWorldTask.notWaited)
        release.signal()
        await task.value
        XCTAssertEqual(recorder.events, [.value(1)], "the task went on once its executor was free")
    }
}

@Suite struct StuckWorldTaskSwiftTests {
    @Test("A world task on a real Task.sleep is diagnosed at once (fails on purpose)", .tags(.failurePath))
    func aTaskOnARealSleep() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = StuckWorldTask.scheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await Task.sleep(for: .seconds(3600)) // real time, not scheduler.clock
            subject.send(1)
        }
        await ProbeSettings.withOverrides(StuckWorldTask.settings) {
            _ = await expectIssue(
                StuckWorldTask.headline, containing: [StuckWorldTask.worldHint, StuckWorldTask.sleepCause], atLine: #line + 1
            ) { _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        }
        #expect(recorder.events == [], "\(StuckWorldTask.notWaited)")
        task.cancel()
        _ = await task.result
    }

    @Test("A world task on a real URLSession request is diagnosed at once (fails on purpose)", .tags(.failurePath))
    func aTaskOnARealRequest() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let server = try SilentServer()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let scheduler = StuckWorldTask.scheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let url = server.url
        let task = Task(executorPreference: scheduler.executor) {
            let (data, _) = try await session.data(from: url) // never answered
            subject.send(data.count)
        }
        await ProbeSettings.withOverrides(StuckWorldTask.settings) {
            _ = await expectIssue(
                StuckWorldTask.headline, containing: [StuckWorldTask.worldHint, StuckWorldTask.requestCause], atLine: #line + 1
            ) { _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        }
        #expect(recorder.events == [], "\(StuckWorldTask.notWaited)")
        session.invalidateAndCancel()
        let result = await task.result
        #expect(throws: (any Error).self) { try result.get() }
    }

    @Test("A world task waiting on a busy executor of its own is diagnosed at once (fails on purpose)", .tags(.failurePath))
    func aTaskOnABusyExecutor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let executor = QueueExecutor()
        let counter = ExecutorBoundCounter(executor: executor)
        let release = executor.makeBusy()
        let scheduler = StuckWorldTask.scheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            subject.send(await counter.increment()) // its executor's thread is busy
        }
        await ProbeSettings.withOverrides(StuckWorldTask.settings) {
            _ = await expectIssue(
                StuckWorldTask.headline, containing: [StuckWorldTask.worldHint, StuckWorldTask.executorCause], atLine: #line + 1
            ) { _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        }
        #expect(recorder.events == [], "\(StuckWorldTask.notWaited)")
        release.signal()
        await task.value
        #expect(recorder.events == [.value(1)], "the task went on once its executor was free")
    }
}
