@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// One watchdog ends the waits for the world's quiet that take longer than
/// their grace period: a run of steps arms one timer, not one per wait, and
/// a wait that came while the watchdog was armed for an earlier wait still
/// gives up after its own grace, with its diagnosis.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum QuietWatchdog {
    static let grace = 0.3

    /// Twenty steps, each waking a task that sleeps in a loop: each waits
    /// for quiet three times at least (before its action, after it, at the
    /// end), sixty waits. Returns how many times the watchdog was armed, and
    /// how many it may have been: once, and once more for each grace
    /// period (5 s) the run took, on a loaded machine.
    static func watchdogsArmedByARunOfSteps(isolation: isolated (any Actor)? = #isolation) async -> (armed: Int, allowed: Int) {
        let start = DispatchTime.now()
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let sleeper = Task(executorPreference: scheduler.executor) {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
            }
        }
        for _ in 0..<20 { await scheduler.advance(by: .seconds(1)) }
        let armed = scheduler.executor.watchdogsArmed
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        sleeper.cancel()
        await scheduler.advance()
        return (armed, 2 + Int(seconds / ProbeSettings.current.defaultTimeout))
    }

    /// A first step arms the watchdog (when one of its waits had to wait:
    /// most runs); then a task blocks the world's thread, and the next step
    /// waits for it: its grace ends after the watchdog's time. Returns the
    /// failures of that step, the real time it waited, and the virtual time
    /// after it.
    /// `capture` runs its body and returns the failures it recorded, as
    /// the test's framework captures them.
    static func aWaitThatCameWhileTheWatchdogWasArmed(
        isolation: isolated (any Actor)? = #isolation,
        capture: (() async -> Void) async -> [String]
    ) async -> (failures: [String], waited: Double, elapsed: VirtualTime) {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.executor.mainActorRoundTrips = 0
        let release = DispatchSemaphore(value: 0)
        let running = DispatchSemaphore(value: 0)
        return await ProbeSettings.withOverrides(.init(defaultTimeout: grace, timeoutMultiplier: 1)) {
            let first = Task(executorPreference: scheduler.executor) { try? await scheduler.clock.sleep(for: .seconds(1)) }
            await scheduler.advance(by: .seconds(1))
            await first.value
            let blocked = Task(executorPreference: scheduler.executor) {
                running.signal()
                release.wait()
            }
            // The job blocks before the step looks (waited for from a plain
            // thread, not from a task the blocked one could resume).
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    running.wait()
                    done.resume()
                }
            }
            let start = DispatchTime.now()
            let failures = await capture { await scheduler.advance(by: .seconds(1)) }
            let waited = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            release.signal()
            await blocked.value
            return (failures, waited, scheduler.elapsed)
        }
    }

    static let giveUpPrefix = "VirtualScheduler: the async work of the virtual world did not become quiescent within 0.3 s of real time "
        + "at virtual time 1s: a job of the virtual world has been running for"
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class QuietWatchdogTests: FailureCapturingTestCase {
    func testARunOfStepsArmsOneWatchdog() async {
        // One per grace period (5 s): more only if the steps took that long.
        let (armed, allowed) = await QuietWatchdog.watchdogsArmedByARunOfSteps()
        XCTAssertLessThanOrEqual(armed, allowed, "one timer per wait, not per grace period")
    }

    @MainActor func testARunOfStepsArmsOneWatchdogFromTheMainActor() async {
        let (armed, allowed) = await QuietWatchdog.watchdogsArmedByARunOfSteps()
        XCTAssertLessThanOrEqual(armed, allowed, "one timer per wait, not per grace period")
    }

    func testAWaitThatCameWhileTheWatchdogWasArmedGivesUpAfterItsOwnGrace() async {
        assertGaveUpAfterItsOwnGrace(await QuietWatchdog.aWaitThatCameWhileTheWatchdogWasArmed { body in
            await captureFailures { await body() }.failures.map(\.message)
        })
    }

    @MainActor func testAWaitThatCameWhileTheWatchdogWasArmedGivesUpAfterItsOwnGraceFromTheMainActor() async {
        assertGaveUpAfterItsOwnGrace(await QuietWatchdog.aWaitThatCameWhileTheWatchdogWasArmed { body in
            await captureFailures { await body() }.failures.map(\.message)
        })
    }

    private func assertGaveUpAfterItsOwnGrace(
        _ outcome: (failures: [String], waited: Double, elapsed: VirtualTime),
        line: UInt = #line
    ) {
        XCTAssertEqual(outcome.failures.count, 1, "\(outcome.failures)", line: line)
        XCTAssertTrue(outcome.failures.first?.hasPrefix(QuietWatchdog.giveUpPrefix) == true, "\(outcome.failures)", line: line)
        XCTAssertGreaterThanOrEqual(outcome.waited, QuietWatchdog.grace * 0.95, "it gave up before its own grace was over", line: line)
        XCTAssertEqual(outcome.elapsed, .seconds(2), "time moved on", line: line)
    }
}

@Suite struct QuietWatchdogSwiftTests {
    @Test func aRunOfStepsArmsOneWatchdog() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (armed, allowed) = await QuietWatchdog.watchdogsArmedByARunOfSteps()
        #expect(armed <= allowed)
    }

    @MainActor @Test func aRunOfStepsArmsOneWatchdogFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (armed, allowed) = await QuietWatchdog.watchdogsArmedByARunOfSteps()
        #expect(armed <= allowed)
    }

    @Test("A wait that came while the watchdog was armed gives up after its own grace (fails on purpose)", .tags(.failurePath))
    func aWaitThatCameWhileTheWatchdogWasArmedGivesUpAfterItsOwnGrace() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let outcome = await QuietWatchdog.aWaitThatCameWhileTheWatchdogWasArmed { body in
            [await failureMessage { await body() }].compactMap { $0 }
        }
        #expect(outcome.failures.count == 1 && outcome.failures.first?.hasPrefix(QuietWatchdog.giveUpPrefix) == true, "\(outcome.failures)")
        #expect(outcome.waited >= QuietWatchdog.grace * 0.95, "it gave up before its own grace was over")
        #expect(outcome.elapsed == .seconds(2), "time moved on")
    }
}
