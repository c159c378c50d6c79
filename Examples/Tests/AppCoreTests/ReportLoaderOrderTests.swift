import AppCore
import CombineProbe
import Testing
import XCTest

// Order bug 3, a cancel race: `ReportLoader` turns its spinner off when the
// request completes, and a cancelled request never completes. The
// deterministic test passes: its API answers in 100 ms, before the user
// taps Cancel at 300 ms, so Cancel has nothing left to cancel. Exploring
// lets the answer come after 500 ms instead: Cancel overtakes it, and the
// spinner stays on.

/// The report screen, buggy or fixed: what the scenario needs of it.
protocol ReportScreen: AnyObject {
    var report: Report? { get }
    var isLoading: Bool { get }
    func load(id: String)
    func cancel()
}

extension ReportLoader: ReportScreen {}
extension ReportLoaderFixed: ReportScreen {}

/// The most schedules the report exploration needs to find the bug (see
/// `OrderBugRobustnessTests`).
let cancelRaceBudget = 10

/// What the screen showed after Cancel, and once everything settled.
struct ScreenAfterCancel: Hashable {
    var spinner: Bool
    /// Whether a report landed after Cancel.
    var reportLandedAfterCancel: Bool
}

/// After Cancel, the spinner is off and nothing lands.
let settledAfterCancel = ScreenAfterCancel(spinner: false, reportLandedAfterCancel: false)

/// The user opens a report, and taps Cancel 300 ms later; the API answers
/// after 100 to 500 ms.
func cancelWhileLoading(_ screenUnderTest: (any ReportFetching, VirtualSchedulerOf<DispatchQueue>) -> any ReportScreen) -> ScreenAfterCancel {
    let scheduler = DispatchQueue.virtualScheduler()
    let api = ReportFetchingMock()
    api.defaultDelivery = .after(between: .milliseconds(100) ... .milliseconds(500), on: scheduler)
    api.fetchReportResult = .value(Report(title: "Q3 sales"))
    let model = screenUnderTest(api, scheduler)
    model.load(id: "q3")
    scheduler.advance(by: .milliseconds(300))
    model.cancel()
    let shownAtCancel = model.report
    scheduler.run()
    return ScreenAfterCancel(spinner: model.isLoading, reportLandedAfterCancel: model.report != shownAtCancel)
}

final class ReportLoaderOrderTests: ExampleTestCase {
    /// The test a team writes: it passes, the bug ships.
    func testTheDeterministicTestPasses() {
        XCTAssertEqual(cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) }, settledAfterCancel)
    }

    func testExploringFindsTheSpinnerLeftOn() throws {
        var screen = settledAfterCancel
        let result = ScheduleExploration(schedules: cancelRaceBudget, seed: 1).run { _ in
            screen = cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) }
            return screen == settledAfterCancel
        }
        let failure = try XCTUnwrap(result.failure, result.report)
        print(result.report)
        XCTAssertLessThanOrEqual(failure.schedule.number, cancelRaceBudget)
        XCTAssertEqual(screen, ScreenAfterCancel(spinner: true, reportLandedAfterCancel: false))
        XCTAssertEqual(failure.deviations, [
            "the answer to fetchReport(id:) with (\"q3\") came after 500ms (the upper bound), not 100ms",
        ])
    }

    /// One request, two latencies: the space is small, and every schedule
    /// of it runs.
    func testTheFixPassesEverySchedule() {
        let result = ScheduleExploration(seed: 1).run { _ in
            cancelWhileLoading { ReportLoaderFixed(service: $0, scheduler: $1) } == settledAfterCancel
        }
        XCTAssertNil(result.failure, result.report)
        XCTAssertTrue(result.coveredEverySchedule, result.report)
    }

    /// What a failing exploration looks like in XCTest: the failing
    /// schedule's own failure, where it happened, then a report at the
    /// `exploreSchedules` line that says what the schedule did differently
    /// and how to replay it. Captured here to assert its text.
    func testWhatAFailingExplorationLooksLike() {
        let callLine = #line + 2
        let failures = failures {
            exploreSchedules(cancelRaceBudget, seed: 1) { _ in
                let scheduler = DispatchQueue.virtualScheduler()
                let api = ReportFetchingMock()
                api.defaultDelivery = .after(between: .milliseconds(100) ... .milliseconds(500), on: scheduler)
                api.fetchReportResult = .value(Report(title: "Q3 sales"))
                let model = ReportLoader(service: api, scheduler: scheduler)
                let spinner = model.$isLoading.removeDuplicates().record()
                model.load(id: "q3")
                scheduler.advance(by: .milliseconds(300))
                model.cancel()
                scheduler.run()
                XCTAssertRecordedValues(spinner, [false, true, false])
            }
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        let assertion = failures.first
        XCTAssertEqual(assertion?.line, callLine + 11)
        XCTAssertTrue(assertion?.message.hasPrefix("XCTAssertRecordedValues failed") == true, "\(failures)")
        XCTAssertTrue(assertion?.message.contains("at index 2, out of 3 expected and 2 recorded") == true, "the spinner never went off")
        let report = failures.last
        XCTAssertEqual(report?.line, callLine)
        XCTAssertEqual(report?.filePath, "\(#filePath)")
        XCTAssertTrue(report?.message.hasPrefix("Schedule ") == true, "\(failures)")
        XCTAssertTrue(report?.message.contains("the answer to fetchReport(id:) with (\"q3\") came after 500ms") == true, "\(failures)")
        XCTAssertTrue(report?.message.contains("Replay it with `replaying: \"0.1\"`") == true, "\(failures)")
    }
}

@Suite struct ReportLoaderOrderSwiftTests {
    @Test func theDeterministicTestPasses() {
        #expect(cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) } == settledAfterCancel)
    }

    @Test func theFixPassesEverySchedule() {
        exploreSchedules(cancelRaceBudget) { _ in
            #expect(cancelWhileLoading { ReportLoaderFixed(service: $0, scheduler: $1) } == settledAfterCancel)
        }
    }
}
