@testable import CombineProbe
@testable import CombineProbeShards
import Foundation
import Testing
import XCTest

/// One exploration sharded across machines (issue 43, item 3): the shards
/// are disjoint, together they run exactly the unsharded exploration's
/// schedules, the environment chooses the shard, each writes its result,
/// and the merge picks the failing seed with the fewest deviations.
enum ShardedRuns {
    /// The seeds an exploration ran and counted (not a shard's probe of the
    /// default schedule), and its result.
    static func seeds(
        _ shard: ExplorationShard, strategy: ExplorationStrategyKind, schedules: Int = 500, ties: Int
    ) -> (seeds: [String], result: ExplorationResult) {
        var seeds: [String] = []
        let result = ScheduleExploration(schedules: schedules, seed: 7, strategy: strategy, shard: shard).run { schedule in
            _ = tiedOrder(ties)
            if schedule.number > 0 { seeds.append(schedule.seed) }
            return true
        }
        return (seeds, result)
    }

    /// Two tasks of the world that await `awaits` times each: the seeds
    /// counted, and the result.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    static func twoTasks(
        _ shard: ExplorationShard, strategy: ExplorationStrategyKind, awaits: Int
    ) async -> (seeds: [String], result: ExplorationResult) {
        var seeds: [String] = []
        let result = await ScheduleExploration(schedules: 500, seed: 7, strategy: strategy, shard: shard).run { schedule in
            let scheduler = DispatchQueue.virtualScheduler()
            let body: @Sendable () async -> Void = {
                for _ in 0..<awaits { await Task.yield() }
            }
            let first = Task(executorPreference: scheduler.executor) { await body() }
            let second = Task(executorPreference: scheduler.executor) { await body() }
            await scheduler.run()
            await first.value
            await second.value
            if schedule.number > 0 { seeds.append(schedule.seed) }
            return true
        }
        return (seeds, result)
    }

    /// Checks that the shards of `count` are disjoint and together run the
    /// seeds of `whole`, each covering its slice; returns the problems.
    static func problems(
        whole: [String], shards: [(seeds: [String], result: ExplorationResult)], count: Int
    ) -> [String] {
        var problems: [String] = []
        var union: [String: Int] = [:]
        for (index, shard) in shards.enumerated() {
            for seed in shard.seeds { union[seed, default: 0] += 1 }
            if !shard.result.coveredEverySchedule { problems.append("shard \(index)/\(count) not covered: \(shard.result.report)") }
            if shard.result.schedulesRun != shard.seeds.count {
                problems.append("shard \(index)/\(count) counted \(shard.result.schedulesRun), ran \(shard.seeds.count)")
            }
        }
        let twice = union.filter { $0.value > 1 }.keys.sorted()
        if !twice.isEmpty { problems.append("n = \(count): run by two shards: \(twice)") }
        if Set(union.keys) != Set(whole) || whole.count != Set(whole).count {
            problems.append("n = \(count): union \(union.keys.sorted()) != unsharded \(whole.sorted())")
        }
        return problems
    }
}

extension ExplorationStrategyKind {
    /// The strategies whose shards are slices of a listed space of
    /// schedules; PCT draws its schedules, and shards its trials (see
    /// `ExplorationPCTTests`).
    static var pathStrategies: [ExplorationStrategyKind] { allCases.filter { $0 != .pct } }
}

final class ExplorationShardTests: FailureCapturingTestCase {
    // MARK: The slices

    func testOneToEightShardsTogetherRunExactlyTheUnshardedSchedules() {
        for strategy in ExplorationStrategyKind.pathStrategies {
            for ties in [3, 4] {
                let whole = ShardedRuns.seeds(.whole, strategy: strategy, ties: ties)
                XCTAssertTrue(whole.result.coveredEverySchedule)
                XCTAssertEqual(whole.seeds.count, ties == 3 ? 6 : 24)
                for count in 1...8 {
                    let shards = (0..<count).map {
                        ShardedRuns.seeds(ExplorationShard(index: $0, of: count)!, strategy: strategy, ties: ties)
                    }
                    XCTAssertEqual(ShardedRuns.problems(whole: whole.seeds, shards: shards, count: count), [],
                                   "\(strategy), \(ties) ties")
                    XCTAssertEqual(shards.reduce(0) { $0 + $1.result.schedulesRun }, whole.result.schedulesRun)
                }
            }
        }
    }

