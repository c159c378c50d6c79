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

    /// Schedules `ties` actions at one instant on `scheduler`, each
    /// writing its index into `order` when it runs.
    /// An action due later keeps the ties where they were scheduled, in the
    /// queue's array of keys scheduled in order, when a choice takes them
    /// out: the choice puts them back there.
    private static func schedule(on scheduler: VirtualSchedulerOf<DispatchQueue>, _ order: Locked<[Int]>) {
        for index in 0..<ties {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(10))) {
                order.withLock { $0.append(index) }
            }
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) {
            order.withLock { $0.append(ties) }
        }
    }

    /// The distinct orders a synchronous exploration saw, and whether it
    /// says it covered every schedule.
    static func orders(actionsOn actions: VirtualActionContext) -> (orders: Set<[Int]>, runs: Int, covered: Bool) {
        var seen: [[Int]] = []
        let result = ScheduleExploration(schedules: 100, exploring: .all).run { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let order = Locked<[Int]>([])
            schedule(on: scheduler, order)
            scheduler.advance(by: .milliseconds(20))
            seen.append(order.withLock { $0 })
            return true
        }
        return (Set(seen), seen.count, result.coveredEverySchedule)
    }

    /// The same, explored asynchronously in the caller's isolation.
    static func ordersAsync(
        actionsOn actions: VirtualActionContext, isolation: isolated (any Actor)? = #isolation
    ) async -> (orders: Set<[Int]>, runs: Int, covered: Bool) {
        var seen: [[Int]] = []
        let result = await ScheduleExploration(schedules: 100, exploring: .all).run { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let order = Locked<[Int]>([])
            schedule(on: scheduler, order)
            await scheduler.advance(by: .milliseconds(20))
            seen.append(order.withLock { $0 })
            return true
        }
        return (Set(seen), seen.count, result.coveredEverySchedule)
    }

    /// Every order once, and the space said to be covered.
    static func isComplete(_ found: (orders: Set<[Int]>, runs: Int, covered: Bool)) -> Bool {
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
