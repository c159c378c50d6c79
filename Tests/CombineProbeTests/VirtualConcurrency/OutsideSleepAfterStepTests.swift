@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Migrating from combine-schedulers by one rename — `DispatchQueue.test` to
/// `virtualScheduler()` — keeps the test's plain `Task { }`. Its sleep can
/// arrive after `await scheduler.advance` returned, and nothing would wake
/// it: the sleep fails at once, naming the cause, and ends with
/// `CancellationError`, so that the test does not hang.
enum OutsideSleepAfterStep {
    static let message = "VirtualScheduler: a task outside its virtual world slept on the scheduler's time, until 2s, "
        + "while nothing was moving time (virtual time is 1s) — a Task { } started without executorPreference: "
        + "scheduler.executor, or an operator that starts a task of its own. Nothing would ever wake it: it ends at once, "
        + "with CancellationError."

    /// A plain task that sleeps one second on the scheduler's time once the
    /// test opens the gate, after its step, and notes when it wakes.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    static func sleepAfterTheStep(
        _ scheduler: VirtualSchedulerOf<DispatchQueue>, noting woke: Locked<Bool>, detached: Bool = false
    ) async -> Result<Void, any Error> {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let sleep: @Sendable () async throws -> Void = {
            for await _ in gate { break }
            try await scheduler.sleep(for: .seconds(1))
            woke.withLock { $0 = true }
        }
        // A detached task carries none of the test's task-local values: no
        // Swift Testing test is current there.
        let task = detached ? Task.detached(operation: sleep) : Task(operation: sleep)
        await scheduler.advance(by: .seconds(1))
        open.yield()
        return await task.result
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class OutsideSleepAfterStepTests: FailureCapturingTestCase {
    func testASleepFromOutsideAfterTheStepFailsAtOnce() async {
        let line = #line + 1
        let scheduler = DispatchQueue.virtualScheduler()
        let woke = Locked(false)
        let (failures, result) = await captureFailures { () async -> Result<Void, any Error> in
            await OutsideSleepAfterStep.sleepAfterTheStep(scheduler, noting: woke)
        }
        assertFailures(failures, [OutsideSleepAfterStep.message], at: line)
        XCTAssertTrue((try? result.get())?.isCancellation == true, "\(result)")
        XCTAssertFalse(woke.withLock { $0 })
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testASleepFromADetachedTaskAfterTheStepFailsForTheTest() async {
        let line = #line + 1
        let scheduler = DispatchQueue.virtualScheduler()
        let woke = Locked(false)
        let (failures, result) = await captureFailures { () async -> Result<Void, any Error> in
            let result = await OutsideSleepAfterStep.sleepAfterTheStep(scheduler, noting: woke, detached: true)
            await scheduler.advance()
            return result
        }
        assertFailures(failures, [OutsideSleepAfterStep.message], at: line)
        XCTAssertTrue((try? result.get())?.isCancellation == true, "\(result)")
        XCTAssertFalse(woke.withLock { $0 })
    }

    /// A wait that fails before a plain task slept lists that cause too,
    /// once async code may sleep on the scheduler's time.
    func testAWaitThatFailsBeforeAPlainTaskSleptNamesTheCause() {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = PassthroughSubject<Int, Never>().record()
        let hint = "Or does a task started with a plain Task { }, outside the virtual world, still have to sleep on the scheduler's time, or await an async double's answer?"
        var failures = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        XCTAssertEqual(failures.count, 1)
        XCTAssertFalse(failures.first?.message.contains(hint) == true, "no async code: no such hint")
        _ = scheduler.clock
        failures = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        assertFailures(failures, ["Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s"], at: #line - 1)
        XCTAssertTrue(failures.first?.message.contains(hint) == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains(
            "Let the test's plain tasks join the world — ProbeSettings.Overrides(joinsTasks: true)") == true,
            "the hint names the opt-in, which needs no change to the app code: \(failures)")
    }

    func testTheSameTaskInTheVirtualWorldSleepsAndWakes() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await scheduler.sleep(for: .seconds(1))
            subject.send(1)
        }
        await scheduler.advance(by: .seconds(1))
        try await task.value
        XCTAssertEqual(recorder.events, [.value(1)])
    }
}

@Suite struct OutsideSleepAfterStepSwiftTests {
    /// From a detached task too, where no test is current, the failure
    /// reaches the test that made the scheduler: kept by the scheduler, and
    /// recorded at its next step.
    @Test("A sleep from outside after the step fails at once (fails on purpose)", .tags(.failurePath),
          arguments: [false, true])
    func aSleepFromOutsideAfterTheStepFailsAtOnce(detached: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let line = #line + 1
        let scheduler = DispatchQueue.virtualScheduler()
        let woke = Locked(false)
        var result: Result<Void, any Error>?
        _ = await expectIssue(OutsideSleepAfterStep.message, containing: ["Task(executorPreference: scheduler.executor)"], atLine: line) {
            result = await OutsideSleepAfterStep.sleepAfterTheStep(scheduler, noting: woke, detached: detached)
            await scheduler.advance()
        }
        #expect(result?.isCancellation == true)
        #expect(!woke.withLock { $0 })
    }
}

extension Result where Success == Void, Failure == any Error {
    /// Whether the result is a `CancellationError`.
    fileprivate var isCancellation: Bool {
        if case let .failure(error) = self { return error is CancellationError }
        return false
    }
}
