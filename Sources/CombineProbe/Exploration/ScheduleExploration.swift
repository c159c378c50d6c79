import Foundation

/// Runs one test body under many schedules of the virtual world, and finds
/// the first one under which it fails.
///
/// A deterministic test checks one order: actions due at the same instant
/// run first-scheduled first, the virtual executor runs ready jobs first in
/// first out, and a mock answers after the lower bound of its latency. Code
/// on a device meets other orders. Exploring runs the body again under
/// other orders, each chosen by a seed, fewest deviations from the default
/// order first (see the Finding order bugs guide):
///
/// ```swift
/// let result = ScheduleExploration(schedules: 100).run { _ in
///     let scheduler = DispatchQueue.virtualScheduler()
///     let service = SuggestionServiceMock()
///     service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
///     let typeahead = Typeahead(service: service, scheduler: scheduler)
///     typeahead.query = "s"
///     scheduler.advance(by: .milliseconds(100))
///     typeahead.query = "sw"
///     scheduler.run()
///     return typeahead.suggestions == ["swift"]
/// }
/// XCTAssertNil(result.failure)
/// ```
///
/// This is the engine: it runs, and tells what it found; it records no
/// test failure. In a test, `exploreSchedules(_:seed:replaying:)` and the
/// `.exploringSchedules(_:)` trait (Swift Testing) and
/// `XCTestCase.exploreSchedules(_:seed:replaying:)` use it, and report the
/// failing schedule at the test's line.
///
/// Only what is made inside the body is explored: virtual schedulers (and
/// their clocks and executors), and the mocks that deliver on them.
public struct ScheduleExploration: Sendable {
    /// How many schedules a test explores unless it says otherwise: 200.
    public static let defaultSchedules = 200

    /// The base seed used when none is given and
    /// `COMBINEPROBE_EXPLORATION_SEED` is not set: a fixed value, so that a
    /// suite explores the same schedules on every run.
    public static let defaultSeed: UInt64 = 0x5EED_CB0B_E000_0001

    /// The environment variable whose value, a schedule seed, makes every
    /// exploration run that one schedule, once.
    public static let replayVariable = "COMBINEPROBE_SCHEDULE"

    /// The environment variable whose value (decimal, or hexadecimal after
    /// `0x`) is the base seed of explorations that give none.
    public static let seedVariable = "COMBINEPROBE_EXPLORATION_SEED"

    /// The environment variable that, set to `1`, makes every exploration
    /// that does not say otherwise check its replays (see
    /// ``checksReplays``).
    public static let replayCheckVariable = "COMBINEPROBE_CHECK_REPLAYS"

    /// The environment variable whose value, the name of a strategy
    /// (`fewest-deviations-first`, `depth-first`, `pct`: see
    /// ``ExplorationStrategyKind``), is the strategy of explorations that
    /// give none.
    public static let strategyVariable = "COMBINEPROBE_EXPLORATION_STRATEGY"

    /// The environment variable whose value, a whole number from 1, is the
    /// depth of PCT explorations that give no `pctDepth:` (see
    /// ``pctDepth``).
    public static let pctDepthVariable = "COMBINEPROBE_EXPLORATION_PCT_DEPTH"

    /// The depth of a PCT exploration that gives none, and that
    /// `COMBINEPROBE_EXPLORATION_PCT_DEPTH` does not set: 3.
    public static let defaultPCTDepth = 3

    /// The environment variable whose value, `i/n` (shard i of n, counted
    /// from 0), makes explorations that give no `shard:` run that shard of
    /// their schedules (see ``ExplorationShard``). Where it is not set,
    /// Bazel's `TEST_SHARD_INDEX` and `TEST_TOTAL_SHARDS` choose the shard.
    public static let shardVariable = "COMBINEPROBE_EXPLORATION_SHARD"

    /// The environment variable whose value, a directory, makes every
    /// exploration write its result there, one JSON file per exploration
    /// and shard, for `combineprobe-shards merge` to merge.
    public static let resultsVariable = "COMBINEPROBE_EXPLORATION_RESULTS"

    /// The settings, in one object: an exploration, its runner and its
    /// result each hold it, and copying it is one reference (its dozen
    /// fields cost every exploration some 1,200 instructions in copies).
    private let settings: ExplorationSettings