    func testOneToEightShardsOfTwoTasksThatAwaitRunExactlyTheUnshardedSchedules() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for strategy in ExplorationStrategyKind.pathStrategies {
            for awaits in 1...2 {
                let whole = await ShardedRuns.twoTasks(.whole, strategy: strategy, awaits: awaits)
                XCTAssertEqual(whole.seeds.count, TwoTasksThatAwait.orders(awaits: awaits))
                for count in 1...8 {
                    var shards: [(seeds: [String], result: ExplorationResult)] = []
                    for index in 0..<count {
                        shards.append(await ShardedRuns.twoTasks(
                            ExplorationShard(index: index, of: count)!, strategy: strategy, awaits: awaits))
                    }
                    XCTAssertEqual(ShardedRuns.problems(whole: whole.seeds, shards: shards, count: count), [],
                                   "\(strategy), k = \(awaits)")
                }
            }
        }
    }

    func testEachShardRunsUpToTheBudgetWithinItsSlice() {
        // 120 orders of 5 tied actions; 4 first choices of point 0 and 3 of
        // point 1... shard 0 of 2 owns several subtrees, more than 10.
        for strategy in ExplorationStrategyKind.pathStrategies {
            let shard = ShardedRuns.seeds(ExplorationShard(index: 1, of: 2)!, strategy: strategy, schedules: 10, ties: 5)
            XCTAssertEqual(shard.seeds.count, 10, "\(strategy)")
            XCTAssertEqual(shard.result.schedulesRun, 10)
            XCTAssertFalse(shard.result.coveredEverySchedule)
            XCTAssertTrue(shard.result.report.hasPrefix("Shard 1/2: 10 schedules passed (the budget), of at least "),
                          shard.result.report)
            // The same shard runs the same schedules every time.
            let again = ShardedRuns.seeds(ExplorationShard(index: 1, of: 2)!, strategy: strategy, schedules: 10, ties: 5)
            XCTAssertEqual(again.seeds, shard.seeds)
            XCTAssertEqual(again.result.report, shard.result.report)
        }
    }

    func testAShardSaysItCoveredItsSlice() {
        let shard = ShardedRuns.seeds(ExplorationShard(index: 0, of: 2)!, strategy: .fewestDeviationsFirst, ties: 3)
        XCTAssertEqual(shard.result.report, "Shard 0/2 covered every schedule of its slice (\(shard.seeds.count) "
            + "schedules): all passed.")
    }

    func testAFailureInAShardNamesTheShard() throws {
        let result = ScheduleExploration(schedules: 50, shard: ExplorationShard(index: 1, of: 2)).run { _ in
            tiedOrder(3) != [2, 1, 0]
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertTrue(failure.description.contains(" of at most 50 in shard 1/2 failed (seed "), failure.description)
        XCTAssertTrue(failure.description.contains("Every schedule of shard 1/2 with fewer differences passed."))
    }

    func testTheDefaultScheduleFailingIsReportedByShardZeroOnly() {
        let zero = ScheduleExploration(shard: ExplorationShard(index: 0, of: 3)).run { _ in false }
        XCTAssertEqual(zero.failure?.schedule.seed, "default")
        XCTAssertEqual(zero.schedulesRun, 1)
        let two = ScheduleExploration(shard: ExplorationShard(index: 2, of: 3)).run { _ in false }
        XCTAssertNil(two.failure)
        XCTAssertEqual(two.schedulesRun, 0)
        XCTAssertEqual(two.report, "Shard 2/3: the default schedule failed, which shard 0/3 reports; this shard ran "
            + "none of its own schedules.")
    }

    func testAReplayIgnoresTheShard() {
        var seeds: [String] = []
        let result = ScheduleExploration(replaying: "0.1", shard: ExplorationShard(index: 1, of: 8)).run { schedule in
            _ = tiedOrder(3)
            seeds.append(schedule.seed)
            return true
        }
        XCTAssertEqual(seeds, ["0.1"])
        XCTAssertEqual(result.schedulesRun, 1)
    }

    // MARK: The environment

    func testTheEnvironmentChoosesTheShard() {
        func shard(_ environment: [String: String]) -> ScheduleExploration {
            ScheduleExploration.$environmentForTests.withValue(environment) { ScheduleExploration() }
        }
        XCTAssertEqual(shard([:]).shard, .whole)
        XCTAssertEqual(shard(["COMBINEPROBE_EXPLORATION_SHARD": "2/8"]).shard, ExplorationShard(index: 2, of: 8))
        XCTAssertEqual(shard(["COMBINEPROBE_EXPLORATION_SHARD": " 0/1 "]).shard, .whole)
        let bazel = shard(["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3", "TEST_SHARD_STATUS_FILE": "/tmp/x"])
        XCTAssertEqual(bazel.shard, ExplorationShard(index: 3, of: 4))
        XCTAssertEqual(bazel.shardStatusFile, "/tmp/x")
        XCTAssertNil(bazel.invalidInput)
        let both = shard(["COMBINEPROBE_EXPLORATION_SHARD": "1/2", "TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3"])
        XCTAssertEqual(both.shard, ExplorationShard(index: 1, of: 2))
        XCTAssertNil(both.shardStatusFile)
        let given = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SHARD": "9"]) {
            ScheduleExploration(shard: ExplorationShard(index: 1, of: 3))
        }
        XCTAssertEqual(given.shard, ExplorationShard(index: 1, of: 3))
        XCTAssertNil(given.invalidInput)
        XCTAssertEqual(ExplorationShard(index: 2, of: 8)?.description, "2/8")
        XCTAssertNil(ExplorationShard(index: 8, of: 8))
        XCTAssertNil(ExplorationShard(index: -1, of: 8))
        XCTAssertNil(ExplorationShard(index: 0, of: 0))
    }

    func testBadShardTextIsInvalidInputAndNothingRuns() {
        for text in ["8/8", "1-of-4", "", "-1/2", "0/0", "1/", "a/b", "1/2/3"] {
            let exploration = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SHARD": text]) {
                ScheduleExploration()
            }
            XCTAssertTrue(exploration.invalidInput?.hasPrefix("COMBINEPROBE_EXPLORATION_SHARD is ") == true, text)
            var runs = 0
            let result = exploration.run { _ in
                runs += 1
                return true
            }
            XCTAssertEqual(runs, 0, text)
            XCTAssertEqual(result.report, exploration.invalidInput)
        }
        for environment in [["TEST_TOTAL_SHARDS": "4"], ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "4"],
                            ["TEST_TOTAL_SHARDS": "x", "TEST_SHARD_INDEX": "0"]] {
            let exploration = ScheduleExploration.$environmentForTests.withValue(environment) { ScheduleExploration() }
            XCTAssertTrue(exploration.invalidInput?.hasPrefix("TEST_TOTAL_SHARDS is ") == true, "\(environment)")
        }
    }

    func testBadShardTextIsAFailureAtTheCallAndNothingRuns() {
        var runs = 0
        let callLine = #line + 3
        let (failures, _) = captureFailures {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SHARD": "3 of 8"]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        XCTAssertEqual(runs, 0)
        assertFailures(failures, ["COMBINEPROBE_EXPLORATION_SHARD is \"3 of 8\", which is not a shard, and nothing "
            + "ran: a shard is i/n, shard i of n counted from 0, with 0 <= i < n (COMBINEPROBE_EXPLORATION_SHARD=0/8 … "
            + "COMBINEPROBE_EXPLORATION_SHARD=7/8). Set it to one, or unset it to explore every schedule."], at: callLine)
    }

    func testBazelsVariablesAloneChooseTheShardAndTheStatusFileIsTouched() throws {
        let directory = try temporaryDirectory()
        let status = directory.appendingPathComponent("status").path
        var seeds: [String] = []
        let environment = ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "1", "TEST_SHARD_STATUS_FILE": status]
        XCTAssertFalse(FileManager.default.fileExists(atPath: status))
        let result = ScheduleExploration.$environmentForTests.withValue(environment) {
            ScheduleExploration(seed: 7).run { schedule in
                _ = tiedOrder(3)
                if schedule.number > 0 { seeds.append(schedule.seed) }
                return true
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: status))
        XCTAssertEqual(result.exploration.shard, ExplorationShard(index: 1, of: 3))
        XCTAssertEqual(seeds.sorted(),
                       ShardedRuns.seeds(ExplorationShard(index: 1, of: 3)!, strategy: .fewestDeviationsFirst, ties: 3)
                        .seeds.sorted())
    }

    // MARK: Result files

    func testEachShardWritesItsResultFile() throws {
        let directory = try temporaryDirectory()
        let line = #line + 5
        for index in 0..<3 {
            ScheduleExploration.$environmentForTests.withValue([
                "COMBINEPROBE_EXPLORATION_RESULTS": directory.path, "COMBINEPROBE_EXPLORATION_SHARD": "\(index)/3",
            ]) {
                _ = ScheduleExploration(seed: 7).run { _ in tiedOrder(3) != [2, 1, 0] }
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let site = "CombineProbeTests_ExplorationShardTests.swift_\(line)"
        XCTAssertEqual(names, (0..<3).map { "\(site).call1.shard\($0)of3.json" })
        let results = try ShardMerge.read(directory: directory.path)
        XCTAssertEqual(results.map(\.shardIndex), [0, 1, 2])
        XCTAssertEqual(results.map(\.site), Array(repeating: "CombineProbeTests/ExplorationShardTests.swift:\(line)", count: 3))
        XCTAssertEqual(results.reduce(0) { $0 + $1.schedulesRun } >= 3, true)
        let failing = results.filter(\.failed)
        XCTAssertEqual(failing.count, 1, "\(results)")
        XCTAssertEqual(failing.first?.failingSeed, "0.2-1.1")
        XCTAssertEqual(failing.first?.failingDeviations, 2)
        XCTAssertTrue(failing.first?.message.contains("Replay it with") == true)
        // Merged, the report of the unsharded run's failing schedule.
        let merged = ShardMerge.merge(results)
        XCTAssertEqual(merged.count, 1)
        XCTAssertEqual(merged.first?.failure?.failingSeed, "0.2-1.1")
    }

    func testAPassingExplorationMergesIntoTheUnshardedReport() throws {
        let directory = try temporaryDirectory()
        let unsharded = ScheduleExploration(seed: 7).run { _ in
            _ = tiedOrder(4)
            return true
        }
        for index in 0..<5 {
            ScheduleExploration.$environmentForTests.withValue([
                "COMBINEPROBE_EXPLORATION_RESULTS": directory.path, "COMBINEPROBE_EXPLORATION_SHARD": "\(index)/5",
            ]) {
                _ = ScheduleExploration(seed: 7).run { _ in
                    _ = tiedOrder(4)
                    return true
                }
            }
        }
        let merged = ShardMerge.merge(try ShardMerge.read(directory: directory.path))
        XCTAssertEqual(merged.count, 1)
        XCTAssertEqual(merged.first?.report, unsharded.report)
        XCTAssertEqual(merged.first?.report, "Covered every schedule (24 distinct orders): all passed.")
        XCTAssertEqual(merged.first?.failed, false)
    }

    func testAReplayWritesNoResultFile() throws {
        let directory = try temporaryDirectory()
        ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_RESULTS": directory.path]) {
            _ = ScheduleExploration(replaying: "0.1").run { _ in
                _ = tiedOrder(3)
                return true
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    // MARK: The merge

    func testTheMergePicksTheFailingSeedWithTheFewestDeviations() {
        let results = [
            ShardMergeFixtures.result(0, of: 4, failing: "3.1-7.1", deviations: 2),
            ShardMergeFixtures.result(1, of: 4, failing: "5.2", deviations: 1),
            ShardMergeFixtures.result(2, of: 4, failing: "4.1", deviations: 1),
            ShardMergeFixtures.result(3, of: 4),
        ]
        let merged = ShardMerge.merge(results)
        XCTAssertEqual(merged.count, 1)
        // Ties: the smallest seed text.
        XCTAssertEqual(merged.first?.failure?.failingSeed, "4.1")
        XCTAssertEqual(merged.first?.report, "3 of 4 shards failed; the failing schedule with the fewest deviations is "
            + "seed 4.1, in shard 2/4:\nthe report of shard 2")
        XCTAssertEqual(merged.first?.failed, true)
    }

    func testTheMergeSaysWhichShardsWroteNothing() {
        let merged = ShardMerge.merge([ShardMergeFixtures.result(0, of: 3), ShardMergeFixtures.result(2, of: 3)])
        XCTAssertEqual(merged.first?.missing, [1])
        XCTAssertEqual(merged.first?.failed, true)
        XCTAssertEqual(merged.first?.covered, false)
        XCTAssertTrue(merged.first?.report.hasPrefix("No result of shard 1/3: the merge is incomplete") == true,
                      merged.first?.report ?? "")
    }

    func testTheMergeOfShardsThatRanOutOfBudgetSaysHowMany() {
        let merged = ShardMerge.merge([
            ShardMergeFixtures.result(0, of: 2, run: 100, covered: false, remaining: 40),
            ShardMergeFixtures.result(1, of: 2, run: 100, covered: false, remaining: 60),
        ])
        XCTAssertEqual(merged.first?.report, "200 schedules passed in 2 of 2 shards (up to 100 each), of at least 300: "
            + "more remain unexplored.")
    }

    func testTheMergeTellsResultsOfOtherExplorationsApart() {
        var other = ShardMergeFixtures.result(1, of: 2)
        other.baseSeed = "0x2a"
        let merged = ShardMerge.merge([ShardMergeFixtures.result(0, of: 2), other])
        XCTAssertEqual(merged.first?.inconsistency,
                       "The results are not those of one exploration sharded: base seeds 0x2a, 0x7.")
        var elsewhere = ShardMergeFixtures.result(0, of: 1)
        elsewhere.site = "Tests/Other.swift:9"
        XCTAssertEqual(ShardMerge.merge([ShardMergeFixtures.result(0, of: 1), elsewhere]).map(\.name),
                       ["Tests/Other.swift:9", "Tests/Search.swift:12"])
    }

    func testTheJUnitReportFailsWithTheSeed() {
        let merged = ShardMerge.merge([
            ShardMergeFixtures.result(0, of: 2, failing: "0.1-2.1", deviations: 2, message: "a <b> & \"c\""),
            ShardMergeFixtures.result(1, of: 2),
        ] + [{ var passing = ShardMergeFixtures.result(0, of: 1); passing.site = "Tests/Other.swift:9"; return passing }()])
        let xml = ShardMerge.junit(merged)
        XCTAssertEqual(xml, """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="CombineProbe explorations" tests="2" failures="1">
              <testsuite name="CombineProbe explorations" tests="2" failures="1">
                <testcase classname="Tests/Other.swift" name="Tests/Other.swift:9">
                  <system-out>Covered every schedule (6 distinct orders): all passed.</system-out>
                </testcase>
                <testcase classname="Tests/Search.swift" name="Tests/Search.swift:12">
                  <failure message="Failing schedule: seed 0.1-2.1 (replay with COMBINEPROBE_SCHEDULE=0.1-2.1)" \
            type="exploration">1 of 2 shards failed; the failing schedule with the fewest deviations is seed 0.1-2.1, \
            in shard 0/2:
            a &lt;b&gt; &amp; &quot;c&quot;</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    func testTheCommandMergesADirectoryAndWritesJUnit() throws {
        let directory = try temporaryDirectory()
        for result in [ShardMergeFixtures.result(0, of: 2, failing: "1.1", deviations: 1), ShardMergeFixtures.result(1, of: 2)] {
            try result.encoded().write(to: directory.appendingPathComponent(result.fileName))
        }
        try Data("{\"other\": 1}".utf8).write(to: directory.appendingPathComponent("other.json"))
        let junit = directory.appendingPathComponent("junit.xml").path
        let run = ShardCommand.run(["merge", directory.path, "--junit", junit])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.error, "")
        XCTAssertEqual(run.output, "Tests/Search.swift:12:\n1 of 2 shards failed; the failing schedule with the fewest "
            + "deviations is seed 1.1, in shard 0/2:\nthe report of shard 0\n\n1 exploration merged, 1 failed.\n")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<failure message="Failing schedule: seed 1.1"#), xml)
        XCTAssertEqual(ShardCommand.run(["merge"]).status, 2)
        XCTAssertEqual(ShardCommand.run(["split", directory.path]).status, 2)
        XCTAssertEqual(ShardCommand.run(["merge", directory.path, "--junit"]).status, 2)
        XCTAssertEqual(ShardCommand.run(["merge", directory.appendingPathComponent("none").path]).status, 2)
        let empty = try temporaryDirectory()
        XCTAssertTrue(ShardCommand.run(["merge", empty.path]).error.hasPrefix("No exploration result in "))
        try FileManager.default.removeItem(at: directory.appendingPathComponent(
            ShardMergeFixtures.result(0, of: 2).fileName))
        try ShardMergeFixtures.result(0, of: 2).encoded().write(
            to: directory.appendingPathComponent(ShardMergeFixtures.result(0, of: 2).fileName))
        XCTAssertEqual(ShardCommand.run(["merge", directory.path]).status, 0)
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("combineprobe-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }
}

/// Results of shards, as their files hold them.
enum ShardMergeFixtures {
    static func result(
        _ index: Int, of count: Int, failing seed: String? = nil, deviations: Int? = nil, run: Int = 3,
        covered: Bool = true, remaining: Int = 0, message: String? = nil
    ) -> ShardResult {
        ShardResult(
            site: "Tests/Search.swift:12", call: 1, shardIndex: index, shardCount: count, budget: 100, baseSeed: "0x7",
            strategy: "fewest-deviations-first", schedulesRun: seed == nil ? run * 2 / count : 1,
            covered: seed == nil && covered, knownRemaining: remaining, failed: seed != nil, failingSeed: seed,
            failingDeviations: deviations, message: message ?? "the report of shard \(index)")
    }
}

@Suite struct ExplorationShardSwiftTests {
    @Test(arguments: 1...8)
    func shardsTogetherRunExactlyTheUnshardedSchedules(count: Int) {
        for strategy in ExplorationStrategyKind.pathStrategies {
            let whole = ShardedRuns.seeds(.whole, strategy: strategy, ties: 4)
            let shards = (0..<count).map {
                ShardedRuns.seeds(ExplorationShard(index: $0, of: count)!, strategy: strategy, ties: 4)
            }
            #expect(ShardedRuns.problems(whole: whole.seeds, shards: shards, count: count) == [], "\(strategy)")
        }
    }

    @Test("Bazel's variables set wrong are an issue at the call (fails on purpose)", .tags(.failurePath))
    func badBazelVariablesAreAnIssueAtTheCall() async {
        var runs = 0
        let callLine = #line + 3
        let issues = await issuesRecorded {
            ScheduleExploration.$environmentForTests.withValue(["TEST_TOTAL_SHARDS": "8", "TEST_SHARD_INDEX": "8"]) {
                exploreSchedules { _ in runs += 1 }
            }
        }
        #expect(runs == 0)
        #expect(issues.map(\.line) == [callLine], "\(issues)")
        #expect(issues.first?.comment == "TEST_TOTAL_SHARDS is \"8\" and TEST_SHARD_INDEX is \"8\", which is not a "
            + "shard, and nothing ran: Bazel sets TEST_TOTAL_SHARDS to n, at least 1, and TEST_SHARD_INDEX to a "
            + "number from 0 to n - 1. Set both, or neither to explore every schedule.", "\(issues)")
    }

    @Test func theMergePicksTheFewestDeviationsThenTheSmallestSeed() {
        let merged = ShardMerge.merge([
            ShardMergeFixtures.result(0, of: 3, failing: "2.1", deviations: 1),
            ShardMergeFixtures.result(1, of: 3, failing: "10.1", deviations: 1),
            ShardMergeFixtures.result(2, of: 3, failing: "0.1-1.1", deviations: 2),
        ])
        #expect(merged.first?.failure?.failingSeed == "10.1")
    }

    #if compiler(>=6.1)
    @Test func theTraitReadsTheShardVariable() {
        let trait = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SHARD": "3/4"]) {
            ScheduleExplorationTrait.exploringSchedules()
        }
        #expect(trait.exploration.shard == ExplorationShard(index: 3, of: 4))
    }
    #endif
}
