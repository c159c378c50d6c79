@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// While a schedule is explored, an action of no double keeps the instant it
/// was scheduled at, its source (`ActionSlots.setInstant`): two actions
/// scheduled at one instant keep their order, and one scheduled later races
/// with them. A and B, scheduled at 0, and C, scheduled at 10 ms, all due at
/// 30 ms: A runs before B in every schedule, and C before, between or after
/// them, three orders in all. Lost instants would give one order; a source
/// per action, six. Whichever isolation the test and the scheduler's
/// actions have.
enum ActionInstantsExplorationCheck {
    static let expectedOrders: Set<[String]> = [["A", "B", "C"], ["A", "C", "B"], ["C", "A", "B"]]

    private static func scheduleFirst(on scheduler: VirtualSchedulerOf<DispatchQueue>, _ order: Locked<[String]>) {
        for name in ["A", "B"] {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(30))) { order.withLock { $0.append(name) } }
        }
    }

    private static func scheduleLater(on scheduler: VirtualSchedulerOf<DispatchQueue>, _ order: Locked<[String]>) {
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { order.withLock { $0.append("C") } }
    }

    /// The orders a synchronous exploration saw, how many schedules it ran,
    /// and whether it says it covered every schedule.
    static func orders(actionsOn actions: VirtualActionContext) -> (orders: Set<[String]>, runs: Int, covered: Bool) {
        var seen: [[String]] = []
        let result = ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let order = Locked<[String]>([])
            scheduleFirst(on: scheduler, order)
            scheduler.advance(by: .milliseconds(10))
            scheduleLater(on: scheduler, order)
            scheduler.advance(by: .milliseconds(20))
            seen.append(order.withLock { $0 })
            return true
        }
        return (Set(seen), seen.count, result.coveredEverySchedule)
    }

    /// The same, explored asynchronously in the caller's isolation.
    static func ordersAsync(
        actionsOn actions: VirtualActionContext, isolation: isolated (any Actor)? = #isolation
    ) async -> (orders: Set<[String]>, runs: Int, covered: Bool) {
        var seen: [[String]] = []
        let result = await ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let order = Locked<[String]>([])
            scheduleFirst(on: scheduler, order)
            await scheduler.advance(by: .milliseconds(10))
            scheduleLater(on: scheduler, order)
            await scheduler.advance(by: .milliseconds(20))
            seen.append(order.withLock { $0 })
            return true
        }
        return (Set(seen), seen.count, result.coveredEverySchedule)
    }

    static func isAsExpected(_ found: (orders: Set<[String]>, runs: Int, covered: Bool)) -> Bool {
        found.orders == expectedOrders && found.runs == expectedOrders.count && found.covered
    }
}

final class ActionInstantsExplorationTests: XCTestCase {
    func testActionsOfOneInstantKeepTheirOrderAndALaterOneRaces() {
        let found = ActionInstantsExplorationCheck.orders(actionsOn: .caller)
        XCTAssertTrue(ActionInstantsExplorationCheck.isAsExpected(found), "\(found)")
    }

    func testTheSameAsyncWithActionsOnTheMainActor() async {
        let found = await ActionInstantsExplorationCheck.ordersAsync(actionsOn: .mainActor)
        XCTAssertTrue(ActionInstantsExplorationCheck.isAsExpected(found), "\(found)")
    }

    @MainActor func testTheSameFromTheMainActor() {
        let found = ActionInstantsExplorationCheck.orders(actionsOn: .mainActor)
        XCTAssertTrue(ActionInstantsExplorationCheck.isAsExpected(found), "\(found)")
    }

    @MainActor func testTheSameAsyncFromTheMainActor() async {
        let found = await ActionInstantsExplorationCheck.ordersAsync(actionsOn: .mainActor)
        XCTAssertTrue(ActionInstantsExplorationCheck.isAsExpected(found), "\(found)")
    }
}

@Suite struct ActionInstantsExplorationSwiftTests {
    @Test func actionsOfOneInstantKeepTheirOrderAndALaterOneRaces() {
        #expect(ActionInstantsExplorationCheck.isAsExpected(ActionInstantsExplorationCheck.orders(actionsOn: .caller)))
    }

    @Test func theSameAsyncWithActionsOnTheMainActor() async {
        #expect(ActionInstantsExplorationCheck.isAsExpected(await ActionInstantsExplorationCheck.ordersAsync(actionsOn: .mainActor)))
    }

    @Test @MainActor func theSameFromTheMainActor() {
        #expect(ActionInstantsExplorationCheck.isAsExpected(ActionInstantsExplorationCheck.orders(actionsOn: .mainActor)))
    }

    @Test @MainActor func theSameAsyncFromTheMainActor() async {
        #expect(ActionInstantsExplorationCheck.isAsExpected(await ActionInstantsExplorationCheck.ordersAsync(actionsOn: .mainActor)))
    }
}