    /// The most schedules to run, as given: an exploration given fewer
    /// than 1 runs nothing, and says so (see ``ExplorationResult/invalidInput``).
    public var schedules: Int { settings.schedules }
    /// The base seed: it orders the schedules that have as many deviations.
    public var seed: UInt64 { settings.seed }
    /// The seed of the one schedule to replay, if any.
    public var replaying: String? { settings.replaying }
    /// What the schedules reorder.
    public var orders: ExploredOrders { settings.orders }
    /// How the schedules are chosen (see ``ExplorationStrategyKind``).
    public var strategy: ExplorationStrategyKind { settings.strategy }
    /// The depth of the ``ExplorationStrategyKind/pct`` strategy: the most
    /// deviations from the default order that one of its schedules makes,
    /// and the depth of the bugs its report states a chance of finding. The
    /// other strategies ignore it.
    public var pctDepth: Int { settings.pctDepth }
    /// Whether each schedule runs twice, and the second run's choice points
    /// are compared with the first's: the first that differs (another kind
    /// of choice, another number of options, another count) ends the
    /// exploration with ``ExplorationResult/nondeterminism``. It doubles the
    /// exploration's cost; a failing schedule's replay is checked anyway.
    public var checksReplays: Bool { settings.checksReplays }
    /// The slice of the schedules this exploration runs: ``ExplorationShard/whole``
    /// unless a shard was given or the environment chose one.
    public var shard: ExplorationShard { settings.shard }
    /// The file to touch when the exploration runs: Bazel's
    /// `TEST_SHARD_STATUS_FILE`, when Bazel's variables chose the shard.
    var shardStatusFile: String? { settings.shardStatusFile }
    /// The directory to write the result to, from
    /// `COMBINEPROBE_EXPLORATION_RESULTS`.
    var resultsDirectory: String? { settings.resultsDirectory }
    /// Why nothing can run, if nothing can: a budget below 1, a replay seed
    /// that cannot be read, an environment variable set to something that
    /// is not a seed.
    var invalidInput: String? { settings.invalidInput }
    /// The environment variable that chose the replayed schedule, if one
    /// did (the call gave none).
    var replayChosenBy: String? { settings.replayChosenBy }

    /// Describes an exploration.
    ///
    /// A budget below 1, a `replaying` seed that cannot be read, and an
    /// environment variable set to something that is not a seed (or to
    /// nothing) make an exploration that runs nothing and says why (see
    /// ``ExplorationResult/invalidInput``).
    ///
    /// - parameter schedules: The most schedules to run: at least 1.
    /// - parameter seed: The base seed; by default, the value of
    ///   `COMBINEPROBE_EXPLORATION_SEED`, or ``defaultSeed``.
    /// - parameter replaying: The seed of one schedule, as a failure report
    ///   prints it, to run that schedule alone; by default, the value of
    ///   `COMBINEPROBE_SCHEDULE`, if set. Replay with the same `orders`.
    /// - parameter orders: What the schedules reorder (see
    ///   ``ExploredOrders``).
    /// - parameter checkingReplays: Whether each schedule runs twice, its
    ///   second run checked against the first (see ``checksReplays``); by
    ///   default, whether `COMBINEPROBE_CHECK_REPLAYS` is `1`.
    /// - parameter strategy: How the schedules are chosen; by default, the
    ///   strategy named by `COMBINEPROBE_EXPLORATION_STRATEGY`, or
    ///   ``ExplorationStrategyKind/fewestDeviationsFirst``. A name the
    ///   variable gives that is no strategy's makes an exploration that runs
    ///   nothing and says why.
    /// - parameter pctDepth: The depth of the ``ExplorationStrategyKind/pct``
    ///   strategy (see ``pctDepth``), at least 1; by default, the value of
    ///   `COMBINEPROBE_EXPLORATION_PCT_DEPTH`, or ``defaultPCTDepth`` (3).
    ///   A depth below 1, given or in the variable, makes an exploration
    ///   that runs nothing and says why.
    /// - parameter shard: The slice of the schedules to run (see
    ///   ``ExplorationShard``); by default, the shard that
    ///   `COMBINEPROBE_EXPLORATION_SHARD` names (`2/8`), or else Bazel's
    ///   `TEST_SHARD_INDEX` of `TEST_TOTAL_SHARDS`, or else every schedule.
    ///   A value the variables give that is no shard makes an exploration
    ///   that runs nothing and says why. A replay ignores the shard.
    public init(
        schedules: Int = ScheduleExploration.defaultSchedules, seed: UInt64? = nil, replaying: String? = nil,
        exploring orders: ExploredOrders = .default, checkingReplays: Bool? = nil,
        strategy: ExplorationStrategyKind? = nil, pctDepth: Int? = nil, shard: ExplorationShard? = nil
    ) {
        settings = ExplorationSettings(
            schedules: schedules, seed: seed, replaying: replaying, exploring: orders, checkingReplays: checkingReplays,
            strategy: strategy, pctDepth: pctDepth, shard: shard)
    }

