@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// An exploration of four actions due at one instant covers their 24 orders,
/// each once, whichever isolation the test and the scheduler's actions have:
/// each choice takes ties out of the queue and puts back all but the one it
/// runs (`RadixKeyQueue.restore(_:except:)`), with every option taken.
enum TiedActionsExplorationCheck {
    static let ties = 4
    static let expectedOrders = 24

    /// `ties` actions at one instant, each writing its index into the log
    /// when it runs, then 20 ms of time.
    /// An action due later keeps the ties where they were scheduled, in the
    /// queue's array of keys scheduled in order, when a choice takes them
    /// out: the choice puts them back there.
    private static let phases: [ActionOrderExploration.Phase<Int>] = [
        .init(schedule: { scheduler, log in
            for index in 0..<ties {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(10))) { log.withLock { $0.append(index) } }
            }
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { log.withLock { $0.append(ties) } }
        }, advance: 20),
    ]

    /// The distinct orders a synchronous exploration saw, and whether it
    /// says it covered every schedule.
    static func orders(actionsOn actions: VirtualActionContext) -> ActionOrderExploration.Found<Int> {
        ActionOrderExploration.orders(schedules: 100, exploring: .all, actionsOn: actions, phases)
    }

    /// The same, explored asynchronously in the caller's isolation.
    static func ordersAsync(
        actionsOn actions: VirtualActionContext, isolation: isolated (any Actor)? = #isolation
    ) async -> ActionOrderExploration.Found<Int> {
        await ActionOrderExploration.ordersAsync(schedules: 100, exploring: .all, actionsOn: actions, phases)
    }

    /// Every order once, and the space said to be covered.
    static func isComplete(_ found: ActionOrderExploration.Found<Int>) -> Bool {
        found.orders.count == expectedOrders && found.runs == expectedOrders && found.covered
            && found.orders.allSatisfy { $0.sorted() == Array(0...ties) && $0.last == ties }
    }
}

final class TiedActionsExplorationTests: XCTestCase {
    func testEveryOrderOnce() {
        let found = TiedActionsExplorationCheck.orders(actionsOn: .caller)
        XCTAssertTrue(TiedActionsExplorationCheck.isComplete(found), "\(found)")
    }

    func testEveryOrderOnceAsyncWithActionsOnTheMainActor() async {
        let found = await TiedActionsExplorationCheck.ordersAsync(actionsOn: .mainActor)
        XCTAssertTrue(TiedActionsExplorationCheck.isComplete(found), "\(found)")
    }

    @MainActor func testEveryOrderOnceFromTheMainActor() {
        let found = TiedActionsExplorationCheck.orders(actionsOn: .mainActor)
        XCTAssertTrue(TiedActionsExplorationCheck.isComplete(found), "\(found)")
    }

    @MainActor func testEveryOrderOnceAsyncFromTheMainActor() async {
        let found = await TiedActionsExplorationCheck.ordersAsync(actionsOn: .mainActor)
        XCTAssertTrue(TiedActionsExplorationCheck.isComplete(found), "\(found)")
    }
}

@Suite struct TiedActionsExplorationSwiftTests {
    @Test func everyOrderOnce() {
        #expect(TiedActionsExplorationCheck.isComplete(TiedActionsExplorationCheck.orders(actionsOn: .caller)))
    }

    @Test func everyOrderOnceAsyncWithActionsOnTheMainActor() async {
        #expect(TiedActionsExplorationCheck.isComplete(await TiedActionsExplorationCheck.ordersAsync(actionsOn: .mainActor)))
    }

    @Test @MainActor func everyOrderOnceFromTheMainActor() {
        #expect(TiedActionsExplorationCheck.isComplete(TiedActionsExplorationCheck.orders(actionsOn: .mainActor)))
    }

    @Test @MainActor func everyOrderOnceAsyncFromTheMainActor() async {
        #expect(TiedActionsExplorationCheck.isComplete(await TiedActionsExplorationCheck.ordersAsync(actionsOn: .mainActor)))
    }
}
