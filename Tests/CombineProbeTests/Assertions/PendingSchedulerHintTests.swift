@testable import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 29, item 6: a real-time assertion or wait on a recorder that is not
// timed, while a virtual scheduler of the test has actions pending, says so.

/// The hint, as the failures end with it in this file's XCTest tests: the
/// value and the completion of `delay` are two actions.
private let xcTestHint = "A virtual scheduler of this test has 2 pending actions, "
    + "the next due at 3s of its time (it is at 0s): real time does not move it"

/// Each test but the last leaves its scheduler's actions pending, which
/// keeps the scheduler alive (the action holds the operator, which holds
/// the scheduler): the other tests are not told of them.
final class PendingSchedulerHintTests: FailureCapturingTestCase {
    /// A scheduler the test case holds, with an action pending from the
    /// start of each test that has one.
    private let held = DispatchQueue.virtualScheduler()

    func testARealTimeAssertionOnVirtuallyScheduledCodeNamesTheScheduler() {
        let virtual = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: virtual).record()
        let line = #line + 1
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1], timeout: 0.1) }
        assertFailures(failures, [
            "XCTAssertRecordedValues failed: waited 0.1 seconds for 1 value, received only 0: []. " + xcTestHint
                + "; if the code under test runs on one, pass `scheduler:` to wait in virtual time\n",
        ], at: line)
    }

    func testTheEventsAssertionToo() {
        let virtual = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: virtual).record()
        let line = #line + 1
        let (failures, _) = captureFailures { XCTAssertRecordedEvents(recorder, [.value(1), .finished], timeout: shortTimeout) }
        assertFailures(failures, [
            "XCTAssertRecordedEvents failed: waited 0.05 seconds for 2 events, received only 0: []. " + xcTestHint
                + "; if the code under test runs on one, pass `scheduler:` to wait in virtual time\n",
        ], at: line)
    }

    func testARealTimeWaitToo() {
        let virtual = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: virtual).record()
        let line = #line + 1
        let (failures, _) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        assertFailures(failures, [
            FailureReporter.timeoutHeadline(after: shortTimeout, in: .xcTest) + "recorder.next(), which waits for one more element. "
                + "Recorded so far: no element, not completed. (" + xcTestHint
                + "; if the code under test runs on one, wait with `scheduler.wait(for:timeout:)`, in virtual time.)",
        ], at: line)
    }

    /// The scheduler held by the test case is its test's.
    func testASchedulerHeldByTheTestCaseIsItsTests() {
        let recorder = Just(1).delay(for: .seconds(3), scheduler: held).record()
        let line = #line + 1
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1], timeout: shortTimeout) }
        assertFailures(failures, [
            "XCTAssertRecordedValues failed: waited 0.05 seconds for 1 value, received only 0: []. " + xcTestHint
                + "; if the code under test runs on one, pass `scheduler:` to wait in virtual time\n",
        ], at: line)
        held.advance(by: .seconds(3))
    }

    /// Once the scheduler ran its actions, nothing is pending: no hint.
    func testNoHintWithoutPendingActions() {
        let virtual = DispatchQueue.virtualScheduler()
        let recorder = PassthroughSubject<Int, Never>().delay(for: .seconds(3), scheduler: virtual).record()
        virtual.advance(by: .seconds(3))
        let line = #line + 1
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1], timeout: shortTimeout) }
        assertFailures(failures, ["XCTAssertRecordedValues failed: waited 0.05 seconds for 1 value, received only 0: []\n"], at: line)
    }
}

@Suite struct PendingSchedulerHintSwiftTests {
    @Test("A real-time assertion on virtually scheduled code names the scheduler (fails on purpose)", .tags(.failurePath))
    func aRealTimeAssertionOnVirtuallyScheduledCodeNamesTheScheduler() async {
        let virtual = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: virtual).record()
        _ = await expectIssues([
            "expectRecordedValues failed: waited 0.1 seconds for 1 value, received only 0: []. "
                + "A virtual scheduler of this test has 2 pending actions, the next due at 3s of its time (it is at 0s): "
                + "real time does not move it; if the code under test runs on one, pass `scheduler:` to wait in virtual time\n",
        ], atLine: #line + 1) {
            expectRecordedValues(recorder, [1], timeout: 0.1)
        }
    }

    /// Parallel tests: each sees its own scheduler only.
    @Test("Each test is told of its own schedulers only (fails on purpose)", .tags(.failurePath), arguments: 1...4)
    func eachTestIsToldOfItsOwnSchedulersOnly(_ seconds: Int) async {
        let virtual = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(seconds), scheduler: virtual).record()
        _ = await expectIssues([
            "expectRecordedValues failed: waited 0.05 seconds for 1 value, received only 0: []. "
                + "A virtual scheduler of this test has 2 pending actions, the next due at \(seconds)s of its time",
        ], atLine: #line + 1) {
            expectRecordedValues(recorder, [1], timeout: 0.05)
        }
    }
}
