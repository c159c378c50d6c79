// Swift Testing's scoping traits need Swift 6.1: with Swift 6.0 tools the
// package builds without the trait, and exploreSchedules(_:) does the same
// job inside a test.
#if compiler(>=6.1) && canImport(Testing)
import Testing

/// A Swift Testing trait that runs a test under many schedules of the
/// virtual world, and reports the first one under which it fails, with the
/// seed that replays it.
///
/// ```swift
/// @Test(.exploringSchedules(100))
/// func searchShowsTheLatestResults() {
///     let scheduler = DispatchQueue.virtualScheduler()
///     …
///     #expect(typeahead.suggestions == ["swift"])
/// }
/// ```
///
/// It explores as ``exploreSchedules(_:seed:replaying:exploring:fileID:filePath:line:column:_:)``
/// does, each test case of a parameterized test on its own, and reports at
/// the test's declaration. Needs Swift 6.1 or later.
public struct ScheduleExplorationTrait: TestTrait, TestScoping {
    /// The most schedules to run, the base seed, and the schedule to replay.
    public let exploration: ScheduleExploration

    /// One scope per test case: each case explores its own schedules.
    ///
    /// - parameter test: The test or suite.
    /// - parameter testCase: The test case, or nil for the test function or
    ///   suite itself.
    /// - returns: The trait, for a test case; nil otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        !test.isSuite && testCase != nil ? self : nil
    }

    /// Runs the test case once per schedule, then once more for real under
    /// the first failing schedule, after the report. A budget below 1 or a
    /// seed that cannot be read (given, or in the environment) is an issue
    /// at the test's declaration, and the test case does not run.
    ///
    /// - parameter test: The test.
    /// - parameter testCase: The test case.
    /// - parameter function: Runs the test case.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let location = test.sourceLocation
        let record: (String) -> Void = { XCTestRules.recordIssue($0, at: location) }
        if let invalidInput = exploration.invalidInput {
            // A budget below 1 or a seed that cannot be read: nothing runs.
            record(invalidInput)
            return
        }
        let site = "\(location.fileID):\(location.line)"
        let replay: SchedulePath
        let given: Bool
        let expected: [ScheduleChoices.Point]?
        if let text = exploration.replaying, let path = SchedulePath.parse(text) {
            exploration.noteReplayChosenByEnvironment(at: site)
            replay = path
            given = true
            expected = nil
        } else {
            let result = await exploration.run(at: site, isolation: nil) { _ in
                try await KnownIssueProbe.passes(isolation: nil) { try await function() }
            }
            if result.nondeterminism != nil {
                record(result.report)
                return
            }
            guard let failure = result.failure, let path = SchedulePath.parse(failure.schedule.seed) else { return }
            record(result.report)
            replay = path
            given = false
            expected = failure.points
        }
        let choices = ScheduleChoices(path: replay, orders: exploration.orders, expected: expected)
        let thrown: (any Error)?
        do {
            try await ScheduleChoices.$current.withValue(choices, operation: { try await function() }, isolation: nil)
            thrown = nil
        } catch {
            thrown = error
        }
        if let mismatch = choices.mismatch {
            record(ExplorationReport.mismatchMessage(mismatch, of: replay.description, given: given))
        }
        if let thrown { throw thrown }
    }
}

extension Trait where Self == ScheduleExplorationTrait {
    /// Runs the test under many schedules of the virtual world (see
    /// ``ScheduleExploration``), and reports the first failing one with the
    /// seed that replays it.
    ///
    /// - parameter schedules: The most schedules to run, at least 1: a budget
    ///   below 1 is a failure at the test, and nothing runs.
    /// - parameter seed: The base seed, which orders the schedules with as
    ///   many deviations; by default `COMBINEPROBE_EXPLORATION_SEED`, or a
    ///   fixed seed.
    /// - parameter replaying: The seed of one schedule to run alone, as a
    ///   report prints it; by default `COMBINEPROBE_SCHEDULE`, if set (then
    ///   one line on standard error says so). A seed that cannot be read is a
    ///   failure at the test, and nothing runs; one that does not fit the test
    ///   is a failure there too, "did not replay exactly".
    /// - parameter orders: What the schedules reorder (see ``ExploredOrders``).
    /// - returns: The trait.
    public static func exploringSchedules(
        _ schedules: Int = ScheduleExploration.defaultSchedules, seed: UInt64? = nil, replaying: String? = nil,
        exploring orders: ExploredOrders = .default
    ) -> Self {
        ScheduleExplorationTrait(exploration: ScheduleExploration(
            schedules: schedules, seed: seed, replaying: replaying, exploring: orders))
    }
}
#endif
