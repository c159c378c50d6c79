import CombineProbe
import Foundation
import Testing
import XCTest

/// A sleep on the scheduler's time from a task outside its virtual world (a
/// `Task { }` without the executor's preference, as swift-async-algorithms'
/// debounce starts) wakes up in no order relative to the test's steps: a
/// failed virtual wait says so, and only then.
enum OutsideSleep {
    static let nothingScheduled = "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s"
    static let timedOut = "Asynchronous wait failed: exceeded virtual timeout of 1s waiting for recorder.next()"
    static let hint = "A sleep on this scheduler's time came from a task outside its virtual world — a Task { } started "
        + "without executorPreference: scheduler.executor, or an operator that starts a task of its own, like "
        + "swift-async-algorithms' debounce: its wake-up runs on the global executor, in no order relative to the test's steps."

    /// A scheduler whose time a task sleeps on (for no time at all, so that
    /// the test can wait for the task): one outside the virtual world, or
    /// one that prefers the world's executor.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    static func schedulerSleptOn(fromOutside: Bool) async -> VirtualSchedulerOf<DispatchQueue> {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        if fromOutside {
            await Task { try? await clock.sleep(for: .zero) }.value
        } else {
            await Task(executorPreference: scheduler.executor) { try? await clock.sleep(for: .zero) }.value
        }
        return scheduler
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class OutsideSleepTests: FailureCapturingTestCase {
    func testANothingScheduledFailureNamesTheSleepFromOutside() async {
        await assertFailedWaitNamesTheSleepFromOutside(timesOut: false)
    }

    func testATimeoutNamesTheSleepFromOutside() async {
        await assertFailedWaitNamesTheSleepFromOutside(timesOut: true)
    }

    /// With an action due later, the wait times out; without, nothing is
    /// scheduled: either failure ends with the hint.
    private func assertFailedWaitNamesTheSleepFromOutside(timesOut: Bool) async {
        let scheduler = await OutsideSleep.schedulerSleptOn(fromOutside: true)
        if timesOut { scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) {} }
        let recorder = PassthroughSubject<Int, Never>().record()
        let failures = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        assertFailures(failures, [timesOut ? OutsideSleep.timedOut : OutsideSleep.nothingScheduled], at: #line - 1)
        XCTAssertTrue(failures.first?.message.hasSuffix(OutsideSleep.hint) == true, "\(failures)")
    }

    func testASleepInTheVirtualWorldIsNotNamed() async {
        let scheduler = await OutsideSleep.schedulerSleptOn(fromOutside: false)
        let recorder = PassthroughSubject<Int, Never>().record()
        let failures = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        assertFailures(failures, [OutsideSleep.nothingScheduled], at: #line - 1)
        XCTAssertFalse(failures.first?.message.contains("outside its virtual world") == true, "\(failures)")
    }
}

@Suite struct OutsideSleepSwiftTests {
    @Test("A failed wait names a sleep from outside the virtual world (fails on purpose)", .tags(.failurePath),
          arguments: [false, true])
    func aFailedWaitNamesTheSleepFromOutside(timesOut: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = await OutsideSleep.schedulerSleptOn(fromOutside: true)
        // With an action due later, the wait times out; without, nothing is scheduled.
        if timesOut { scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) {} }
        let recorder = PassthroughSubject<Int, Never>().record()
        let headline = timesOut ? OutsideSleep.timedOut : OutsideSleep.nothingScheduled
        _ = await expectIssue(headline, containing: [OutsideSleep.hint], atLine: #line + 1) {
            _ = try scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        }
    }

    @Test("A sleep in the virtual world is not named (fails on purpose)", .tags(.failurePath))
    func aSleepInTheVirtualWorldIsNotNamed() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = await OutsideSleep.schedulerSleptOn(fromOutside: false)
        let recorder = PassthroughSubject<Int, Never>().record()
        let message = await failureMessage { _ = try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        #expect(message?.hasPrefix(OutsideSleep.nothingScheduled) == true, "\(String(describing: message))")
        #expect(message?.contains("outside its virtual world") == false, "\(String(describing: message))")
    }
}