    /// Reads one environment variable: from the exploration's variables,
    /// found in one pass (see `ExplorationEnvironment`; the whole
    /// environment as a dictionary would cost more than a small test's
    /// run), or with `getenv` where the environment cannot be walked; tests
    /// read a dictionary of their own instead (``environmentForTests``).
    static var environment: (String) -> String? {
        if let values = environmentForTests { return { values[$0] } }
        // `withCString`: a native string lends its own bytes, where passing
        // the string itself copies them into a new array on every read.
        let read = { (name: String) in name.withCString { getenv($0) }.map { String(cString: $0) } }
        guard let values = ExplorationEnvironment.current() else { return read }
        // The common case, none set: a closure that captures nothing, so
        // nothing is allocated for it.
        if values.isEmpty {
            return { name in
                assert(ExplorationEnvironment.keeps(name), "\(name) is not among the variables ExplorationEnvironment keeps")
                return nil
            }
        }
        return { name in
            assert(ExplorationEnvironment.keeps(name), "\(name) is not among the variables ExplorationEnvironment keeps")
            return values[name]
        }
    }

    /// The environment that explorations made on this task read instead of
    /// the process's, for tests: the process's is shared by tests that run
    /// in parallel.
    @TaskLocal static var environmentForTests: [String: String]?

    /// Why the value of an environment variable is not what it must be.
    static func invalidVariableMessage(_ variable: String, _ value: String) -> String {
        let shown = value.isEmpty ? "set but empty" : "\"\(value)\""
        if variable == pctDepthVariable {
            return "\(variable) is \(shown), which is not a depth, and nothing ran: a depth is a whole number from 1 "
                + "(\(variable)=3). Set it to one, or unset it to explore with the default depth (\(defaultPCTDepth))."
        }
        if variable == strategyVariable {
            let names = ExplorationStrategyKind.allCases.map { "`\($0)`" }
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            return "\(variable) is \(shown), which is not the name of a strategy, and nothing ran: a strategy is "
                + "\(list) (\(variable)=depth-first). Set it to one, or unset it to explore with the default "
                + "strategy (\(ExplorationStrategyKind.fewestDeviationsFirst))."
        }
        if variable == seedVariable {
            return "\(variable) is \(shown), which is not a base seed, and nothing ran: a base seed is a number, "
                + "decimal or hexadecimal after 0x (\(variable)=0x2a). Set it to one, or unset it to explore "
                + "with the default seed."
        }
        return "\(variable) is \(shown), which is not a schedule seed, and nothing ran: a seed is `default`, or "
            + "deviations like `4.1-9.2`, as a failure report prints it (\(variable)=4.1-9.2). Set it to one, "
            + "or unset it to explore."
    }

