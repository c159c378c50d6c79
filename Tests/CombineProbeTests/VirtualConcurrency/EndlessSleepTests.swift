@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A task of the virtual world that sleeps in a loop never runs out of work:
/// `await scheduler.run()` stops at its horizon past the work scheduled when
/// it started, with a failure that names the loop — in a fraction of a
/// second, not after millions of wake-ups.
enum EndlessSleep {
    /// The failure, for a loop whose first wake-up was due at `start` when
    /// the run began: the run goes on for its horizon of one hour past it.
    static func prefix(stoppedAt seconds: Int) -> String {
        "VirtualScheduler.run() stopped at virtual time \(seconds)s: a chain of one-shot actions scheduled during the run "
            + "keeps scheduling the next — a task sleeping in a loop on the scheduler's clock or sleep(for:)"
    }

    /// Runs `body` with a watchdog: a wall-clock bound that only a hang
    /// reaches (the run takes some 3,600 steps). Returns whether `body`
    /// returned within it.
    static func withinWatchdog(_ body: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await body(); return true }
            group.addTask {
                try? await Task.sleep(nanoseconds: 120_000_000_000)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// A world task sleeping one virtual second at a time, forever; the
    /// caller cancels it.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    static func startSleepingForever(on scheduler: VirtualSchedulerOf<DispatchQueue>) -> Task<Void, Never> {
        let clock = scheduler.clock
        return Task(executorPreference: scheduler.executor) {
            while !Task.isCancelled {
                try? await clock.sleep(for: .seconds(1))
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class EndlessSleepTests: FailureCapturingTestCase {
    func testAnAsyncRunStopsASleepLoopAtItsHorizon() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let sleeper = EndlessSleep.startSleepingForever(on: scheduler)
        let failures = await captureFailures { () async -> Bool in
            await EndlessSleep.withinWatchdog { await scheduler.run() }
        }
        // The first wake-up, due at 1s, was scheduled before the run.
        assertFailures(failures.failures, [EndlessSleep.prefix(stoppedAt: 3601)], at: #line - 3)
        XCTAssertEqual(try failures.result.get(), true, "the run did not stop")
        XCTAssertEqual(scheduler.elapsed, .seconds(3601))
        sleeper.cancel()
        await sleeper.value
    }

    func testASynchronousRunStopsAnActionThatSchedulesItselfAgain() {
        let scheduler = DispatchQueue.virtualScheduler()
        let count = Locked(0)
        @Sendable func again() {
            count.withLock { $0 += 1 }
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), again)
        }
        scheduler.schedule(again)
        let failures = captureFailures { scheduler.run() }.failures
        assertFailures(failures, [EndlessSleep.prefix(stoppedAt: 3600)], at: #line - 1)
        XCTAssertEqual(count.withLock { $0 }, 3601)
    }
}

@Suite struct EndlessSleepSwiftTests {
    @Test("An async run stops a sleep loop at its horizon (fails on purpose)", .tags(.failurePath))
    func anAsyncRunStopsASleepLoopAtItsHorizon() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let sleeper = EndlessSleep.startSleepingForever(on: scheduler)
        let line = #line + 2
        _ = await expectIssue(EndlessSleep.prefix(stoppedAt: 3601), containing: ["end the loop (cancel its task)"], atLine: line) {
            #expect(await EndlessSleep.withinWatchdog { await scheduler.run() }, "the run did not stop")
        }
        sleeper.cancel()
        await sleeper.value
    }
}
