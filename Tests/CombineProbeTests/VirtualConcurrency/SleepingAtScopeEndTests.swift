@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A task of the virtual world still asleep on a scheduler's time when the
/// test's scope ends (a trait, a `ProbeTestCase`, `withOverrides`) would
/// never run its code after the sleep: the end of the scope reports it, at
/// the line that made the scheduler, and cancels it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum SleepingAtScopeEnd {
    static let prefix = "VirtualScheduler: the test ended with a task asleep on this virtual scheduler's time, until 5s "
        + "(virtual time is 2s): its code after the sleep never ran."

    /// The line that makes the scheduler, in ``sleepPastTheScope(sleep:isolation:)``.
    static let madeAt = #line + 9

    /// In a scope of its own: makes a scheduler (at ``madeAt``), starts a
    /// world task that sleeps `sleep` seconds, moves time 2 seconds, and
    /// returns the task, whose value says how its sleep ended.
    static func sleepPastTheScope(
        sleep: Int, isolation: isolated (any Actor)? = #isolation
    ) async -> Task<String, Never> {
        await ProbeSettings.withOverrides(.init()) { () async -> Task<String, Never> in
            let scheduler = DispatchQueue.virtualScheduler()
            let clock = scheduler.clock
            let task = Task(executorPreference: scheduler.executor) { () -> String in
                do {
                    try await clock.sleep(for: .seconds(sleep))
                    return "woke"
                } catch {
                    return "\(type(of: error))"
                }
            }
            await scheduler.advance(by: .seconds(2))
            return task
        }
    }

    /// How the task's sleep ended, or "still asleep" when it did not within
    /// a watchdog's bound of real time (then the watchdog cancels it, so
    /// that the test ends): without the check at the scope's end, the task
    /// would sleep for ever.
    static func ending(of task: Task<String, Never>) async -> String {
        let timedOut = Locked(false)
        let watchdog = Task {
            // A watchdog, not timing: only a task left asleep for ever (the
            // defect this file tests) reaches it; it turns a hang into a
            // failure.
            try await Task.sleep(nanoseconds: 10_000_000_000)
            timedOut.withLock { $0 = true }
            task.cancel()
        }
        let value = await task.value
        watchdog.cancel()
        return timedOut.withLock { $0 } ? "still asleep" : value
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SleepingAtScopeEndTests: FailureCapturingTestCase {
    func testATaskAsleepWhenTheScopeEndsIsReportedOnceAndCancelled() async {
        let (failures, result) = await captureFailures { await SleepingAtScopeEnd.sleepPastTheScope(sleep: 5) }
        guard case let .success(task) = result else { return XCTFail("\(result)") }
        assertFailures(failures, [SleepingAtScopeEnd.prefix], at: SleepingAtScopeEnd.madeAt)
        let ending = await SleepingAtScopeEnd.ending(of: task)
        XCTAssertEqual(ending, "CancellationError")
    }

    @MainActor
    func testATaskAsleepWhenTheScopeEndsIsReportedFromTheMainActor() async {
        let (failures, result) = await captureFailures { await SleepingAtScopeEnd.sleepPastTheScope(sleep: 5) }
        guard case let .success(task) = result else { return XCTFail("\(result)") }
        assertFailures(failures, [SleepingAtScopeEnd.prefix], at: SleepingAtScopeEnd.madeAt)
        let ending = await SleepingAtScopeEnd.ending(of: task)
        XCTAssertEqual(ending, "CancellationError")
    }

    func testATaskWhoseSleepEndedInTheScopeIsNotReported() async {
        let (failures, result) = await captureFailures { await SleepingAtScopeEnd.sleepPastTheScope(sleep: 2) }
        guard case let .success(task) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(failures.map(\.message), [])
        let ending = await SleepingAtScopeEnd.ending(of: task)
        XCTAssertEqual(ending, "woke")
    }

    func testTheMessageCountsSeveralTasks() {
        XCTAssertEqual(
            ProbeScope.sleepingTasksMessage(deadlines: [.seconds(3), .seconds(5)], first: .seconds(3), now: .seconds(1)),
            "VirtualScheduler: the test ended with 2 tasks asleep on this virtual scheduler's time, until 3s, 5s "
                + "(virtual time is 1s): their code after the sleep never ran. Move time to their deadlines before the "
                + "test ends (await scheduler.advance(by:), await scheduler.run()), or cancel the tasks and await them. "
                + "They are cancelled now: their sleeps throw CancellationError.")
    }
}

@Suite struct SleepingAtScopeEndSwiftTests {
    @Test("A task asleep when the scope ends is reported and cancelled (fails on purpose)", .tags(.failurePath))
    func aTaskAsleepWhenTheScopeEndsIsReported() async {
        await Self.expectTheSleeperReportedAndCancelled()
    }

    @MainActor
    @Test("A task asleep when the scope ends is reported from the main actor (fails on purpose)", .tags(.failurePath))
    func aTaskAsleepWhenTheScopeEndsIsReportedFromTheMainActor() async {
        await Self.expectTheSleeperReportedAndCancelled()
    }

    /// In the caller's isolation: the sleeper left by the scope is one
    /// issue, and its sleep ends with `CancellationError`.
    private static func expectTheSleeperReportedAndCancelled(isolation: isolated (any Actor)? = #isolation) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let task = Locked<Task<String, Never>?>(nil)
        _ = await expectIssue(SleepingAtScopeEnd.prefix, containing: ["It is cancelled now"], atLine: SleepingAtScopeEnd.madeAt) {
            let sleeper = await SleepingAtScopeEnd.sleepPastTheScope(sleep: 5)
            task.withLock { $0 = sleeper }
        }
        guard let sleeper = task.withLock({ $0 }) else { return }
        #expect(await SleepingAtScopeEnd.ending(of: sleeper) == "CancellationError")
    }
}