    /// Reads a base seed: decimal, or hexadecimal after `0x`.
    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2).filter { $0 != "_" }, radix: 16) }
        return UInt64(trimmed)
    }

    /// The line written to standard error when the environment chose the
    /// schedule to replay: a suite run with the variable set replays one
    /// schedule everywhere, and nothing else would say so.
    func noteReplayChosenByEnvironment(at site: String?) {
        guard let variable = replayChosenBy, invalidInput == nil, let replaying else { return }
        let place = site.map { " at \($0)" } ?? ""
        FileHandle.standardError.write(Data(
            ("CombineProbe: \(variable)=\(replaying) is set: the exploration\(place) replays that one schedule "
                + "instead of exploring up to \(schedules).\n").utf8))
    }

    /// Touches Bazel's status file, if Bazel's variables chose the shard:
    /// the test runner shards.
    func touchShardStatusFile() {
        guard invalidInput == nil, let shardStatusFile else { return }
        ExplorationShard.touchStatusFile(shardStatusFile)
    }

    /// Runs `body` once per schedule, until one returns false or throws, or
    /// the budget or the schedules run out. An exploration given a budget
    /// below 1 or a seed that cannot be read runs nothing (see
    /// ``ExplorationResult/invalidInput``).
    ///
    /// - parameter body: The test: it makes its virtual world, runs, and
    ///   returns whether the schedule passed. A thrown error fails the
    ///   schedule.
    /// - parameter fileID: The file of the call, which names its result
    ///   file (see ``resultsVariable``); leave the default.
    /// - parameter line: The line of the call; leave the default.
    /// - returns: What the exploration found.
    public func run(
        fileID: StaticString = #fileID, line: UInt = #line, _ body: (ExploredSchedule) throws -> Bool
    ) -> ExplorationResult {
        run(at: nil, resultsSite: "\(fileID):\(line)", body)
    }

    /// `run(_:)`, for a call made at `site`, which a note on standard
    /// error names; its result file is named after `resultsSite`, or else
    /// `site`.
    func run(
        at site: String?, resultsSite: @autoclosure () -> String? = nil, _ body: (ExploredSchedule) throws -> Bool
    ) -> ExplorationResult {
        let result = explore(at: site, body)
        ExplorationResultsFile.write(result, at: resultsSite() ?? site)
        return result
    }

    /// Runs the schedules of `run(at:_:)`.
    private func explore(at site: String?, _ body: (ExploredSchedule) throws -> Bool) -> ExplorationResult {
        noteReplayChosenByEnvironment(at: site)
        touchShardStatusFile()
        var runner = ExplorationRunner(self)
        while let (first, firstChoices) = runner.next() {
            var attempts = runner.attempts(first, firstChoices)
            while let (schedule, choices) = attempts.next() {
                do {
                    attempts.ran(try ScheduleChoices.$current.withValue(choices) { try body(schedule) } ? .passed : .failed(nil))
                } catch {
                    attempts.ran(.failed("\(error)"))
                }
            }
            if let result = runner.conclude(attempts) { return result }
        }
        return runner.result()
    }

    /// The async form of ``run(fileID:line:_:)``.
    ///
    /// - parameter isolation: The actor `body` runs on; leave the default.
    /// - parameter fileID: The file of the call, which names its result
    ///   file (see ``resultsVariable``); leave the default.
    /// - parameter line: The line of the call; leave the default.
    /// - parameter body: The test: it makes its virtual world, runs, and
    ///   returns whether the schedule passed. A thrown error fails the
    ///   schedule.
    /// - returns: What the exploration found.
    public func run(
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, line: UInt = #line,
        _ body: (ExploredSchedule) async throws -> Bool
    ) async -> ExplorationResult {
        await run(at: nil, resultsSite: "\(fileID):\(line)", isolation: isolation, body)
    }

    /// The async form of `run(at:_:)`.
    func run(
        at site: String?,
        resultsSite: @autoclosure () -> String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (ExploredSchedule) async throws -> Bool
    ) async -> ExplorationResult {
        let result = await explore(at: site, isolation: isolation, body)
        ExplorationResultsFile.write(result, at: resultsSite() ?? site)
        return result
    }

    /// Runs the schedules of `run(at:isolation:_:)`.
    private func explore(
        at site: String?,
        isolation: isolated (any Actor)?,
        _ body: (ExploredSchedule) async throws -> Bool
    ) async -> ExplorationResult {
        noteReplayChosenByEnvironment(at: site)
        touchShardStatusFile()
        var runner = ExplorationRunner(self)
        while let (first, firstChoices) = runner.next() {
            var attempts = runner.attempts(first, firstChoices)
            while let (schedule, choices) = attempts.next() {
                do {
                    let passed = try await ScheduleChoices.$current.withValue(choices, operation: {
                        try await body(schedule)
                    }, isolation: isolation)
                    attempts.ran(passed ? .passed : .failed(nil))
                } catch {
                    attempts.ran(.failed("\(error)"))
                }
            }
            if let result = runner.conclude(attempts) { return result }
        }
        return runner.result()
    }
}

