@testable import CombineProbe
@testable import CombineProbeShards
import Foundation
import Testing
import XCTest

/// The PCT strategy (issue 43, item 1): random schedules drawn from the
/// base seed, a report that states the chance of finding a bug of the
/// depth asked for with the k, n and d it met, and that chance checked
/// against the exact one on small spaces.
enum PCTRuns {
    /// The seeds of an exploration of `tiedOrder(ties)` that passes, each
    /// read at the end of its schedule (a PCT schedule's seed is known as
    /// it runs), and the result.
    static func seeds(
        ties: Int, schedules: Int, seed: UInt64 = 7, depth: Int? = nil, shard: ExplorationShard? = nil
    ) -> (seeds: [String], result: ExplorationResult) {
        var seeds: [String] = []
        let result = ScheduleExploration(schedules: schedules, seed: seed, strategy: .pct, pctDepth: depth, shard: shard)
            .run { schedule in
                _ = tiedOrder(ties)
                if schedule.number > 0 { seeds.append(schedule.seed) }
                return true
            }
        return (seeds, result)
    }

    /// The seeds of the schedules a PCT strategy with the order of draws
    /// `order` (a, b) hands out for `tiedOrder(ties)`, run as the
    /// exploration runs them, until it has no more.
    static func drive(ties: Int, depth: Int, order: (a: UInt64, b: UInt64)) -> [String] {
        var strategy = PCTStrategy(seed: 0, depth: depth, order: order)
        var seeds: [String] = []
        while let next = strategy.next() {
            let choices: ScheduleChoices
            switch next {
            case let .path(path): choices = ScheduleChoices(path: path)
            case let .plan(plan): choices = ScheduleChoices(path: .default, plan: plan)
            }
            _ = ScheduleChoices.$current.withValue(choices) { tiedOrder(ties) }
            choices.close()
            strategy.record(choices.realizedPath, points: choices.points, windowFull: choices.windowFull)
            seeds.append(choices.realizedPath.description)
        }
        return seeds
    }

    /// The orders of `ties` tied actions other than the default, as seeds:
    /// at point i (of ties − i options), any option.
    static func everyOtherSeed(ties: Int) -> Set<String> {
        var paths: [[String]] = [[]]
        for point in 0..<(ties - 1) {
            paths = paths.flatMap { path in (0..<(ties - point)).map { path + ($0 == 0 ? [] : ["\(point).\($0)"]) } }
        }
        return Set(paths.filter { !$0.isEmpty }.map { $0.joined(separator: "-") })
    }
}

extension PCTRuns {
    /// Two tasks of the world that await `awaits` times each: false when
    /// the second ran every piece before the first ran one.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    static func secondTaskFirst(awaits: Int) async -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let log = Locked<[String]>([])
        let body: @Sendable (String) async -> Void = { letter in
            for _ in 0..<awaits {
                log.withLock { $0.append(letter) }
                await Task.yield()
            }
            log.withLock { $0.append(letter.uppercased()) }
        }
        let first = Task(executorPreference: scheduler.executor) { await body("a") }
        let second = Task(executorPreference: scheduler.executor) { await body("b") }
        await scheduler.run()
        await first.value
        await second.value
        return log.withLock { $0.prefix(awaits + 1).joined() } != String(repeating: "b", count: awaits) + "B"
    }
}

final class ExplorationPCTTests: FailureCapturingTestCase {
    // MARK: Determinism

    func testTheSameBaseSeedRunsTheSameSchedulesAndSaysTheSameWords() {
        let first = PCTRuns.seeds(ties: 5, schedules: 60)
        let second = PCTRuns.seeds(ties: 5, schedules: 60)
        XCTAssertEqual(first.seeds.count, 60)
        XCTAssertEqual(first.seeds, second.seeds)
        XCTAssertEqual(first.result.report, second.result.report)
        XCTAssertEqual(first.seeds.first, "default")
        // Another base seed draws other schedules.
        let other = PCTRuns.seeds(ties: 5, schedules: 60, seed: 8)
        XCTAssertNotEqual(other.seeds, first.seeds)
        // Every seed is a schedule of the space, and replays: run alone, it
        // takes the same order.
        for seed in Set(first.seeds).sorted().prefix(8) {
            var order: [Int] = []
            let replay = ScheduleExploration(replaying: seed, strategy: .pct).run { _ in
                order = tiedOrder(5)
                return true
            }
            XCTAssertNil(replay.replayMismatch, seed)
            XCTAssertEqual(Set(order), [0, 1, 2, 3, 4], seed)
        }
    }

