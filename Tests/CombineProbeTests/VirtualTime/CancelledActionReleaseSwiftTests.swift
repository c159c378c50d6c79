import CombineProbe
import Foundation
import Testing

/// `CancelledActionRelease` in Swift Testing, from nonisolated and
/// `@MainActor` tests, sync and async, on schedulers whose actions run in
/// the caller's context and on the main actor.
@Suite struct CancelledActionReleaseSwiftTests {
    @Test func theDebounceTestLeavesNothingBehindWithASynchronousWait() {
        #expect(CancelledActionRelease.debounceTestWaitedSynchronously() == [])
    }

    @MainActor @Test func theDebounceTestLeavesNothingBehindFromTheMainActor() {
        #expect(CancelledActionRelease.debounceTestWaitedSynchronously() == [])
        #expect(CancelledActionRelease.debounceTestWaitedSynchronously(actionsOn: .mainActor) == [])
    }

    @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func theDebounceTestLeavesNothingBehindWithTheAsyncWait(_ context: VirtualActionContext) async {
        #expect(await CancelledActionRelease.debounceTestWaitedAsynchronously(actionsOn: context) == [])
    }

    @MainActor @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func theDebounceTestLeavesNothingBehindWithTheAsyncWaitFromTheMainActor(_ context: VirtualActionContext) async {
        #expect(await CancelledActionRelease.debounceTestWaitedAsynchronously(actionsOn: context) == [])
    }

    @Test func cancellingARepeatingScheduleReleasesItsActionAtOnce() {
        #expect(CancelledActionRelease.repeatingSchedulesOfADispatchQueue() == [])
        #expect(CancelledActionRelease.repeatingScheduleOfARunLoop() == [])
    }

    @MainActor @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func cancellingARepeatingScheduleReleasesItsActionAtOnceFromTheMainActor(_ context: VirtualActionContext) {
        #expect(CancelledActionRelease.repeatingSchedulesOfADispatchQueue(actionsOn: context) == [])
        #expect(CancelledActionRelease.repeatingScheduleOfARunLoop(actionsOn: context) == [])
    }

    @MainActor @Test func aPendingActionKeepsWhatItCapturedUntilTimeRuns() {
        let (kept, released) = CancelledActionRelease.pendingCompletion()
        #expect(kept, "a pending completion no longer holds its scheduler: the guide says it does")
        #expect(released, "the scheduler outlived a test that ran its time")
    }

    @Test func cancellingAScriptedSubscriptionReleasesItsDeliveries() {
        #expect(CancelledActionRelease.cancelledScriptedSubscription() == [])
    }

    @MainActor @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func cancellingAScriptedSubscriptionReleasesItsDeliveriesFromTheMainActor(_ context: VirtualActionContext) {
        #expect(CancelledActionRelease.cancelledScriptedSubscription(actionsOn: context) == [])
    }

    @Test func anActionReleasedByACancellationMayScheduleOnItsScheduler() {
        #expect(CancelledActionRelease.releaseThatSchedulesAgain() == [])
    }

    @MainActor @Test func anActionReleasedByACancellationMayScheduleOnItsSchedulerFromTheMainActor() {
        #expect(CancelledActionRelease.releaseThatSchedulesAgain() == [])
    }
}