/// The bookkeeping of one exploration: the strategy, the count, the result.
struct ExplorationRunner {
    let exploration: ScheduleExploration
    private var strategy: any ExplorationStrategy
    /// The schedules the body ran.
    private var run = 0
    /// Whether the first run is the default schedule that a shard other
    /// than the first runs to learn its choice points, and does not count.
    private let probesDefault: Bool
    /// Whether the exploration replays one schedule (``ReplayStrategy``).
    private let replays: Bool
    /// How the replayed schedule strayed from its seed, if it did.
    private var replayMismatch: String?
    /// How many choice points the last schedule met: the room the next
    /// one's choices make for theirs.
    private var pointsMet = 0

    init(_ exploration: ScheduleExploration) {
        self.exploration = exploration
        let sharded = exploration.replaying == nil && exploration.shard.count > 1
        if let text = exploration.replaying {
            replays = true
            // A seed that cannot be read is invalid input: nothing runs.
            strategy = ReplayStrategy(SchedulePath.parse(text) ?? .default)
        } else {
            replays = false
            strategy = exploration.strategy.make(
                seed: exploration.seed, budget: max(1, exploration.schedules), pctDepth: exploration.pctDepth,
                shard: sharded ? exploration.shard : .whole)
        }
        probesDefault = sharded && exploration.shard.index != 0
    }

    /// The schedules that ran and count: all but a shard's probe of the
    /// default schedule.
    private var counted: Int { probesDefault ? max(0, run - 1) : run }

    /// The next schedule to run, with the choices it will make.
    mutating func next() -> (ExploredSchedule, ScheduleChoices)? {
        guard exploration.invalidInput == nil else { return nil }
        let next = replays || counted < exploration.schedules || (probesDefault && run == 0) ? strategy.next() : nil
        switch next {
        case nil:
            return nil
        case let .path(path)?:
            run += 1
            let schedule = ExploredSchedule(number: counted, path: path)
            return (schedule, ScheduleChoices(path: path, orders: exploration.orders, room: pointsMet))
        case let .plan(plan)?:
            run += 1
            let choices = ScheduleChoices(path: .default, orders: exploration.orders, plan: plan, room: pointsMet)
            return (ExploredSchedule(number: counted, taking: choices), choices)
        }
    }

    /// How many times a schedule disturbed by real time runs again (see
    /// `ScheduleChoices.disturbedByTime`): new tasks that the body started
    /// back to back were split by the hold limit because its thread stalled
    /// (a loaded machine), so the run's choices may not be the schedule's.
    /// The last run counts, disturbed or not.
    static let disturbedRetries = 2

    /// The runs of `schedule`, which starts with `choices`: see
    /// ``ScheduleAttempts``.
    func attempts(_ schedule: ExploredSchedule, _ choices: ScheduleChoices) -> ScheduleAttempts {
        ScheduleAttempts(schedule: schedule, choices: choices, checkingReplay: exploration.checksReplays ? again : nil)
    }

    /// How the runs of one schedule end the exploration, if they do: a
    /// replay check that met other choices, else the schedule's outcome
    /// (see ``finish(_:_:_:)``).
    mutating func conclude(_ attempts: ScheduleAttempts) -> ExplorationResult? {
        if let replay = attempts.replay, let result = checkReplay(attempts.schedule, attempts.choices, replay) {
            return result
        }
        return finish(attempts.schedule, attempts.choices, attempts.outcome)
    }

    /// The choices of a second run of the schedule that `choices` ran, which
    /// compares its points with theirs.
    func again(_ choices: ScheduleChoices) -> ScheduleChoices {
        ScheduleChoices(path: choices.path, orders: exploration.orders, expected: choices.points, plan: choices.plan)
    }

    /// The result that ends the exploration when the second run of
    /// `schedule` (`again`) met other choices than the first (`first`); nil
    /// when it met the same. It names what reached the world from outside
    /// the schedule's control in either run, if anything did.
    func checkReplay(_ schedule: ExploredSchedule, _ first: ScheduleChoices, _ again: ScheduleChoices) -> ExplorationResult? {
        again.close()
        guard let mismatch = again.mismatch else { return nil }
        let uncontrolled = (UncontrolledArrivals.describe(first) ?? UncontrolledArrivals.describe(again)).map { "; \($0)" } ?? ""
        return ExplorationResult(
            exploration: exploration, schedulesRun: counted, coveredEverySchedule: false, failure: nil,
            replayMismatch: replayMismatch,
            nondeterminism: "\(schedule) did not replay the same way when it ran twice (\(mismatch))\(uncontrolled)")
    }