    func testTheAsyncFormDrawsTheSameSchedules() async {
        var seeds: [String] = []
        let result = await ScheduleExploration(schedules: 60, seed: 7, strategy: .pct).run { schedule in
            _ = await tiedOrderAsync(5)
            seeds.append(schedule.seed)
            return true
        }
        XCTAssertEqual(seeds, PCTRuns.seeds(ties: 5, schedules: 60).seeds)
        XCTAssertEqual(result.report, PCTRuns.seeds(ties: 5, schedules: 60).result.report)
    }

    // MARK: The report

    func testTheReportStatesTheGuaranteeForTheKNAndDItMet() {
        // tiedOrder(5): k = 4 points, of 5, 4, 3 and 2 options; n = 5. Depth
        // 3: N = 4·4 + 6·16 + 4·64 = 368. 19 schedules after the default:
        // each of the 368 ran with probability at least 19/368 = 5.16%.
        let result = PCTRuns.seeds(ties: 5, schedules: 20).result
        XCTAssertFalse(result.coveredEverySchedule)
        XCTAssertEqual(result.report, "20 schedules passed (the budget; 19 distinct orders). Strategy: pct, depth 3. "
            + "The default order met k = 4 choice points of at most n = 5 options; N = 368 schedules leave it at 1 "
            + "to 3 of them, taking an option below n, drawn in a random order. The 19 schedules after it each drew "
            + "one: any one of them ran with probability at least 19/368 (5.1%).")
    }

    func testAllDrawnSaysEachRan() {
        // tiedOrder(3), depth 2: k = 2, n = 3; N = 2·2 + 1·4 = 8. The draw
        // 1.2 is skipped (point 1 has 2 options in the default order); 0.1-1.2
        // and 0.2-1.2 wrap to 0.1-1.1 and 0.2-1.1, which run twice: 7
        // schedules after the default, the 5 other orders among them.
        let run = PCTRuns.seeds(ties: 3, schedules: 50, depth: 2)
        XCTAssertEqual(run.seeds.count, 8)
        XCTAssertEqual(Set(run.seeds.dropFirst()), PCTRuns.everyOtherSeed(ties: 3))
        XCTAssertEqual(run.result.report, "8 schedules passed (6 distinct orders). Strategy: pct, depth 2. The default "
            + "order met k = 2 choice points of at most n = 3 options; N = 8 schedules leave it at 1 to 2 of them, "
            + "taking an option below n, drawn in a random order. The 7 schedules after it drew all 8 (1 skipped: its "
            + "first change point had fewer options): each of them ran.")
    }

    func testADepthAboveThePointsSaysSo() {
        // Depth 3 (the default) and k = 2: d′ = 2, as above.
        let result = PCTRuns.seeds(ties: 3, schedules: 50).result
        XCTAssertTrue(result.report.contains("Strategy: pct, depth 3. The default order met k = 2 choice points of at "
            + "most n = 3 options; N = 8 schedules leave it at 1 to 2 of them, taking an option below n (depth 3, "
            + "but only 2 points), drawn in a random order."), result.report)
    }

    func testABodyThatMeetsNoChoiceIsCovered() {
        let result = ScheduleExploration(schedules: 20, strategy: .pct).run { _ in true }
        XCTAssertEqual(result.schedulesRun, 1)
        XCTAssertTrue(result.coveredEverySchedule)
        XCTAssertEqual(result.report, "Covered every schedule (1 distinct order): the body met no choice, so it is "
            + "the only schedule the test can take. Strategy: pct, depth 3.")
    }

