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

    /// A and B scheduled at 0, then, 10 ms on, C: all due at 30 ms.
    private static let phases: [ActionOrderExploration.Phase<String>] = [
        .init(schedule: { scheduler, log in
            for name in ["A", "B"] {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(30))) { log.withLock { $0.append(name) } }
            }
        }, advance: 10),
        .init(schedule: { scheduler, log in
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { log.withLock { $0.append("C") } }
        }, advance: 20),
    ]

    /// The orders a synchronous exploration saw, how many schedules it ran,
    /// and whether it says it covered every schedule.
    static func orders(actionsOn actions: VirtualActionContext) -> ActionOrderExploration.Found<String> {
        ActionOrderExploration.orders(schedules: 50, actionsOn: actions, phases)
    }

    /// The same, explored asynchronously in the caller's isolation.
    static func ordersAsync(
        actionsOn actions: VirtualActionContext, isolation: isolated (any Actor)? = #isolation
    ) async -> ActionOrderExploration.Found<String> {
        await ActionOrderExploration.ordersAsync(schedules: 50, actionsOn: actions, phases)
    }

    static func isAsExpected(_ found: ActionOrderExploration.Found<String>) -> Bool {
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
