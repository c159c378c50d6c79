@testable import CombineProbe
import Foundation

/// Explores actions a check schedules on a virtual scheduler in phases, and
/// collects the orders they ran in: each phase schedules its actions (each
/// writes its name into the log when it runs), then time moves on by the
/// phase's milliseconds. The checks of ties and of instants
/// (`TiedActionsExplorationCheck`, `ActionInstantsExplorationCheck`) share
/// it, synchronous and in the caller's isolation.
enum ActionOrderExploration {
    /// One phase: what it schedules, then how far time moves.
    struct Phase<Name: Sendable>: Sendable {
        let schedule: @Sendable (VirtualSchedulerOf<DispatchQueue>, Locked<[Name]>) -> Void
        let advance: Int
    }

    /// The distinct orders the schedules ran the actions in, how many
    /// schedules ran, and whether the exploration says it covered them all.
    typealias Found<Name: Hashable> = (orders: Set<[Name]>, runs: Int, covered: Bool)

    /// The orders a synchronous exploration saw.
    static func orders<Name: Hashable & Sendable>(
        schedules: Int, exploring orders: ExploredOrders = .default, actionsOn actions: VirtualActionContext,
        _ phases: [Phase<Name>]
    ) -> Found<Name> {
        var seen: [[Name]] = []
        let result = ScheduleExploration(schedules: schedules, exploring: orders).run { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let log = Locked<[Name]>([])
            for phase in phases {
                phase.schedule(scheduler, log)
                scheduler.advance(by: .milliseconds(phase.advance))
            }
            seen.append(log.withLock { $0 })
            return true
        }
        return (Set(seen), seen.count, result.coveredEverySchedule)
    }

    /// The same, explored asynchronously in the caller's isolation.
    static func ordersAsync<Name: Hashable & Sendable>(
        schedules: Int, exploring orders: ExploredOrders = .default, actionsOn actions: VirtualActionContext,
        _ phases: [Phase<Name>], isolation: isolated (any Actor)? = #isolation
    ) async -> Found<Name> {
        var seen: [[Name]] = []
        let result = await ScheduleExploration(schedules: schedules, exploring: orders).run { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let log = Locked<[Name]>([])
            for phase in phases {
                phase.schedule(scheduler, log)
                await scheduler.advance(by: .milliseconds(phase.advance))
            }
            seen.append(log.withLock { $0 })
            return true
        }
        return (Set(seen), seen.count, result.coveredEverySchedule)
    }
}
