@testable import CombineProbe
import Foundation
import XCTest

/// What an exploration does with input it cannot use (a budget below 1, a
/// seed that cannot be read, an environment variable set to something else
/// than a seed) and with a replay that does not fit the test: in XCTest,
/// and in the engine.
final class ExplorationInputXCTests: FailureCapturingTestCase {
    // MARK: A budget below 1

    func testABudgetBelowOneIsAFailureAtTheCallAndNothingRuns() {
        var runs = 0
        let zeroLine = #line + 2
        let (zero, _) = captureFailures {
            exploreSchedules(0) { _ in runs += 1 }
        }
        let negativeLine = #line + 2
        let (negative, _) = captureFailures {
            exploreSchedules(-3) { _ in runs += 1 }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(zero, ["The exploration was given a budget of 0 schedules, and nothing ran"], at: zeroLine)
        assertFailures(negative, ["The exploration was given a budget of -3 schedules, and nothing ran"], at: negativeLine)
        XCTAssertEqual(zero.first?.message, "The exploration was given a budget of 0 schedules, and nothing ran: "
            + "the budget is the most schedules to run. Pass 1 or more, or leave the default (200).")
    }

    func testAnAsyncExplorationWithABudgetBelowOneRunsNothing() async {
        var runs = 0
        let callLine = #line + 2
        let (failures, _) = await captureFailures {
            await exploreSchedules(-1) { _ in
                await Task.yield()
                runs += 1
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["The exploration was given a budget of -1 schedules, and nothing ran"], at: callLine)
    }

    func testTheEngineWithABudgetBelowOneRunsNothingAndSaysWhy() {
        var runs = 0
        let result = ScheduleExploration(schedules: 0).run { _ in
            runs += 1
            return true
        }
        XCTAssertEqual(runs, 0)
        XCTAssertEqual(result.schedulesRun, 0)
        XCTAssertNil(result.failure)
        XCTAssertFalse(result.coveredEverySchedule)
        XCTAssertEqual(result.exploration.schedules, 0)
        XCTAssertEqual(result.invalidInput, result.report)
        XCTAssertTrue(result.report.hasPrefix("The exploration was given a budget of 0 schedules"), result.report)
    }

    func testABudgetOfOneSaysOneSchedule() {
        let result = ScheduleExploration(schedules: 1).run { _ in
            _ = tiedOrder(2)
            return true
        }
        XCTAssertEqual(result.report, "1 schedule passed (the budget), of at least 2: more remain unexplored.")
        let alone = ScheduleExploration(schedules: 5).run { _ in true }
        XCTAssertEqual(alone.report, "Covered every schedule (1 distinct order): the body met no choice, so it is the only schedule the test can take.")
    }

    // MARK: A replay that does not fit

    func testAReplayThatTakesAnOptionAChoiceDoesNotHaveIsReportedWhenItPasses() {
        var orders: [[Int]] = []
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules(replaying: "0.5") { _ in orders.append(tiedOrder(2)) }
        }
        XCTAssertEqual(orders, [[0, 1]], "the choice takes the default option")
        assertFailures(failures, ["The schedule 0.5 did not replay exactly"], at: callLine)
        XCTAssertEqual(failures.first?.message, "The schedule 0.5 did not replay exactly (choice 0 had 2 options "
            + "this time, and the schedule takes option 5). Check the seed: copy it from this test's failure report, "
            + "and replay with the same `exploring:`. If it is right, the test does something the virtual world does "
            + "not order, such as real threads or real time, and its failures may not come back.")
    }

    func testAReplayNamingAChoiceTheTestNeverReachesIsReportedWhenItPasses() {
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules(replaying: "9.1") { _ in _ = tiedOrder(3) }
        }
        assertFailures(failures, ["The schedule 9.1 did not replay exactly (the schedule takes option 1 at choice 9, "
            + "and the test met 2 choices (0 to 1)). Check the seed"], at: callLine)
    }

    func testAReplayThatDoesNotFitIsReportedWhenItFails() async {
        let callLine = #line + 2
        let (failures, _) = await captureFailures {
            await exploreSchedules(replaying: "0.1-7.1") { _ in
                let order = await tiedOrderAsync(2)
                XCTAssertEqual(order, [0, 1])
            }
        }
        XCTAssertEqual(failures.map(\.line), [callLine + 2, callLine], "\(failures)")
        XCTAssertTrue(failures.first?.message.hasPrefix("XCTAssertEqual failed") == true, "\(failures)")
        XCTAssertTrue(failures.last?.message.hasPrefix("The schedule 0.1-7.1 did not replay exactly (the schedule "
            + "takes option 1 at choice 7, and the test met 1 choice (choice 0)).") == true, "\(failures)")
    }

