@testable import CombineProbe
import Foundation
import XCTest

/// One watchdog ends the waits for the world's quiet that take longer than
/// their grace period: a run of steps arms one timer, not one per wait, and
/// a wait that came while the watchdog was armed for an earlier wait still
/// gives up after its own grace, with its diagnosis.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class QuietWatchdogTests: FailureCapturingTestCase {
    func testARunOfStepsArmsOneWatchdog() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let sleeper = Task(executorPreference: scheduler.executor) {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
            }
        }
        // Each step waits for quiet three times at least (before its action,
        // after it, at the end): sixty waits.
        for _ in 0..<20 { await scheduler.advance(by: .seconds(1)) }
        // One per grace period (5 s): more only if the steps took that long.
        XCTAssertLessThanOrEqual(scheduler.executor.watchdogsArmed, 2, "one timer per wait, rather than one per grace period")
        sleeper.cancel()
        await scheduler.advance()
    }

    func testAWaitThatCameWhileTheWatchdogWasArmedGivesUpAfterItsOwnGrace() async {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.executor.mainActorRoundTrips = 0
        let grace = 0.3
        let release = DispatchSemaphore(value: 0)
        let running = DispatchSemaphore(value: 0)
        await ProbeSettings.withOverrides(.init(defaultTimeout: grace, timeoutMultiplier: 1)) {
            // A first wait that has work to wait for arms the watchdog.
            let first = Task(executorPreference: scheduler.executor) { try? await scheduler.clock.sleep(for: .seconds(1)) }
            await scheduler.advance(by: .seconds(1))
            await first.value
            XCTAssertEqual(scheduler.executor.watchdogsArmed, 1)
            // Then a task blocks the world's thread, and the next step waits
            // for it: its grace ends after the watchdog's time.
            let blocked = Task(executorPreference: scheduler.executor) {
                running.signal()
                release.wait()
            }
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    running.wait()
                    done.resume()
                }
            }
            let start = DispatchTime.now()
            let (failures, _) = await captureFailures { await scheduler.advance(by: .seconds(1)) }
            let waited = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            XCTAssertEqual(failures.count, 1, "\(failures)")
            XCTAssertTrue(failures.first?.message.hasPrefix(
                "VirtualScheduler: the async work of the virtual world did not become quiescent within 0.3 s of real time "
                + "at virtual time 1s: a job of the virtual world has been running for") == true, "\(failures)")
            XCTAssertGreaterThanOrEqual(waited, grace * 0.95, "it gave up before its own grace was over")
            XCTAssertEqual(scheduler.elapsed, .seconds(2), "time moved on")
            release.signal()
            await blocked.value
        }
    }
}
