import XCTest

/// Blocks the current thread until a wait plan is fulfilled or times out,
/// with XCTest's `XCTWaiter`, which keeps the current run loop running.
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

        let xcExpectation = XCTestExpectation(description: description.isEmpty ? plan.name : description)
        xcExpectation.isInverted = plan.isInverted
        xcExpectation.assertForOverFulfill = false
        // fulfill() is documented as callable from any thread: the recorder
        // calls it from the thread that delivers the awaited event.
        let fulfill = UncheckedSendable(xcExpectation)
        let waiterID = plan.recording.addWaiter(for: plan.condition) { fulfill.value.fulfill() }
        defer { if let waiterID { plan.recording.removeWaiter(waiterID) } }

        let outcome: WaitOutcome
        switch XCTWaiter().wait(for: [xcExpectation], timeout: timeout) {
        case .completed:
            outcome = .satisfied
        case .invertedFulfillment:
            outcome = .invertedFulfilled
        default:
            outcome = .timedOut
        }
        plan.reportFailure(for: outcome, timeout: timeout, description: description, at: site, in: framework, testCase: testCase)
        plan.recording.deliverPendingMisuse()
        return try plan.resolve()
    }
}