    func testTheEngineSaysThatAPassingReplayDidNotFit() {
        let result = ScheduleExploration(replaying: "3.1").run { _ in true }
        XCTAssertNil(result.failure)
        XCTAssertEqual(result.replayMismatch, "the schedule takes option 1 at choice 3, and the test met no choice")
        XCTAssertTrue(result.report.hasPrefix("The replayed schedule (seed 3.1) passed. The schedule 3.1 did not "
            + "replay exactly (the schedule takes option 1 at choice 3, and the test met no choice)."), result.report)
        let fits = ScheduleExploration(replaying: "0.1").run { _ in tiedOrder(2) == [1, 0] }
        XCTAssertNil(fits.replayMismatch)
        XCTAssertEqual(fits.report, "The replayed schedule (seed 0.1) passed.")
    }

    // MARK: The environment

    func testAnEmptyReplayVariableIsAFailureAtTheCallAndNothingRuns() {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = captureFailures {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_SCHEDULE": ""]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_SCHEDULE is set but empty, which is not a schedule seed, and nothing ran: "
            + "a seed is `default`, or deviations like `4.1-9.2`, as a failure report prints it "
            + "(COMBINEPROBE_SCHEDULE=4.1-9.2). Set it to one, or unset it to explore."], at: callLine)
    }

    func testAnUnreadableReplayVariableIsAFailureAtTheCall() async {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = await captureFailures {
            await ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_SCHEDULE": "4-x"]) {
                await exploreSchedules { _ in
                    await Task.yield()
                    runs += 1
                }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_SCHEDULE is \"4-x\", which is not a schedule seed, and nothing ran"],
                       at: callLine)
    }

    func testAnUnreadableSeedVariableIsAFailureAtTheCallAndNothingRuns() {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = captureFailures {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SEED": "banana"]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_EXPLORATION_SEED is \"banana\", which is not a base seed, and nothing "
            + "ran: a base seed is a number, decimal or hexadecimal after 0x (COMBINEPROBE_EXPLORATION_SEED=0x2a). Set "
            + "it to one, or unset it to explore with the default seed."], at: callLine)
        // A seed given to the call does not read the variable.
        let given = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SEED": "banana"]) {
            ScheduleExploration(seed: 7)
        }
        XCTAssertNil(given.invalidInput)
        let readable = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SEED": "0x2a"]) {
            ScheduleExploration()
        }
        XCTAssertEqual(readable.seed, 42)
        XCTAssertNil(readable.invalidInput)
    }

    func testAReplayChosenByTheEnvironmentWritesOneLineOnStandardError() async throws {
        var orders: [[Int]] = []
        var callLine = 0
        let written = try await capturingStandardError {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_SCHEDULE": "0.1"]) {
                callLine = #line + 1
                exploreSchedules(50) { _ in orders.append(tiedOrder(2)) }
            }
        }
        XCTAssertEqual(orders, [[1, 0]])
        XCTAssertEqual(written, "CombineProbe: COMBINEPROBE_SCHEDULE=0.1 is set: the exploration at "
            + "CombineProbeTests/ExplorationInputXCTests.swift:\(callLine) replays that one schedule instead of "
            + "exploring up to 50.\n")
        let engine = try await capturingStandardError {
            let result = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_SCHEDULE": "0.1"]) {
                ScheduleExploration(schedules: 50).run { _ in tiedOrder(2) == [1, 0] }
            }
            XCTAssertEqual(result.schedulesRun, 1)
            XCTAssertEqual(result.report, "The replayed schedule (seed 0.1, chosen by COMBINEPROBE_SCHEDULE) passed.")
        }
        XCTAssertEqual(engine, "CombineProbe: COMBINEPROBE_SCHEDULE=0.1 is set: the exploration replays that one "
            + "schedule instead of exploring up to 50.\n")
        let given = try await capturingStandardError {
            _ = ScheduleExploration(replaying: "0.1").run { _ in true }
        }
        XCTAssertEqual(given, "", "a replay the call asks for says nothing")
    }
}
