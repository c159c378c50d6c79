@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A failing schedule runs once more for real; its choice points are
/// compared, kind and number of options, with those it met when it failed:
/// a run that differs says where, since something the virtual world does
/// not order decided it.
@Suite struct ExplorationReplayCheckSwiftTests {
    @Test("A failing schedule that does not replay the same way says where (fails on purpose)", .tags(.failurePath))
    func aFailingScheduleThatDoesNotReplayTheSameWaySaysWhere() async {
        let runs = Locked(0)
        let issues = await issuesRecorded {
            exploreSchedules(10) { _ in
                let run = runs.withLock { runs -> Int in
                    runs += 1
                    return runs
                }
                // The third run, the replay, meets three tied actions where
                // the failing schedule met two: a counter kept outside the
                // world decides, as real threads or real time would.
                let order = tiedOrder(run >= 3 ? 3 : 2)
                #expect(order.first == 0)
            }
        }
        let expected = "The schedule 0.1 did not replay exactly (choice 0 was among 2 actions due at one instant when the "
            + "schedule was found, and among 3 actions due at one instant in this run)"
        #expect(issues.contains { $0.comment.hasPrefix(expected) }, "\(issues)")
        #expect(runs.withLock { $0 } == 3)
    }
}

final class ExplorationReplayCheckTests: XCTestCase {
    func testAReplayThatMeetsAnotherKindOfChoiceSaysSo() {
        let found = ScheduleChoices(path: SchedulePath.parse("0.1")!)
        _ = found.choose(2, kind: .readyJobs) { _ in { "" } }
        let replay = ScheduleChoices(path: found.path, expected: found.points)
        _ = replay.choose(2, kind: .latency) { _ in { "" } }
        XCTAssertEqual(replay.mismatch, "choice 0 was among 2 ready jobs of the virtual executor when the schedule was found, "
            + "and among the 2 bounds of a latency in this run")
    }

    func testAReplayThatMeetsMoreChoicesSaysSo() {
        let found = ScheduleChoices(path: SchedulePath.parse("0.1")!)
        _ = found.choose(2, kind: .tiedActions) { _ in { "" } }
        let replay = ScheduleChoices(path: found.path, expected: found.points)
        _ = replay.choose(2, kind: .tiedActions) { _ in { "" } }
        _ = replay.choose(2, kind: .tiedActions) { _ in { "" } }
        XCTAssertEqual(replay.mismatch, "the schedule met 1 choice when it was found, and 2 in this run")
    }

    /// Checking replays: each schedule runs twice; the first whose second
    /// run meets other choices ends the exploration, saying where.
    func testCheckingReplaysFindsAScheduleThatDoesNotReplay() {
        let runs = Locked(0)
        let result = ScheduleExploration(schedules: 10, checkingReplays: true).run { _ in
            let run = runs.withLock { runs -> Int in
                runs += 1
                return runs
            }
            // The fourth run (schedule 2's second) meets three tied actions.
            _ = tiedOrder(run == 4 ? 3 : 2)
            return true
        }
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.schedulesRun, 2)
        XCTAssertEqual(result.nondeterminism, "schedule 2 (seed 0.1) did not replay the same way when it ran twice "
            + "(choice 0 was among 2 actions due at one instant when the schedule was found, and among 3 actions due "
            + "at one instant in this run)")
        XCTAssertTrue(result.report.hasPrefix("The exploration stopped after 2 schedules: schedule 2 (seed 0.1) did not replay"), result.report)
    }

    func testCheckingReplaysOfADeterministicBodyFindsNothing() {
        let runs = Locked(0)
        let result = ScheduleExploration(schedules: 10, checkingReplays: true).run { _ in
            runs.withLock { $0 += 1 }
            _ = tiedOrder(3)
            return true
        }
        XCTAssertNil(result.nondeterminism)
        XCTAssertTrue(result.coveredEverySchedule)
        XCTAssertEqual(result.schedulesRun, 6)
        XCTAssertEqual(runs.withLock { $0 }, 12, "each schedule ran twice")
    }

    /// The environment turns the check on for explorations that do not
    /// say otherwise.
    func testTheEnvironmentTurnsTheCheckOn() {
        let exploration = ScheduleExploration.$environmentForTests.withValue([ScheduleExploration.replayCheckVariable: "1"]) {
            ScheduleExploration(schedules: 3)
        }
        XCTAssertTrue(exploration.checksReplays)
        XCTAssertFalse(ScheduleExploration.$environmentForTests.withValue([:]) { ScheduleExploration(schedules: 3) }.checksReplays)
    }

    func testAReplayThatMeetsTheSameChoicesIsSilent() {
        let found = ScheduleChoices(path: SchedulePath.parse("0.1")!)
        _ = found.choose(3, kind: .tiedActions) { _ in { "" } }
        let replay = ScheduleChoices(path: found.path, expected: found.points)
        _ = replay.choose(3, kind: .tiedActions) { _ in { "" } }
        XCTAssertNil(replay.mismatch)
    }
}
