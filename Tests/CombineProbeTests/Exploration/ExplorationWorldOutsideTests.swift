@testable import CombineProbe
import Foundation
import XCTest

/// A world made outside an exploration's body offers it no choice: the body
/// runs once, and no state is carried from one schedule into the next.
final class ExplorationWorldOutsideTests: FailureCapturingTestCase {
    /// Two calls to `service`, 20ms apart, on `scheduler`: the order their
    /// answers came in.
    private func answerOrder(of service: UserServiceMock, on scheduler: VirtualSchedulerOf<DispatchQueue>) -> [Int] {
        service.getUserResult = .computed { User(id: 1, name: "Ada") }
        let answers = Locked<[Int]>([])
        var bag: [AnyCancellable] = []
        for id in 1...2 {
            service.getUser(id: id)
                .sink(receiveCompletion: { _ in }, receiveValue: { _ in answers.withLock { $0.append(id) } })
                .store(in: &bag)
            scheduler.advance(by: .milliseconds(20))
        }
        scheduler.run()
        return answers.withLock { $0 }
    }

    func testASchedulerAndAMockMadeOutsideTheBodyOfferNoChoice() {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.delivery = .after(between: .milliseconds(30) ... .milliseconds(400), on: scheduler)
        var orders: [[Int]] = []
        let result = ScheduleExploration().run { _ in
            orders.append(answerOrder(of: service, on: scheduler))
            return true
        }
        XCTAssertEqual(result.schedulesRun, 1, result.report)
        XCTAssertEqual(orders, [[1, 2]])
        XCTAssertTrue(result.coveredEverySchedule)
        XCTAssertEqual(result.report, "Covered every schedule (1 distinct order): the body met no choice, so it is the only schedule the test can take.")
    }

    func testAMockMadeOutsideTheBodyOnASchedulerMadeInsideIsExplored() {
        let service = UserServiceMock()
        var orders: Set<[Int]> = []
        let result = ScheduleExploration().run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            service.delivery = .after(between: .milliseconds(30) ... .milliseconds(400), on: scheduler)
            orders.insert(answerOrder(of: service, on: scheduler))
            return true
        }
        XCTAssertEqual(orders, [[1, 2], [2, 1]])
        XCTAssertEqual(result.schedulesRun, 4)
    }

    func testTheTestCasesMethodRunsAWorldMadeOutsideOnce() {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.delivery = .after(between: .milliseconds(30) ... .milliseconds(400), on: scheduler)
        var runs = 0
        let (failures, _) = captureFailures {
            exploreSchedules { _ in
                runs += 1
                XCTAssertEqual(answerOrder(of: service, on: scheduler), [1, 2])
            }
        }
        XCTAssertEqual(failures.count, 0, "\(failures)")
        XCTAssertEqual(runs, 1)
    }

    func testASchedulerKeptFromAnEarlierScheduleNoLongerChooses() {
        var kept: VirtualSchedulerOf<DispatchQueue>?
        var orders: [[Int]] = []
        let result = ScheduleExploration(schedules: 10).run { _ in
            let scheduler = kept ?? DispatchQueue.virtualScheduler()
            kept = scheduler
            // Two actions due at one instant, scheduled 1ms apart: they race.
            let order = Locked<[Int]>([])
            let due = scheduler.now.advanced(by: .milliseconds(10))
            for index in 0..<2 {
                scheduler.schedule(after: due) { order.withLock { $0.append(index) } }
                scheduler.advance(by: .milliseconds(1))
            }
            scheduler.advance(by: .milliseconds(10))
            orders.append(order.withLock { $0 })
            return true
        }
        // The first schedule's scheduler met a choice, so a second schedule
        // (seed 0.1) ran; kept, that scheduler follows neither schedule 1
        // (whose run ended: see the next test) nor schedule 2.
        XCTAssertEqual(orders, [[0, 1], [0, 1]], result.report)
        XCTAssertEqual(result.schedulesRun, 2)
    }

    func testAClosedScheduleTakesTheDefaultAndRecordsNothing() {
        let choices = ScheduleChoices(path: SchedulePath.parse("0.1")!)
        choices.close()
        XCTAssertEqual(choices.choose(2, kind: .latency) { _ in { "" } }, 0)
        XCTAssertEqual(choices.points, [])
    }
}
