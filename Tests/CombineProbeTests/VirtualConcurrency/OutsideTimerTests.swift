@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// combine-schedulers' `testAsyncTimer`, migrated with the scheduler's
/// rename but not `Task(executorPreference:)`'s: the plain task makes its
/// timer whenever the global executor runs it — before, during or after the
/// test's step. A timer made by a task outside the virtual world while
/// nothing moves time, or after a step moved it, fails at once and ends
/// with no tick: the test fails, and never hangs.
enum OutsideTimer {
    static func message(_ when: String) -> String {
        "VirtualScheduler.timer(interval: 1s): a task outside the scheduler's virtual world made a timer on its time \(when) "
            + "— a Task { } started without executorPreference: scheduler.executor."
    }

    /// A plain task that makes a timer once the test opens the gate, after
    /// the step, and counts its ticks (up to three).
    static func timerAfterTheStep(_ scheduler: VirtualSchedulerOf<DispatchQueue>) async -> Int {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let task = Task { () -> Int in
            for await _ in gate { break }
            return await countTicks(scheduler)
        }
        await scheduler.advance(by: .seconds(10))
        open.yield()
        return await task.value
    }

    /// A plain task that an action starts in the middle of a step, after
    /// time moved, and that makes a timer before the action returns.
    static func timerDuringTheStep(_ scheduler: VirtualSchedulerOf<DispatchQueue>) async -> Int {
        let made = DispatchSemaphore(value: 0)
        let ticks = Locked<Task<Int, Never>?>(nil)
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
            ticks.withLock { $0 = Task { await countTicks(scheduler, made: made) } }
            made.wait()
        }
        await scheduler.advance(by: .seconds(5))
        return await ticks.withLock { $0 }!.value
    }

    static func countTicks(_ scheduler: VirtualSchedulerOf<DispatchQueue>, made: DispatchSemaphore? = nil) async -> Int {
        let timer = scheduler.timer(interval: .seconds(1))
        made?.signal()
        var count = 0
        for await _ in timer {
            count += 1
            if count == 3 { break }
        }
        return count
    }
}

final class OutsideTimerTests: FailureCapturingTestCase {
    func testATimerFromOutsideAfterTheStepFailsAtOnce() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let line = #line + 1
        let scheduler = DispatchQueue.virtualScheduler()
        let (failures, ticks) = await captureFailures { await OutsideTimer.timerAfterTheStep(scheduler) }
        assertFailures(failures, [OutsideTimer.message("while nothing was moving time (virtual time is 10s)")], at: line)
        XCTAssertEqual(try? ticks.get(), 0)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testATimerFromOutsideDuringAStepThatMovedTimeFailsAtOnce() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let line = #line + 1
        let scheduler = DispatchQueue.virtualScheduler()
        let (failures, ticks) = await captureFailures { await OutsideTimer.timerDuringTheStep(scheduler) }
        assertFailures(failures, [OutsideTimer.message("while a step was moving time (from 0s to 1s)")], at: line)
        XCTAssertEqual(try? ticks.get(), 0)
    }

    /// The same timer in the virtual world ticks.
    func testATimerInTheVirtualWorldTicks() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let task = Task(executorPreference: scheduler.executor) { await OutsideTimer.countTicks(scheduler) }
        await scheduler.advance(by: .seconds(10))
        let ticks = await task.value
        XCTAssertEqual(ticks, 3)
    }

    /// The test's own code makes a timer before it moves time: it ticks.
    func testATimerMadeByTheTestItselfTicks() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let timer = scheduler.timer(interval: .seconds(1))
        let task = Task(executorPreference: scheduler.executor) { () -> Int in
            var count = 0
            for await _ in timer {
                count += 1
                if count == 3 { break }
            }
            return count
        }
        await scheduler.advance(by: .seconds(10))
        let ticks = await task.value
        XCTAssertEqual(ticks, 3)
    }
}

@Suite struct OutsideTimerSwiftTests {
    @Test("A timer from outside after the step fails at once (fails on purpose)", .tags(.failurePath))
    func aTimerFromOutsideAfterTheStepFailsAtOnce() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let line = #line + 1
        let scheduler = DispatchQueue.virtualScheduler()
        var ticks = -1
        _ = await expectIssue(OutsideTimer.message("while nothing was moving time (virtual time is 10s)"),
                              containing: ["Task(executorPreference: scheduler.executor)"], atLine: line) {
            ticks = await OutsideTimer.timerAfterTheStep(scheduler)
        }
        #expect(ticks == 0)
    }
}
