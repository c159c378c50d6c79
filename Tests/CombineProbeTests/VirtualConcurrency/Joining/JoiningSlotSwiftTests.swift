import CombineProbe
import Testing

/// `JoiningSlotScenario` in Swift Testing: a schedule lets its world go
/// when it ends, from nonisolated and `@MainActor` tests, sync and async,
/// on schedulers whose actions run in the caller's context and on the main
/// actor.
@Suite struct JoiningSlotSwiftTests {
    @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func aScheduleLetsItsWorldGoWhenItEnds(_ context: VirtualActionContext) {
        let (lived, livesAfter) = JoiningSlotScenario.worldOfOneSchedule(actionsOn: context)
        #expect(lived, "the schedule's first world is the one its tasks join")
        #expect(!livesAfter, "the schedule's choices keep no world of an ended schedule alive")
    }

    @MainActor @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func aScheduleLetsItsWorldGoWhenItEndsFromTheMainActor(_ context: VirtualActionContext) {
        let (lived, livesAfter) = JoiningSlotScenario.worldOfOneSchedule(actionsOn: context)
        #expect(lived, "the schedule's first world is the one its tasks join")
        #expect(!livesAfter, "the schedule's choices keep no world of an ended schedule alive")
    }

    @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func anAsyncScheduleLetsItsWorldGoWhenItEnds(_ context: VirtualActionContext) async {
        let (lived, livesAfter) = await JoiningSlotScenario.worldOfOneAsyncSchedule(actionsOn: context)
        #expect(lived, "the schedule's first world is the one its tasks join")
        #expect(!livesAfter, "the schedule's choices keep no world of an ended schedule alive")
    }

    @MainActor @Test(arguments: [VirtualActionContext.caller, .mainActor])
    func anAsyncScheduleLetsItsWorldGoWhenItEndsFromTheMainActor(_ context: VirtualActionContext) async {
        let (lived, livesAfter) = await JoiningSlotScenario.worldOfOneAsyncSchedule(actionsOn: context)
        #expect(lived, "the schedule's first world is the one its tasks join")
        #expect(!livesAfter, "the schedule's choices keep no world of an ended schedule alive")
    }
}