    /// Takes note of how a schedule ended; returns the result when it ends
    /// the exploration.
    mutating func finish(_ schedule: ExploredSchedule, _ choices: ScheduleChoices, _ outcome: ScheduleOutcome) -> ExplorationResult? {
        choices.close()
        // A plan's schedule is the one its run took.
        let path = choices.plan == nil ? choices.path : choices.realizedPath
        let schedule = choices.plan == nil ? schedule
            : ExploredSchedule(number: schedule.number, path: path)
        let mismatch = choices.mismatch
        if replays { replayMismatch = mismatch }
        let points = choices.points
        pointsMet = points.count
        strategy.record(path, points: points, windowFull: choices.windowFull)
        guard case let .failed(error) = outcome else { return nil }
        if probesDefault, run == 1 {
            return ExplorationResult(
                exploration: exploration, schedulesRun: 0, coveredEverySchedule: false, failure: nil,
                replayMismatch: nil, nondeterminism: nil, defaultFailedInAnotherShard: true)
        }
        let failure = ExplorationFailure(
            schedule: schedule, deviations: choices.deviations, error: error, mismatch: mismatch,
            uncontrolled: UncontrolledArrivals.describe(choices), points: choices.points, exploration: exploration)
        return ExplorationResult(
            exploration: exploration, schedulesRun: counted, coveredEverySchedule: false, failure: failure,
            replayMismatch: replayMismatch, nondeterminism: nil)
    }

    /// The result of an exploration that found no failing schedule.
    func result() -> ExplorationResult {
        ExplorationResult(
            exploration: exploration, schedulesRun: counted,
            coveredEverySchedule: !replays && exploration.invalidInput == nil && strategy.isExhausted,
            failure: nil, replayMismatch: replayMismatch, nondeterminism: nil, knownRemaining: strategy.knownRemaining,
            pct: strategy.pctGuarantee)
    }
}

/// One schedule of an exploration, as the test body sees it.
public struct ExploredSchedule: Sendable, CustomStringConvertible {
    /// Its rank in the exploration, from 1; 0 for the default schedule
    /// that a shard other than the first runs only to learn its choice
    /// points (see ``ExplorationShard``), which it does not count.
    public let number: Int
    /// The seed that replays it: `default`, or deviations like `4.1-9.2`.
    /// With the ``ExplorationStrategyKind/pct`` strategy, which draws its
    /// options as the run meets its choice points, it is the seed of the
    /// choices made so far: read it at the end of the body.
    public var seed: String { (taking?.realizedPath ?? path).description }
    /// How many choices it makes other than the default order's (with
    /// ``ExplorationStrategyKind/pct``, so far).
    public var deviationCount: Int { (taking?.realizedPath ?? path).deviations.count }

    /// Its deviations: the seed is written from them when it is read, not
    /// for every schedule run (some 1,800 instructions a schedule that
    /// deviates).
    private let path: SchedulePath
    /// The choices of a PCT schedule, whose seed is known as it runs.
    private let taking: ScheduleChoices?

    init(number: Int, path: SchedulePath) {
        self.number = number
        self.path = path
        taking = nil
    }

    /// A PCT schedule, its seed read from `choices`.
    init(number: Int, taking choices: ScheduleChoices) {
        self.number = number
        path = .default
        taking = choices
    }

    /// The same schedule, run again with `choices`.
    func again(with choices: ScheduleChoices) -> ExploredSchedule {
        taking == nil ? self : ExploredSchedule(number: number, taking: choices)
    }

    /// Whether it is the default order, the one the test takes when nothing
    /// is explored.
    public var isDefault: Bool { deviationCount == 0 }

    /// `schedule 3 (seed 4.1)`.
    public var description: String { "schedule \(number) (seed \(seed))" }
}