    // MARK: The chance is not overclaimed

    func testOverEveryOffsetEachScheduleRunsWithinRSchedulesWithAtLeastTheStatedChance() {
        // 4 tied actions, depth 3: k = 3 points of 4, 3 and 2 options, n =
        // 4, N = 3·3 + 3·9 + 27 = 63, of which 6 are skipped (an option
        // above 1 at point 2, or 3 at point 1, first). The offset b is uniform in 0..<63:
        // running every b gives the exact chance that a schedule ran within
        // the first r after the default, which must be at least r/63, the
        // report's words, for every schedule, every r, and a few a.
        let n: UInt64 = 63
        let targets = PCTRuns.everyOtherSeed(ties: 4)
        XCTAssertEqual(targets.count, 23)
        for a: UInt64 in [1, 2, 38] {
            let runs = (0..<n).map { PCTRuns.drive(ties: 4, depth: 3, order: (a, $0)).dropFirst().map { $0 } }
            let count = runs[0].count
            XCTAssertTrue(runs.allSatisfy { $0.count == count })
            XCTAssertTrue(runs.allSatisfy { Set($0) == targets }, "a = \(a)")
            for target in targets {
                for r in 1...count {
                    let hits = runs.filter { $0.prefix(r).contains(target) }.count
                    XCTAssertGreaterThanOrEqual(hits, r, "\(target) within \(r), a = \(a): \(hits) of 63 offsets")
                }
            }
        }
    }

    func testTheDrawsArePermutationsAndExactlyUniform() {
        // Each draw of the N numbers once, for N prime or not.
        for points in 1...6 {
            for options in 2...4 {
                for depth in 1...3 {
                    let space = PCTSpace(points: points, options: options, depth: depth)
                    let permutation = space.randomPermutation(seed: UInt64(points * 100 + options * 10 + depth))
                    let drawn = (0..<space.total).map { space.permuted($0, permutation) }
                    XCTAssertEqual(Set(drawn).count, Int(space.total))
                    XCTAssertTrue(drawn.allSatisfy { $0 < space.total })
                    // Each number is one schedule: distinct plans, each of 1 to d′ points below k.
                    let plans = (0..<space.total).map { space.plan($0) }
                    XCTAssertEqual(Set(plans).count, Int(space.total), "k \(points), n \(options), d \(depth)")
                    XCTAssertTrue(plans.allSatisfy {
                        (1...space.depth).contains($0.changes.count) && $0.changes.keys.allSatisfy { $0 < points }
                            && $0.changes.values.allSatisfy { (1..<options).contains($0) }
                    })
                }
            }
        }
        var random = SplitMix64(seed: 3)
        var counts = [Int](repeating: 0, count: 3)
        for _ in 0..<30000 { counts[Int(random.uniform(below: 3))] += 1 }
        for count in counts { XCTAssertLessThan(abs(count - 10000), 400, "\(counts)") }
        XCTAssertNil(PCTSpace.weights(points: 1_000_000_000, options: 1000, depth: 5))
        let lowered = PCTSpace(points: 1_000_000_000, options: 1000, depth: 5)
        XCTAssertLessThan(lowered.depth, 5)
        XCTAssertGreaterThan(lowered.total, 0)
        XCTAssertEqual(PCTSpace.binomial(7, 3), 35)
        XCTAssertEqual(PCTSpace.binomial(64, 32), 1_832_624_140_942_590_534)
    }

    // MARK: Finding planted bugs

