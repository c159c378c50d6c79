import CombineProbe
import Foundation
import XCTest

/// `CancelledActionRelease` in XCTest, from nonisolated and `@MainActor`
/// tests, sync and async, on schedulers whose actions run in the caller's
/// context and on the main actor.
final class CancelledActionReleaseTests: XCTestCase {
    func testTheDebounceTestLeavesNothingBehindWithASynchronousWait() {
        XCTAssertEqual(CancelledActionRelease.debounceTestWaitedSynchronously(), [])
    }

    @MainActor func testTheDebounceTestLeavesNothingBehindFromTheMainActor() {
        XCTAssertEqual(CancelledActionRelease.debounceTestWaitedSynchronously(), [])
        XCTAssertEqual(CancelledActionRelease.debounceTestWaitedSynchronously(actionsOn: .mainActor), [])
    }

    func testTheDebounceTestLeavesNothingBehindWithTheAsyncWait() async {
        let left = await CancelledActionRelease.debounceTestWaitedAsynchronously()
        XCTAssertEqual(left, [])
        let leftOnTheMainActor = await CancelledActionRelease.debounceTestWaitedAsynchronously(actionsOn: .mainActor)
        XCTAssertEqual(leftOnTheMainActor, [])
    }

    @MainActor func testTheDebounceTestLeavesNothingBehindWithTheAsyncWaitFromTheMainActor() async {
        let left = await CancelledActionRelease.debounceTestWaitedAsynchronously()
        XCTAssertEqual(left, [])
        let leftOnTheMainActor = await CancelledActionRelease.debounceTestWaitedAsynchronously(actionsOn: .mainActor)
        XCTAssertEqual(leftOnTheMainActor, [])
    }

    func testCancellingARepeatingScheduleReleasesItsActionAtOnce() {
        XCTAssertEqual(CancelledActionRelease.repeatingSchedulesOfADispatchQueue(), [])
        XCTAssertEqual(CancelledActionRelease.repeatingScheduleOfARunLoop(), [])
    }

    @MainActor func testCancellingARepeatingScheduleReleasesItsActionAtOnceFromTheMainActor() {
        for context in [VirtualActionContext.caller, .mainActor] {
            XCTAssertEqual(CancelledActionRelease.repeatingSchedulesOfADispatchQueue(actionsOn: context), [], "\(context)")
            XCTAssertEqual(CancelledActionRelease.repeatingScheduleOfARunLoop(actionsOn: context), [], "\(context)")
        }
    }

    func testAPendingActionKeepsWhatItCapturedUntilTimeRuns() {
        let (kept, released) = CancelledActionRelease.pendingCompletion()
        XCTAssertTrue(kept, "a pending completion no longer holds its scheduler: the guide says it does")
        XCTAssertTrue(released, "the scheduler outlived a test that ran its time")
    }

    func testCancellingAScriptedSubscriptionReleasesItsDeliveries() {
        XCTAssertEqual(CancelledActionRelease.cancelledScriptedSubscription(), [])
    }

    @MainActor func testCancellingAScriptedSubscriptionReleasesItsDeliveriesFromTheMainActor() {
        XCTAssertEqual(CancelledActionRelease.cancelledScriptedSubscription(), [])
        XCTAssertEqual(CancelledActionRelease.cancelledScriptedSubscription(actionsOn: .mainActor), [])
    }

    func testAnActionReleasedByACancellationMayScheduleOnItsScheduler() {
        XCTAssertEqual(CancelledActionRelease.releaseThatSchedulesAgain(), [])
    }

    @MainActor func testAnActionReleasedByACancellationMayScheduleOnItsSchedulerFromTheMainActor() {
        XCTAssertEqual(CancelledActionRelease.releaseThatSchedulesAgain(), [])
    }
}
