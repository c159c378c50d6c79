@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The strategies an exploration chooses its schedules with, chosen by a
/// parameter or by `COMBINEPROBE_EXPLORATION_STRATEGY`, and the words a
/// report says of what they covered (issue 43, items 1 and 2).
final class ExplorationStrategyTests: FailureCapturingTestCase {
    /// A replay's strategy hands out its one schedule once, learns nothing,
    /// and claims no coverage; the exploration replaying it runs it once.
    func testAReplayIsAStrategyOfOneSchedule() throws {
        let path = try XCTUnwrap(SchedulePath.parse("0.1-3.2"))
        var strategy = ReplayStrategy(path)
        XCTAssertEqual(strategy.next(), .path(path))
        strategy.record(path, points: [], windowFull: false)
        XCTAssertNil(strategy.next())
        XCTAssertFalse(strategy.isExhausted)
        XCTAssertEqual(strategy.knownRemaining, 0)
        var seeds: [String] = []
        let result = ScheduleExploration(schedules: 50, replaying: "default").run { schedule in
            seeds.append(schedule.seed)
            return true
        }
        XCTAssertEqual(seeds, ["default"])
        XCTAssertFalse(result.coveredEverySchedule)
        XCTAssertEqual(result.report, "The replayed schedule (seed default) passed.")
    }

    // MARK: Depth first

    func testDepthFirstCoversTwoTasksForOneToFourAwaitsAndSaysSo() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for awaits in 1...4 {
            // C(2k + 2, k + 1): 6, 20, 70, 252 (see TwoTasksThatAwait).
            let byHand = TwoTasksThatAwait.orders(awaits: awaits)
            let exploration = await TwoTasksThatAwait.explore(
                awaits: awaits, start: .plain, strategy: .depthFirst, schedules: 300)
            XCTAssertEqual(exploration.orders.count, byHand, "k = \(awaits)")
            XCTAssertEqual(exploration.schedulesRun, byHand, "k = \(awaits)")
            XCTAssertTrue(exploration.coveredEverySchedule, "k = \(awaits)")
            XCTAssertEqual(exploration.report,
                           "Covered every schedule (\(byHand) distinct orders): all passed. Strategy: depth-first.")
        }
    }

    func testDepthFirstFindsALostUpdatePlantedAtEachAwait() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for awaits in 1...4 {
            for plantedAt in 0..<awaits {
                let exploration = await TwoTasksThatAwait.explore(
                    awaits: awaits, start: .preferringTheExecutor, lostUpdateAt: plantedAt, strategy: .depthFirst,
                    schedules: 300)
                XCTAssertNotNil(exploration.failure, "k = \(awaits), planted at await \(plantedAt)")
            }
        }
    }

    func testDepthFirstRunsTheTreeOfChoicesInTheOrderOfTheOptions() {
        var orders: [[Int]] = []
        var seeds: [String] = []
        let result = ScheduleExploration(schedules: 50, strategy: .depthFirst).run { schedule in
            orders.append(tiedOrder(3))
            seeds.append(schedule.seed)
            return true
        }
        XCTAssertEqual(orders, [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
        XCTAssertEqual(seeds, ["default", "1.1", "0.1", "0.1-1.1", "0.2", "0.2-1.1"])
        XCTAssertEqual(result.report, "Covered every schedule (6 distinct orders): all passed. Strategy: depth-first.")
    }

    func testDepthFirstWithABudgetSmallerThanTheSpaceSaysHowManyAtLeast() {
        let words = (0..<2).map { _ in
            ScheduleExploration(schedules: 5, strategy: .depthFirst).run { _ in
                _ = tiedOrder(4)
                return true
            }.report
        }
        // The fifth of the 24 orders takes options 0, 2, 0 at its three
        // choices (of 4, 3 and 2 options): the options left on its path,
        // 3 + 0 + 1, are each the first of a subtree still to run, so at
        // least 4 more schedules remain (19 do).
        XCTAssertEqual(words[0], "5 schedules passed (the budget), of at least 9: more remain unexplored. "
            + "Strategy: depth-first.")
        XCTAssertEqual(words[1], words[0])
    }

    func testADepthFirstFailureDoesNotClaimTheFewestDeviations() throws {
        let result = ScheduleExploration(schedules: 50, strategy: .depthFirst).run { _ in tiedOrder(3) != [1, 0, 2] }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.schedule.seed, "0.1")
        XCTAssertFalse(failure.description.contains("Every schedule with fewer differences passed."), failure.description)
        // The seed replays whatever the strategy that found it.
        var replayed: [Int] = []
        _ = ScheduleExploration(replaying: failure.schedule.seed).run { _ in
            replayed = tiedOrder(3)
            return true
        }
        XCTAssertEqual(replayed, [1, 0, 2])
    }

    // MARK: The default strategy's words

    func testTheDefaultStrategySaysItCoveredTwoTasksThatAwaitOnce() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let exploration = await TwoTasksThatAwait.explore(awaits: 1, start: .plain)
        XCTAssertEqual(exploration.report, "Covered every schedule (6 distinct orders): all passed.")
    }

    func testTheSameSeedSaysTheSameWordsWhenTheBudgetEnds() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        var reports: Set<String> = []
        for _ in 0..<3 {
            reports.insert(await TwoTasksThatAwait.explore(awaits: 4, start: .plain).report)
        }
        XCTAssertEqual(reports.count, 1, "\(reports)")
        let report = reports.first ?? ""
        XCTAssertTrue(report.hasPrefix("200 schedules passed (the budget), of at least "), report)
        XCTAssertTrue(report.hasSuffix(": more remain unexplored."), report)
    }

    // MARK: Choosing a strategy

    func testTheEnvironmentVariableChoosesTheStrategy() {
        let chosen = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_STRATEGY": "depth-first"]) {
            ScheduleExploration()
        }
        XCTAssertEqual(chosen.strategy, .depthFirst)
        XCTAssertNil(chosen.invalidInput)
        let given = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_STRATEGY": "banana"]) {
            ScheduleExploration(strategy: .fewestDeviationsFirst)
        }
        XCTAssertEqual(given.strategy, .fewestDeviationsFirst)
        XCTAssertNil(given.invalidInput)
        XCTAssertEqual(ScheduleExploration.$environmentForTests.withValue([:]) { ScheduleExploration() }.strategy,
                       .fewestDeviationsFirst)
        XCTAssertEqual(ExplorationStrategyKind.allCases.map(\.description), ["fewest-deviations-first", "depth-first", "pct"])
    }

    func testAnUnknownStrategyInTheEnvironmentIsAFailureAtTheCallAndNothingRuns() {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = captureFailures {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_STRATEGY": "breadth-first"]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_EXPLORATION_STRATEGY is \"breadth-first\", which is not the name of a "
            + "strategy, and nothing ran: a strategy is `fewest-deviations-first`, `depth-first` or `pct` "
            + "(COMBINEPROBE_EXPLORATION_STRATEGY=depth-first). Set it to one, or unset it to explore with the default "
            + "strategy (fewest-deviations-first)."], at: callLine)
    }

    func testAnEmptyStrategyVariableIsAFailureAtTheCallInTheAsyncForm() async {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = await captureFailures {
            await ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_STRATEGY": ""]) {
                await exploreSchedules { _ in
                    await Task.yield()
                    runs += 1
                }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_EXPLORATION_STRATEGY is set but empty, which is not the name of a strategy"],
                       at: callLine)
    }
}

