import Foundation

/// Runs a Swift Testing test body under many schedules of the virtual world,
/// and reports the first one under which it fails, with the seed that
/// replays it.
///
/// ```swift
/// @Test func searchShowsTheLatestResults() {
///     exploreSchedules { _ in
///         let scheduler = DispatchQueue.virtualScheduler()
///         let service = SuggestionServiceMock()
///         service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
///         let typeahead = Typeahead(service: service, scheduler: scheduler)
///         typeahead.query = "s"
///         scheduler.advance(by: .milliseconds(100))
///         typeahead.query = "sw"
///         scheduler.run()
///         #expect(typeahead.suggestions == ["swift"])
///     }
/// }
/// ```
///
/// Each schedule runs the whole body, which makes its own virtual world:
/// schedulers, clocks, executors and doubles made inside the body follow
/// the schedule. Schedules with fewer deviations from the default order
/// run first, so the first failing one is among the simplest (see the
/// Finding order bugs guide). The issues of the schedules that explore are
/// known issues; the failing schedule then runs once more for real, after a
/// report at this line that says what it did differently and how to replay
/// it. A thrown error fails a schedule, and is reported, not thrown.
///
/// In an `XCTestCase`, call the method of the same name
/// (`self.exploreSchedules`); on Swift 6.1 and later, the
/// `.exploringSchedules(_:)` trait explores a whole test.
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
    #if canImport(Testing)
    if TestFramework.detected == .swiftTesting {
        let result: ExplorationResult
        if exploration.replaying != nil {
            result = exploration.run(at: site.description) { schedule in
                try body(schedule)
                return true
            }
        } else {
            result = exploration.run(at: site.description) { schedule in
                try KnownIssueProbe.passes { try body(schedule) }
            }
        }
        guard let replay = ExplorationReport.report(result, at: site, in: .swiftTesting) else { return }
        let choices = ScheduleChoices(path: replay.path, orders: orders, expected: replay.points)
        ScheduleChoices.$current.withValue(choices) {
            do { try body(replay.schedule) } catch { ExplorationReport.reportThrown(error, at: site, in: .swiftTesting) }
        }
        ExplorationReport.reportMismatch(choices, at: site, in: .swiftTesting)
        return
    }
    #endif
    if let invalidInput = exploration.invalidInput {
        FailureReporter.fail(invalidInput, at: site)
        return
    }
    ExplorationReport.reportOutsideTests(at: site)
    do { try body(ExploredSchedule(number: 1, path: .default)) } catch {
        ExplorationReport.reportThrown(error, at: site, in: .current)
    }
}

/// The async form of ``exploreSchedules(_:seed:replaying:exploring:fileID:filePath:line:column:_:)``:
/// runs an async Swift Testing test body under many schedules, and reports
/// the first one under which it fails.
///
/// ```swift
/// @Test @MainActor func submittingTwiceSendsOneOrder() async {
///     await exploreSchedules { _ in
///         let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
///         …
///         await scheduler.run()
///         #expect(shop.callCount(to: "placeOrder(cartID:)") == 1)
///     }
/// }
/// ```
///
/// - parameter schedules: The most schedules to run, at least 1: a budget
///   below 1 is a failure at this line, and nothing runs.
/// - parameter seed: The base seed; by default
///   `COMBINEPROBE_EXPLORATION_SEED`, or a fixed seed.
/// - parameter replaying: The seed of one schedule to run alone; by default
///   `COMBINEPROBE_SCHEDULE`, if set. A seed that cannot be read or does
///   not fit the test is a failure at this line.
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
    #if canImport(Testing)
    if TestFramework.detected == .swiftTesting {
        let result: ExplorationResult
        if exploration.replaying != nil {
            result = await exploration.run(at: site.description, isolation: isolation) { schedule in
                try await body(schedule)
                return true
            }
        } else {
            result = await exploration.run(at: site.description, isolation: isolation) { schedule in
                try await KnownIssueProbe.passes(isolation: isolation) { try await body(schedule) }
            }
        }
        guard let replay = ExplorationReport.report(result, at: site, in: .swiftTesting) else { return }
        let choices = ScheduleChoices(path: replay.path, orders: orders, expected: replay.points)
        await ScheduleChoices.$current.withValue(choices, operation: {
            do { try await body(replay.schedule) } catch { ExplorationReport.reportThrown(error, at: site, in: .swiftTesting) }
        }, isolation: isolation)
        ExplorationReport.reportMismatch(choices, at: site, in: .swiftTesting)
        return
    }
    #endif
    if let invalidInput = exploration.invalidInput {
        FailureReporter.fail(invalidInput, at: site)
        return
    }
    ExplorationReport.reportOutsideTests(at: site)
    do { try await body(ExploredSchedule(number: 1, path: .default)) } catch {
        ExplorationReport.reportThrown(error, at: site, in: .current)
    }
}
