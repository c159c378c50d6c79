@testable import CombineProbe
import Foundation
import XCTest

/// `XCTestCase.exploreSchedules`: sync and async, nonisolated and on the
/// main actor, passing and failing.
final class ExploreSchedulesXCTests: FailureCapturingTestCase {
    func testAPassingBodyRunsEveryScheduleAndReportsNothing() {
        var orders: [[Int]] = []
        let (failures, _) = captureFailures {
            exploreSchedules(50) { _ in orders.append(tiedOrder(2)) }
        }
        XCTAssertEqual(failures.count, 0, "\(failures)")
        XCTAssertEqual(orders, [[0, 1], [1, 0]])
    }

    func testTheFirstFailingScheduleFailsOnceAndIsReportedAtTheCall() {
        var runs = 0
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules(50, seed: 7) { _ in
                runs += 1
                XCTAssertEqual(tiedOrder(2), [0, 1])
            }
        }
        XCTAssertEqual(runs, 2, "the exploration stops at the first failing schedule")
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(failures.first?.message.hasPrefix("XCTAssertEqual failed: (\"[1, 0]\")") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, callLine + 2)
        let report = failures.last
        XCTAssertEqual(report?.line, callLine)
        XCTAssertEqual(report?.file, "\(#filePath)")
        XCTAssertEqual(report?.message, """
            Schedule 2 of at most 50 failed (seed 0.1; base seed 0x7).
            It differs from the default order in 1 choice:
              - at 10ms, ran the action scheduled #2 before the action scheduled #1
            Every schedule with fewer differences passed.
            Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
            """)
    }

    func testReplayingASeedRunsThatScheduleOnce() {
        var orders: [[Int]] = []
        let (failures, _) = captureFailures {
            exploreSchedules(replaying: "0.2-1.1") { _ in orders.append(tiedOrder(3)) }
        }
        XCTAssertEqual(failures.count, 0, "\(failures)")
        XCTAssertEqual(orders, [[2, 1, 0]])
    }

    func testAThrownErrorFailsTheScheduleAndIsReported() {
        let callLine = #line + 2
        let (failures, result) = captureFailures {
            exploreSchedules(50) { _ in
                if tiedOrder(2) == [1, 0] { throw ScheduleError() }
            }
        }
        XCTAssertNoThrow(try result.get())
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertEqual(failures.first?.line, callLine)
        XCTAssertTrue(failures.first?.message.hasPrefix("Schedule 2 of at most 50 failed") == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains("It threw ScheduleError.") == true, "\(failures)")
    }

    func testAnUnreadableSeedIsReportedAndNothingRuns() {
        var runs = 0
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules(replaying: "first") { _ in runs += 1 }
        }
        XCTAssertEqual(runs, 0)
        XCTAssertEqual(failures.map(\.line), [callLine])
        XCTAssertEqual(failures.first?.message, SchedulePath.invalidSeedMessage("first"))
    }

    func testAsyncBodiesAreExplored() async {
        var orders: [[Int]] = []
        let callLine = #line + 2
        let (failures, _) = await captureFailures {
            await exploreSchedules(50) { _ in
                let order = await tiedOrderAsync(3)
                orders.append(order)
                XCTAssertNotEqual(order, [1, 2, 0])
            }
        }
        XCTAssertEqual(orders.last, [1, 2, 0])
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(failures.last?.line, callLine)
        XCTAssertTrue(failures.last?.message.hasPrefix("Schedule \(orders.count) of at most 50 failed") == true, "\(failures)")
    }

    @MainActor
    func testMainActorBodiesAreExploredOnTheMainActor() async {
        var orders: [[Int]] = []
        let (failures, _) = await captureFailures {
            await exploreSchedules(50, exploring: .all) { _ in
                MainActor.assertIsolated()
                let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
                let order = Locked<[Int]>([])
                for index in 0..<2 {
                    scheduler.schedule { MainActor.assumeIsolated { order.withLock { $0.append(index) } } }
                }
                await scheduler.advance()
                orders.append(order.withLock { $0 })
            }
        }
        XCTAssertEqual(failures.count, 0, "\(failures)")
        XCTAssertEqual(orders, [[0, 1], [1, 0]])
    }

    @MainActor
    func testMainActorSynchronousBodiesAreExplored() {
        var orders: [[Int]] = []
        let (failures, _) = captureFailures {
            exploreSchedules(50, exploring: .all) { _ in
                let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
                let order = Locked<[Int]>([])
                for index in 0..<2 {
                    scheduler.schedule { MainActor.assumeIsolated { order.withLock { $0.append(index) } } }
                }
                scheduler.advance()
                orders.append(order.withLock { $0 })
            }
        }
        XCTAssertEqual(failures.count, 0, "\(failures)")
        XCTAssertEqual(orders, [[0, 1], [1, 0]])
    }
}