    func testItFindsTheDepthTwoAndThreeTiedOrders() {
        // [2, 1, 0] takes options 2 and 1 (seed 0.2-1.1); [3, 2, 1, 0] takes
        // 3, 2 and 1 (0.3-1.2-2.1).
        for (ties, depth) in [(3, 2), (3, 3), (4, 3)] {
            let wrong = Array((0..<ties).reversed())
            let result = ScheduleExploration(seed: 7, strategy: .pct, pctDepth: depth).run { _ in tiedOrder(ties) != wrong }
            let failure = result.failure
            XCTAssertNotNil(failure, "\(ties) ties, depth \(depth)")
            XCTAssertEqual(failure?.schedule.seed, ties == 3 ? "0.2-1.1" : "0.3-1.2-2.1")
            XCTAssertEqual(failure?.schedule.deviationCount, ties - 1)
            XCTAssertEqual(failure?.deviations.count, ties - 1)
            XCTAssertNil(failure?.mismatch)
            // The seed replays the failure.
            let replay = ScheduleExploration(replaying: failure?.schedule.seed ?? "default").run { _ in
                tiedOrder(ties) != wrong
            }
            XCTAssertNotNil(replay.failure)
            XCTAssertNil(replay.replayMismatch)
        }
    }

    func testItFindsTwoTasksInTheOneOrderThatFailsAtDepthTwoAndThree() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        // The second task runs all its pieces before the first task's
        // first: for k awaits, k + 1 deviations (the second task's piece at
        // each of its choices), 2 and 3 for k = 1, 2.
        for awaits in 1...2 {
            let result = await ScheduleExploration(seed: 7, strategy: .pct).run { _ in
                await PCTRuns.secondTaskFirst(awaits: awaits)
            }
            let failure = result.failure
            XCTAssertNotNil(failure, "k = \(awaits): \(result.report)")
            XCTAssertEqual(failure?.schedule.deviationCount, awaits + 1, "k = \(awaits)")
            XCTAssertNil(failure?.mismatch)
            // Fewest deviations first finds the same depth.
            let planner = await ScheduleExploration(seed: 7).run { _ in await PCTRuns.secondTaskFirst(awaits: awaits) }
            XCTAssertEqual(planner.failure?.schedule.deviationCount, awaits + 1, "k = \(awaits)")
        }
    }

    func testAFailureReportsTheScheduleItTookAndNoClaimOfSimplicity() {
        let result = ScheduleExploration(seed: 7, strategy: .pct, pctDepth: 2).run { _ in tiedOrder(3) != [2, 1, 0] }
        let report = result.report
        XCTAssertTrue(report.contains("failed (seed 0.2-1.1; base seed 0x7)."), report)
        XCTAssertTrue(report.contains("It differs from the default order in 2 choices:"), report)
        XCTAssertFalse(report.contains("Every schedule with fewer differences passed."), report)
        XCTAssertTrue(report.contains("Replay it with `replaying: \"0.2-1.1\"`"), report)
    }

    // MARK: Shards

    func testShardsTogetherRunTheSchedulesOfTheUnshardedExploration() {
        // Every draw of 5 tied actions at depth 2 (N = 4·4 + 6·16 = 112):
        // the shards draw disjoint places whose union is the unsharded
        // draws, so they run the same schedules, as many times.
        let whole = PCTRuns.seeds(ties: 5, schedules: 500, depth: 2)
        XCTAssertLessThan(whole.seeds.count, 113)
        XCTAssertTrue(whole.result.report.hasSuffix("each of them ran."), whole.result.report)
        let trials = whole.seeds.dropFirst().sorted()
        for count in 1...8 {
            var union: [String] = []
            for index in 0..<count {
                let shard = PCTRuns.seeds(ties: 5, schedules: 500, depth: 2, shard: ExplorationShard(index: index, of: count))
                union += index == 0 ? Array(shard.seeds.dropFirst()) : shard.seeds
                if count > 1 {
                    XCTAssertTrue(shard.result.report.hasPrefix("Shard \(index)/\(count): "), shard.result.report)
                    XCTAssertTrue(shard.result.report.contains("of this shard"), shard.result.report)
                }
            }
            XCTAssertEqual(union.sorted(), trials, "n = \(count)")
        }
    }

    func testTheMergeOfPCTShardsClaimsNoMoreThanTheShards() throws {
        let shards = (0..<2).map { index in
            ShardResult(
                site: "Tests/Search.swift:12", call: 1, shardIndex: index, shardCount: 2, budget: 100, baseSeed: "0x7",
                strategy: "pct", schedulesRun: 100, covered: false, knownRemaining: 0, failed: false, failingSeed: nil,
                failingDeviations: nil, message: "the report of shard \(index)")
        }
        let merged = try XCTUnwrap(ShardMerge.merge(shards).first)
        XCTAssertEqual(merged.report, "200 schedules passed in 2 of 2 shards (up to 100 each), drawn from disjoint "
            + "places of one random order: each shard's report states the chance it gave each schedule. Strategy: pct.")
    }

    // MARK: The depth

    func testTheDepthComesFromTheParameterOrTheEnvironment() {
        XCTAssertEqual(ScheduleExploration.$environmentForTests.withValue([:]) { ScheduleExploration() }.pctDepth, 3)
        let chosen = ScheduleExploration.$environmentForTests.withValue(
            ["COMBINEPROBE_EXPLORATION_PCT_DEPTH": "2", "COMBINEPROBE_EXPLORATION_STRATEGY": "pct"]
        ) { ScheduleExploration() }
        XCTAssertEqual(chosen.strategy, .pct)
        XCTAssertEqual(chosen.pctDepth, 2)
        XCTAssertNil(chosen.invalidInput)
        let given = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_PCT_DEPTH": "x"]) {
            ScheduleExploration(pctDepth: 4)
        }
        XCTAssertEqual(given.pctDepth, 4)
        XCTAssertNil(given.invalidInput)
    }

    func testADepthBelowOneIsAFailureAtTheCallAndNothingRuns() {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = captureFailures {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_PCT_DEPTH": "0"]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_EXPLORATION_PCT_DEPTH is \"0\", which is not a depth, and nothing ran: "
            + "a depth is a whole number from 1 (COMBINEPROBE_EXPLORATION_PCT_DEPTH=3). Set it to one, or unset it to "
            + "explore with the default depth (3)."], at: callLine)
        let result = ScheduleExploration(strategy: .pct, pctDepth: 0).run { _ in
            runs += 1
            return true
        }
        XCTAssertEqual(runs, 0)
        XCTAssertEqual(result.report, "The exploration was given a PCT depth of 0, and nothing ran: the depth is the "
            + "most deviations from the default order of one schedule. Pass 1 or more, or leave the default (3).")
    }
}

