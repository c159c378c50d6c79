import XCTest

/// Blocks the current thread until a wait plan is fulfilled or times out.
///
/// On the main thread it waits with XCTest's `XCTWaiter`, which keeps the
/// main run loop running, so that values delivered on the main queue, the
/// main run loop or its timers arrive while the test waits. Anywhere else no
/// run loop needs to run: the thread sleeps on a semaphore that the recorder
/// signals, and burns no CPU.
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
        _ = Thread.isMainThread
            ? waitRunningTheRunLoop(for: plan, timeout: timeout, description: description)
            : waitSleeping(for: plan, timeout: timeout)
        return try plan.finish(timeout: timeout, description: description, at: site, in: framework, testCase: testCase)
    }

    /// Waits with `XCTWaiter`, which runs the current run loop. Returns
    /// whether the condition held before the timeout.
    private static func waitRunningTheRunLoop<Output>(for plan: WaitPlan<Output>, timeout: TimeInterval, description: String) -> Bool {
        let xcExpectation = XCTestExpectation(description: description.isEmpty ? plan.name : description)
        xcExpectation.assertForOverFulfill = false
        // fulfill() is documented as callable from any thread: the recorder
        // calls it from the thread that delivers the awaited event.
        let fulfill = UncheckedSendable(xcExpectation)
        let waiterID = plan.recording.addWaiter(for: plan.condition) { fulfill.value.fulfill() }
        defer { if let waiterID { plan.recording.removeWaiter(waiterID) } }
        return XCTWaiter().wait(for: [xcExpectation], timeout: timeout) == .completed
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
