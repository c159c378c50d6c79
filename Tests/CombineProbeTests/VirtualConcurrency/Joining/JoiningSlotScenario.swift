@testable import CombineProbe
import Foundation

/// A schedule's world, as the schedule's choices keep it (`JoiningSlot`),
/// for `JoiningSlotTests` and `JoiningSlotSwiftTests`.
enum JoiningSlotScenario {
    /// Runs one schedule that makes a scheduler whose actions run in
    /// `context`: whether the schedule's choices had a world that lives
    /// while it ran, and after it ended.
    static func worldOfOneSchedule(actionsOn context: VirtualActionContext) -> (lived: Bool, livesAfter: Bool) {
        let seen = Seen()
        let result = ScheduleExploration(schedules: 1, seed: 1).run { _ in seen.schedule(actionsOn: context) }
        return seen.verdict(result)
    }

    /// ``worldOfOneSchedule(actionsOn:)`` with an async body, in the
    /// caller's isolation. The body takes no async step: a step makes the
    /// world's executor, which its round trips through the main queue keep
    /// for a moment after the schedule ends (the slot says the world lives
    /// while its executor does).
    static func worldOfOneAsyncSchedule(
        actionsOn context: VirtualActionContext, isolation: isolated (any Actor)? = #isolation
    ) async -> (lived: Bool, livesAfter: Bool) {
        let seen = Seen()
        // Typed async: the exploration's async form, not the sync one.
        let result = await ScheduleExploration(schedules: 1, seed: 1).run { (_: ExploredSchedule) async -> Bool in
            seen.schedule(actionsOn: context)
        }
        return seen.verdict(result)
    }

    /// What the schedule's body saw, for the verdict after it.
    private final class Seen {
        var choices: ScheduleChoices?
        var lived = false

        /// The schedule's body: makes a scheduler, and notes the
        /// schedule's choices and whether their world lives.
        func schedule(actionsOn context: VirtualActionContext) -> Bool {
            choices = ScheduleChoices.current
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: context)
            lived = ScheduleChoices.current?.joiningWorld.lives == true
            withExtendedLifetime(scheduler) {}
            return true
        }

        /// Whether the world lived while the one schedule ran, and after.
        func verdict(_ result: ExplorationResult) -> (lived: Bool, livesAfter: Bool) {
            (lived && result.schedulesRun == 1, choices?.joiningWorld.lives ?? true)
        }
    }
}