@Suite struct ExplorationPCTSwiftTests {
    @Test(arguments: [1, 2, 3])
    func theReportStatesTheChanceOfItsDepth(depth: Int) {
        // tiedOrder(5): k = 4, n = 5; N = Σ_{j ≤ d} C(4, j)·4^j: 16, 112, 368.
        let result = PCTRuns.seeds(ties: 5, schedules: 10, depth: depth).result
        let total = [16, 112, 368][depth - 1]
        let range = depth == 1 ? "1" : "1 to \(depth)"
        #expect(result.report.contains("Strategy: pct, depth \(depth). The default order met k = 4 choice points of "
            + "at most n = 5 options; N = \(total) schedules leave it at \(range) of them, taking an option below n, "
            + "drawn in a random order."), "\(result.report)")
        #expect(result.report.contains("any one of them ran with probability at least 9/\(total)"), "\(result.report)")
    }

    @Test func itFindsTheFourTiedActionsInReverse() {
        let result = ScheduleExploration(seed: 1, strategy: .pct).run { _ in tiedOrder(4) != [3, 2, 1, 0] }
        #expect(result.failure?.schedule.seed == "0.3-1.2-2.1")
    }

    @Test("A depth below 1 in the environment is an issue at the call (fails on purpose)", .tags(.failurePath))
    func aBadDepthIsAnIssueAtTheCall() async {
        var runs = 0
        let callLine = #line + 3
        let issues = await issuesRecorded {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_PCT_DEPTH": ""]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        #expect(runs == 0)
        #expect(issues.map(\.line) == [callLine], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("COMBINEPROBE_EXPLORATION_PCT_DEPTH is set but empty, which is not a "
            + "depth, and nothing ran") == true, "\(issues)")
    }
}
