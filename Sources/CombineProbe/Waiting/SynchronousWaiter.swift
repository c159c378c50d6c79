import XCTest

/// Blocks the current thread until a wait plan is fulfilled or times out.
///
/// On the main thread, outside any block of the main queue — where XCTest
/// runs its synchronous tests — it runs the main run loop while it waits, so
/// that values delivered on the main queue, the main run loop or its timers
/// arrive while the test waits. Anywhere else no run loop needs to run: the
/// thread sleeps on a semaphore that the recorder signals, and burns no CPU.
///
/// Inside a block of the main queue (a synchronous `@MainActor` Swift
/// Testing test, a main-queue callback), the path is chosen by the queue,
/// not the thread: on Apple platforms that block is on the main thread, but
/// the main queue cannot run another block until it returns, so running the
/// run loop would not let `DispatchQueue.main` deliveries in (corelibs'
/// run loop may, which would make such a test pass on Linux only). The wait
/// sleeps, and its timeout says that it held the main queue.
///
/// Neither way uses an `XCTestExpectation`: the recorder ends a wait from
/// the thread that delivers the awaited event, after it released its lock,
/// and that call may come just after the wait timed out. Apple's XCTest
/// raises an exception that stops the test process for a `fulfill()` after
/// its wait ended (corelibs-XCTest ignores it); a flag and a wake-up of the
/// run loop have no such rule.
enum SynchronousWaiter {
    static func wait<Output>(
        for plan: WaitPlan<Output>,
        timeout: TimeInterval?,
        description: String,
        at site: CallSite,
        in framework: TestFramework,
        testCase: XCTestCase? = nil
    ) throws -> Output {
        let timeout = ProbeSettings.effectiveTimeout(timeout)
        DeliveryGate.testWaits()
        plan.recording.deliverPendingMisuse()

        // Whether the condition held in time is read again, with the value,
        // from one snapshot: see WaitConclusion.
        let holdsTheMainQueue = MainActorCheck.holdsTheMainQueue
        if MainThread.isCurrent && !holdsTheMainQueue {
            XCTestRules.checkMainRunLoopWait(for: "wait(for: \(plan.name))", at: site)
            _ = waitRunningTheRunLoop(for: plan, timeout: timeout)
        } else {
            _ = waitSleeping(for: plan, timeout: timeout)
        }
        return try plan.finish(
            timeout: timeout, description: description, at: site, in: framework, testCase: testCase,
            heldTheMainQueue: holdsTheMainQueue)
    }

    /// Runs the current (main) run loop until the condition holds or the
    /// timeout passes. Returns whether the condition held before the
    /// timeout.
    private static func waitRunningTheRunLoop<Output>(for plan: WaitPlan<Output>, timeout: TimeInterval) -> Bool {
        let fulfilled = Locked(false)
        // Signalled with the flag: it paces the loop below when the run loop
        // has nothing to run (then `run(mode:before:)` returns at once).
        let signal = DispatchSemaphore(value: 0)
        let waiterID = plan.recording.addWaiter(for: plan.condition) {
            fulfilled.withLock { $0 = true }
            signal.signal()
            // Wakes the run loop that the waiting thread runs: a block on
            // the main queue is one of its sources. Harmless when the wait
            // is over.
            DispatchQueue.main.async {}
        }
        defer { if let waiterID { plan.recording.removeWaiter(waiterID) } }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !fulfilled.withLock({ $0 }) {
            guard Date() < deadline else { return false }
            if !RunLoop.current.run(mode: .default, before: deadline) {
                // No source in this mode: wait for the signal instead.
                _ = signal.wait(timeout: .now() + min(max(deadline.timeIntervalSinceNow, 0), 0.01))
            }
        }
        return true
    }

    /// Sleeps on a semaphore that the recorder signals. Returns whether the
    /// condition held before the timeout.
    private static func waitSleeping<Output>(for plan: WaitPlan<Output>, timeout: TimeInterval) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let waiterID = plan.recording.addWaiter(for: plan.condition) { semaphore.signal() }
        defer { if let waiterID { plan.recording.removeWaiter(waiterID) } }
        return semaphore.wait(timeout: .now() + timeout) == .success
    }
}
