@testable import CombineProbe
import Foundation
import XCTest

/// The engine: which schedules run, in which order, and what a failing one
/// reports.
final class ScheduleExplorationEngineTests: XCTestCase {
    func testTwoTiedActionsRunInBothOrdersAndTheSpaceIsCovered() {
        var orders: [[Int]] = []
        let result = ScheduleExploration(schedules: 50).run { _ in
            orders.append(tiedOrder(2))
            return true
        }
        XCTAssertEqual(orders, [[0, 1], [1, 0]])
        XCTAssertEqual(result.schedulesRun, 2)
        XCTAssertTrue(result.coveredEverySchedule)
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.report, "Covered every schedule (2 distinct orders): all passed.")
    }

    func testThreeTiedActionsRunInEverySixOrdersOnce() {
        var orders: [[Int]] = []
        let result = ScheduleExploration(schedules: 50).run { _ in
            orders.append(tiedOrder(3))
            return true
        }
        XCTAssertEqual(Set(orders).count, 6)
        XCTAssertEqual(orders.count, 6)
        XCTAssertEqual(orders.first, [0, 1, 2])
        XCTAssertTrue(result.coveredEverySchedule)
    }

    func testSchedulesWithFewerDeviationsRunFirst() {
        var counts: [Int] = []
        _ = ScheduleExploration(schedules: 200).run { schedule in
            counts.append(schedule.deviationCount)
            _ = tiedOrder(4)
            _ = tiedOrder(3)
            return true
        }
        XCTAssertEqual(counts.count, 144)
        XCTAssertEqual(counts, counts.sorted())
    }

    func testABudgetSmallerThanTheSpaceSaysSo() {
        let result = ScheduleExploration(schedules: 5).run { _ in
            _ = tiedOrder(4)
            return true
        }
        XCTAssertEqual(result.schedulesRun, 5)
        XCTAssertFalse(result.coveredEverySchedule)
        XCTAssertEqual(result.report, "5 schedules passed (the budget), of at least 15: more remain unexplored.")
    }

    func testTheFirstFailingScheduleIsReportedWithItsSeedAndWhatItReordered() throws {
        let result = ScheduleExploration(schedules: 50).run { _ in
            tiedOrder(3).first == 0
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.schedule.number, 2)
        XCTAssertEqual(failure.deviations.count, 1)
        XCTAssertEqual(failure.deviations.count, 1)
        XCTAssertTrue(failure.deviations[0].hasPrefix("at 10ms, ran the action scheduled #"), failure.deviations[0])
        XCTAssertTrue(failure.deviations[0].hasSuffix(" before the action scheduled #1"), failure.deviations[0])
        XCTAssertTrue(result.report.contains("Replay it with `replaying: \"\(failure.schedule.seed)\"`"), result.report)
        XCTAssertTrue(result.report.contains("COMBINEPROBE_SCHEDULE=\(failure.schedule.seed)"), result.report)
    }

    func testASeedReplaysTheSameOrder() throws {
        var failingOrder: [Int] = []
        let result = ScheduleExploration(schedules: 50).run { _ in
            failingOrder = tiedOrder(3)
            return failingOrder != [2, 0, 1]
        }
        let seed = try XCTUnwrap(result.failure?.schedule.seed)
        for _ in 0..<100 {
            var replayed: [Int] = []
            let replay = ScheduleExploration(replaying: seed).run { _ in
                replayed = tiedOrder(3)
                return true
            }
            XCTAssertEqual(replayed, [2, 0, 1])
            XCTAssertEqual(replay.schedulesRun, 1)
        }
    }

    func testDifferentBaseSeedsOrderALevelDifferently() {
        func firstOrders(seed: UInt64) -> [[Int]] {
            var orders: [[Int]] = []
            _ = ScheduleExploration(schedules: 6, seed: seed).run { _ in
                orders.append(tiedOrder(5))
                return true
            }
            return orders
        }
        XCTAssertEqual(firstOrders(seed: 1), firstOrders(seed: 1))
        XCTAssertNotEqual(firstOrders(seed: 1), firstOrders(seed: 2))
    }

    func testAnUnreadableSeedRunsNothingAndSaysWhy() {
        var runs = 0
        let result = ScheduleExploration(replaying: "4.x").run { _ in
            runs += 1
            return true
        }
        XCTAssertEqual(runs, 0)
        XCTAssertEqual(result.report, "\"4.x\" is not a schedule seed: a seed is `default`, or deviations like `4.1-9.2` "
            + "(at choice 4 take option 1, at choice 9 option 2), as a failure report prints it")
    }

    func testASchedulerMadeOutsideAnExplorationKeepsItsOrder() {
        let scheduler = DispatchQueue.virtualScheduler()
        XCTAssertNil(scheduler.scheduleChoices)
        let result = ScheduleExploration(schedules: 10).run { _ in
            let order = Locked<[Int]>([])
            for index in 0..<3 { scheduler.schedule { order.withLock { $0.append(index) } } }
            scheduler.advance()
            return order.withLock { $0 } == [0, 1, 2]
        }
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.schedulesRun, 1)
        XCTAssertTrue(result.coveredEverySchedule)
    }

    func testActionsOneCodeScheduledTogetherKeepTheirOrderByDefault() {
        var events: [[String]] = []
        func receiveOnce() -> Bool {
            let scheduler = DispatchQueue.virtualScheduler()
            let received = Locked<[String]>([])
            let cancellable = Just(1).receive(on: scheduler).sink(
                receiveCompletion: { _ in received.withLock { $0.append("finished") } },
                receiveValue: { value in received.withLock { $0.append("value \(value)") } })
            scheduler.advance()
            cancellable.cancel()
            events.append(received.withLock { $0 })
            return true
        }
        let result = ScheduleExploration(schedules: 50).run { _ in receiveOnce() }
        XCTAssertEqual(events, [["value 1", "finished"]])
        XCTAssertTrue(result.coveredEverySchedule)
        events = []
        let everyTie = ScheduleExploration(schedules: 50, exploring: .all).run { _ in receiveOnce() }
        XCTAssertEqual(events, [["value 1", "finished"], ["finished"]], "a serial queue never takes the second order")
        XCTAssertTrue(everyTie.coveredEverySchedule)
    }

    func testOnlyWhatItExploresIsReordered() {
        var orders: Set<[Int]> = []
        let result = ScheduleExploration(schedules: 50, exploring: .latencies).run { _ in
            orders.insert(tiedOrder(3))
            return true
        }
        XCTAssertEqual(orders, [[0, 1, 2]])
        XCTAssertEqual(result.schedulesRun, 1)
    }

    func testMoreTiesThanAChoiceLooksAtAreNotClaimedCovered() {
        let result = ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let due = scheduler.now.advanced(by: .seconds(1))
            // Seventeen actions of one source, then one of another: the
            // last is not among the first sixteen ties a choice looks at
            // until two have run: it runs 3rd to 18th, never 1st or 2nd.
            for _ in 0..<17 { scheduler.schedule(after: due) {} }
            scheduler.advance(by: .milliseconds(1))
            scheduler.schedule(after: due) {}
            scheduler.advance(by: .seconds(1))
            return true
        }
        XCTAssertFalse(result.coveredEverySchedule)
        XCTAssertEqual(result.report, "16 schedules passed; more than 16 actions were due at one instant, "
            + "and a choice looks at the first 16 only: some orders were not offered.")
    }

    func testAMockLatencyRangeTriesBothBounds() {
        var orders: Set<[String]> = []
        let result = ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = UserServiceMock()
            service.delivery = .after(between: .milliseconds(100) ... .milliseconds(500), on: scheduler)
            service.getUserResult = .computed { User(id: 1, name: "first") }
            let answers = Locked<[String]>([])
            var bag: [AnyCancellable] = []
            service.getUser(id: 1).sink(receiveCompletion: { _ in }, receiveValue: { _ in answers.withLock { $0.append("a") } }).store(in: &bag)
            scheduler.advance(by: .milliseconds(50))
            service.getUser(id: 2).sink(receiveCompletion: { _ in }, receiveValue: { _ in answers.withLock { $0.append("b") } }).store(in: &bag)
            scheduler.run()
            orders.insert(answers.withLock { $0 })
            return true
        }
        XCTAssertEqual(orders, [["a", "b"], ["b", "a"]])
        XCTAssertEqual(result.schedulesRun, 4)
        XCTAssertTrue(result.coveredEverySchedule)
    }
}
