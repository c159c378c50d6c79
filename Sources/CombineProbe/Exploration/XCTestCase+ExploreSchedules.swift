import XCTest

extension XCTestCase {
    /// Runs an XCTest test body under many schedules of the virtual world,
    /// and reports the first one under which it fails, with the seed that
    /// replays it.
    ///
    /// ```swift
    /// func testSearchShowsTheLatestResults() {
    ///     exploreSchedules { _ in
    ///         let scheduler = DispatchQueue.virtualScheduler()
    ///         let service = SuggestionServiceMock()
    ///         service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
    ///         let typeahead = Typeahead(service: service, scheduler: scheduler)
    ///         typeahead.query = "s"
    ///         scheduler.advance(by: .milliseconds(100))
    ///         typeahead.query = "sw"
    ///         scheduler.run()
    ///         XCTAssertEqual(typeahead.suggestions, ["swift"])
    ///     }
    /// }
    /// ```
    ///
    /// Each schedule runs the whole body, which makes its own virtual world
    /// (see ``ScheduleExploration``). Schedules run until one records a
    /// failure or throws: XCTest records that schedule's failures as they
    /// happen, and this method adds a report at its line that says what the
    /// schedule did differently and how to replay it. A test case that keeps
    /// failures from XCTest (it overrides `recordFailure` or `record(_:)`)
    /// tells it how many by adopting ``CapturedFailureCounting``. Schedules with fewer
    /// deviations from the default order run first, so the failing one is
    /// among the simplest. A thrown error fails a schedule, and is reported,
    /// not thrown.
    ///
    /// - parameter schedules: The most schedules to run, at least 1: a budget
    ///   below 1 is a failure at this line, and nothing runs.
    /// - parameter seed: The base seed, which orders the schedules with as
    ///   many deviations; by default `COMBINEPROBE_EXPLORATION_SEED`, or a
    ///   fixed seed.
    /// - parameter replaying: The seed of one schedule to run alone, as a
    ///   report prints it; by default `COMBINEPROBE_SCHEDULE`, if set (then
    ///   one line on standard error says so). A seed that cannot be read is a
    ///   failure at this line, and nothing runs; one that does not fit the test
    ///   is a failure there too, "did not replay exactly".
    /// - parameter orders: What the schedules reorder (see ``ExploredOrders``).
    /// - parameter fileID: The file the report is made in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line the report is made at; leave the default.
    /// - parameter column: The column the report is made at; leave the default.
    /// - parameter body: The test, run once per schedule.
    public func exploreSchedules(
        _ schedules: Int = ScheduleExploration.defaultSchedules,
        seed: UInt64? = nil,
        replaying: String? = nil,
        exploring orders: ExploredOrders = .default,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ body: (ExploredSchedule) throws -> Void
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let exploration = ScheduleExploration(schedules: schedules, seed: seed, replaying: replaying, exploring: orders)
        let result = exploration.run(at: site.description) { schedule in
            let before = recordedFailures
            try body(schedule)
            return recordedFailures == before
        }
        reportExploration(result, at: site)
    }

    /// The async form of ``exploreSchedules(_:seed:replaying:exploring:fileID:filePath:line:column:_:)``:
    /// runs an async XCTest test body under many schedules, and reports the
    /// first one under which it fails.
    ///
    /// ```swift
    /// @MainActor
    /// func testSubmittingTwiceSendsOneOrder() async {
    ///     await exploreSchedules { _ in
    ///         let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
    ///         …
    ///         await scheduler.run()
    ///         XCTAssertEqual(shop.callCount(to: "placeOrder(cartID:)"), 1)
    ///     }
    /// }
    /// ```
    ///
    /// - parameter schedules: The most schedules to run, at least 1: a budget
    ///   below 1 is a failure at this line, and nothing runs.
    /// - parameter seed: The base seed; by default
    ///   `COMBINEPROBE_EXPLORATION_SEED`, or a fixed seed.
    /// - parameter replaying: The seed of one schedule to run alone; by
    ///   default `COMBINEPROBE_SCHEDULE`, if set. A seed that cannot be read or
    ///   does not fit the test is a failure at this line.
    /// - parameter orders: What the schedules reorder (see ``ExploredOrders``).
    /// - parameter isolation: The actor `body` runs on; leave the default.
    /// - parameter fileID: The file the report is made in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line the report is made at; leave the default.
    /// - parameter column: The column the report is made at; leave the default.
    /// - parameter body: The test, run once per schedule.
    public func exploreSchedules(
        _ schedules: Int = ScheduleExploration.defaultSchedules,
        seed: UInt64? = nil,
        replaying: String? = nil,
        exploring orders: ExploredOrders = .default,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ body: (ExploredSchedule) async throws -> Void
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let exploration = ScheduleExploration(schedules: schedules, seed: seed, replaying: replaying, exploring: orders)
        let result = await exploration.run(at: site.description, isolation: isolation) { schedule in
            let before = recordedFailures
            try await body(schedule)
            return recordedFailures == before
        }
        reportExploration(result, at: site)
    }

    /// The failures XCTest recorded for this test so far, plus those
    /// CombineProbe captured for it (see `XCTExpectFailures`) and those a
    /// capturing test case kept from XCTest (see ``CapturedFailureCounting``).
    private var recordedFailures: Int {
        (testRun?.totalFailureCount ?? 0) + (FailureCapture.current?.captured.count ?? 0)
            + ((self as? any CapturedFailureCounting)?.capturedFailureCount ?? 0)
    }

    /// Reports what an exploration found: XCTest recorded the failing
    /// schedule's own failures already.
    private func reportExploration(_ result: ExplorationResult, at site: CallSite) {
        _ = ExplorationReport.report(result, at: site, in: .xcTest, failuresRecorded: true)
    }
}

/// A test case that keeps some failures from XCTest, and says how many, so
/// that `exploreSchedules` still sees its schedules fail.
///
/// To test a failure path on Linux, a test case overrides
/// `recordFailure(withDescription:inFile:atLine:expected:)` (on Apple
/// platforms, `record(_:)`) and keeps the failures instead of passing them
/// on. XCTest then never hears of them, and neither does the test case's
/// `exploreSchedules`, which tells a failing schedule by the failures recorded while it ran: it
/// would run every schedule and report nothing. Such a test case adopts this
/// protocol and counts what it kept:
///
/// ```swift
/// final class FailurePathTests: XCTestCase, CapturedFailureCounting {
///     private(set) var kept: [String] = []
///     var capturedFailureCount: Int { kept.count }
///
///     override func recordFailure(withDescription description: String, inFile filePath: String,
///                                 atLine lineNumber: Int, expected: Bool) {
///         kept.append(description)
///     }
/// }
/// ```
public protocol CapturedFailureCounting: AnyObject {
    /// How many failures it kept from XCTest so far, in this test: a count
    /// that only grows while the test runs.
    var capturedFailureCount: Int { get }
}