/// The first schedule under which an exploration's body failed.
///
/// It describes itself in the words of the exploration's report (see
/// ``ExplorationResult/report``), so that an assertion that prints it —
/// `XCTAssertNil(result.failure)`, `#expect(result.failure == nil)` — says
/// which schedule failed, what it did differently, and how to replay it:
///
/// ```
/// Schedule 2 of at most 200 failed (seed 0.1; base seed 0x5eedcb0be0000001).
/// It differs from the default order in 1 choice:
///   - the answer to suggestions(for:) with ("s") came after 500ms (the upper bound), not 50ms
/// Every schedule with fewer differences passed.
/// Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
/// ```
public struct ExplorationFailure: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The schedule.
    public let schedule: ExploredSchedule
    /// What it did differently from the default order, in words, in the
    /// order it did it: "at 0.3 s, ran the delivery of search("sw") before
    /// the delivery of search("s")".
    public let deviations: [String]
    /// The error the body threw, described, if it threw one.
    public let error: String?
    /// Why the schedule could not be followed exactly (the test met other
    /// choices than when the schedule was made), if it could not: then the
    /// body does something the virtual world does not control.
    public let mismatch: String?
    /// What reached the virtual world from outside the schedule's control
    /// while it ran, if anything did: how many jobs came from a thread the
    /// schedule does not run (a continuation resumed by a real thread, a
    /// real `Task.sleep`), and when the first came. Their order with the
    /// world's jobs was the threads', so the seed may not replay.
    public let uncontrolled: String?
    /// The choice points the schedule met, for a replay to compare with
    /// its own.
    let points: [ScheduleChoices.Point]
    /// The exploration that found it: its budget, base seed, replayed seed
    /// and orders, for the report's words.
    let exploration: ScheduleExploration
}

/// What an exploration found.
public struct ExplorationResult: Sendable {
    /// The exploration that ran.
    public let exploration: ScheduleExploration
    /// How many schedules ran.
    public let schedulesRun: Int
    /// Whether every schedule the body can take ran (and passed): the space
    /// was smaller than the budget.
    public let coveredEverySchedule: Bool
    /// The first failing schedule, if one failed.
    public let failure: ExplorationFailure?
    /// How a replayed schedule strayed from its seed, passing or failing, if
    /// it did: the seed takes an option that a choice does not have, or
    /// names a choice that the run never met. The seed was mistyped, copied
    /// from another test or with other `exploring:`, or the test does
    /// something the virtual world does not order.
    public let replayMismatch: String?
    /// The schedule that did not replay the same way when it ran twice, and
    /// where it strayed, if one did (only when the exploration
    /// ``ScheduleExploration/checksReplays``): the test does something the
    /// virtual world does not order, and its seeds may not replay. The
    /// exploration stops there.
    public let nondeterminism: String?
    /// How many schedules the strategy knew of and had not run when the
    /// exploration ended: at least that many remain unexplored.
    let knownRemaining: Int
    /// Whether this shard, not the first, found the default schedule
    /// failing: shard 0 reports it, and this shard ran none of its own.
    let defaultFailedInAnotherShard: Bool
    /// What a PCT exploration that found no failure can claim.
    let pct: PCTGuarantee?

    init(
        exploration: ScheduleExploration, schedulesRun: Int, coveredEverySchedule: Bool, failure: ExplorationFailure?,
        replayMismatch: String?, nondeterminism: String?, knownRemaining: Int = 0,
        defaultFailedInAnotherShard: Bool = false, pct: PCTGuarantee? = nil
    ) {
        self.pct = pct
        self.defaultFailedInAnotherShard = defaultFailedInAnotherShard
        self.exploration = exploration
        self.schedulesRun = schedulesRun
        self.coveredEverySchedule = coveredEverySchedule
        self.failure = failure
        self.replayMismatch = replayMismatch
        self.nondeterminism = nondeterminism
        self.knownRemaining = knownRemaining
    }

    /// Why nothing ran, if nothing could: a budget below 1, a `replaying:`
    /// seed that cannot be read, or an environment variable
    /// (`COMBINEPROBE_SCHEDULE`, `COMBINEPROBE_EXPLORATION_SEED`) set to
    /// something that is not a seed. The test functions report it as a
    /// failure at their line.
    public var invalidInput: String? { exploration.invalidInput }
}