@Suite struct ExplorationStrategySwiftTests {
    @Test(arguments: [1, 2, 3, 4])
    func depthFirstCoversTwoTasksThatAwait(awaits: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let byHand = [6, 20, 70, 252][awaits - 1]
        #expect(TwoTasksThatAwait.orders(awaits: awaits) == byHand)
        let exploration = await TwoTasksThatAwait.explore(
            awaits: awaits, start: .preferringTheExecutor, strategy: .depthFirst, schedules: 300)
        #expect(exploration.orders.count == byHand)
        #expect(exploration.schedulesRun == byHand)
        #expect(exploration.report == "Covered every schedule (\(byHand) distinct orders): all passed. Strategy: depth-first.")
    }

    @Test("An unknown strategy in the environment is an issue at the call (fails on purpose)", .tags(.failurePath))
    func anUnknownStrategyIsAnIssueAtTheCall() async {
        var runs = 0
        let callLine = #line + 3
        let issues = await issuesRecorded {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_STRATEGY": "random"]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        #expect(runs == 0)
        #expect(issues.map(\.line) == [callLine], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("COMBINEPROBE_EXPLORATION_STRATEGY is \"random\", which is not the name "
            + "of a strategy, and nothing ran") == true, "\(issues)")
    }

    #if compiler(>=6.1)
    @Test func theTraitReadsTheStrategyVariable() {
        let trait = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_STRATEGY": "depth-first"]) {
            ScheduleExplorationTrait.exploringSchedules()
        }
        #expect(trait.exploration.strategy == .depthFirst)
    }
    #endif
}
