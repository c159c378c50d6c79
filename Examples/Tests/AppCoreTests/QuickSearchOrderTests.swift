import AppCore
import CombineProbe
import Foundation
import Testing
import XCTest

// Order bug 1, stale search results: `QuickSearchModel` merges the responses
// of every query (`flatMap`), so an older query's late response overwrites a
// newer one's. The deterministic test passes: its service answers every
// call after the same delay, so responses come back in the order the
// queries left. Exploring lets each answer come after either bound of a
// latency range, and finds the schedule where "s" is answered after "sw".

/// The search screen, buggy or fixed: what the scenario needs of it.
protocol SearchScreen: AnyObject {
    var query: String { get set }
    var results: [Repository] { get }
}

extension QuickSearchModel: SearchScreen {}
extension QuickSearchModelFixed: SearchScreen {}

/// The most schedules the search exploration needs to find the bug: it is
/// found within them for every base seed (see
/// `OrderBugRobustnessTests.testEachBugIsFoundWithinItsBudgetFor100BaseSeeds`).
let staleResultsBudget = 10

/// The user types "s", then "sw" 400 ms later; the service answers each
/// search after 50 to 600 ms. Returns the names shown at the end: "swift"
/// and "swiftui", the results of "sw", when the screen is right.
///
/// Made inside the exploration's body, the scheduler and the mock follow
/// its schedule; outside, they take the default order (every answer after
/// the lower bound, 50 ms).
func typeThenRefine(_ screenUnderTest: (any RepositorySearching, VirtualSchedulerOf<DispatchQueue>) -> any SearchScreen) -> [String] {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = QueryResultsSearchMock()
    service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(600), on: scheduler)
    service.resultsByQuery = [
        "s": .value([Repository(name: "sqlite", stars: 7_000), Repository(name: "swift", stars: 60_000)]),
        "sw": .value([Repository(name: "swift", stars: 60_000), Repository(name: "swiftui", stars: 9_000)]),
    ]
    let model = screenUnderTest(service, scheduler)
    model.query = "s"
    scheduler.advance(by: .milliseconds(400)) // "s" was searched at 300 ms
    model.query = "sw"
    scheduler.run() // "sw" is searched at 700 ms
    return model.results.map(\.name)
}

let refinedResults = ["swift", "swiftui"]

final class QuickSearchOrderTests: ExampleTestCase {
    /// The test a team writes: it passes, the bug ships.
    func testTheDeterministicTestPasses() {
        XCTAssertEqual(typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) }, refinedResults)
    }

    func testExploringFindsTheStaleResults() throws {
        var shown: [String] = []
        let result = ScheduleExploration(schedules: staleResultsBudget, seed: 1).run { _ in
            shown = typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) }
            return shown == refinedResults
        }
        let failure = try XCTUnwrap(result.failure, result.report)
        print(result.report)
        XCTAssertLessThanOrEqual(failure.schedule.number, staleResultsBudget)
        XCTAssertEqual(shown, ["sqlite", "swift"], "the results of \"s\", shown while the field says \"sw\"")
        XCTAssertEqual(failure.deviations, [
            "the answer to search(_:) with (\"s\") came after 600ms (the upper bound), not 50ms",
        ])
    }

    /// Two searches, two latencies each: four schedules, all of them run.
    func testTheFixPassesEverySchedule() {
        let result = ScheduleExploration(seed: 1).run { _ in
            typeThenRefine { QuickSearchModelFixed(service: $0, scheduler: $1) } == refinedResults
        }
        XCTAssertNil(result.failure, result.report)
        XCTAssertTrue(result.coveredEverySchedule, result.report)
        XCTAssertEqual(result.schedulesRun, 4)
    }
}

@Suite struct QuickSearchOrderSwiftTests {
    @Test func theDeterministicTestPasses() {
        #expect(typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) } == refinedResults)
    }

    @Test func theFixPassesEverySchedule() {
        exploreSchedules(staleResultsBudget) { _ in
            #expect(typeThenRefine { QuickSearchModelFixed(service: $0, scheduler: $1) } == refinedResults)
        }
    }

    #if compiler(>=6.1)
    /// The same, with the trait: the whole test runs once per schedule.
    @Test(.exploringSchedules(staleResultsBudget))
    func theFixPassesEveryScheduleOfTheTest() {
        #expect(typeThenRefine { QuickSearchModelFixed(service: $0, scheduler: $1) } == refinedResults)
    }
    #endif

    /// What a failing exploration looks like in Swift Testing: a report at
    /// the `exploreSchedules` line that says what the failing schedule did
    /// differently and how to replay it, then that schedule's own issue,
    /// replayed for real. (The issues of the schedules that only explored
    /// are known issues, not shown.)
    @Test("What stale results found by exploring look like (fails on purpose)", .tags(.failurePath))
    func whatAFailingExplorationLooksLike() {
        let issues = IssueLog()
        let callLine = #line + 2
        withKnownIssue {
            exploreSchedules(staleResultsBudget, seed: 1) { _ in
                #expect(typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) } == refinedResults)
            }
        } matching: { issue in
            issues.append(issue)
            return true
        }
        let recorded = issues.all
        #expect(recorded.count == 2, "\(recorded)")
        let report = recorded.first
        #expect(report?.sourceLocation?.line == callLine)
        let text = report?.comments.map(\.rawValue).joined() ?? ""
        #expect(text.hasPrefix("Schedule 3 of at most 10 failed (seed 0.1; base seed 0x1)."), "\(text)")
        #expect(text.contains("the answer to search(_:) with (\"s\") came after 600ms (the upper bound), not 50ms"), "\(text)")
        #expect(text.contains("Replay it with `replaying: \"0.1\"`"), "\(text)")
        let replayed = recorded.last
        #expect(replayed?.sourceLocation?.line == callLine + 1)
        #expect(replayed.map { "\($0)" }?.contains("[\"sqlite\", \"swift\"]") == true, "\(String(describing: replayed))")
    }
}

/// The issues a `withKnownIssue` matcher saw, in order.
// @unchecked Sendable: `issues` is only reached under `lock`.
final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var issues: [Issue] = []

    func append(_ issue: Issue) {
        lock.lock()
        defer { lock.unlock() }
        issues.append(issue)
    }

    var all: [Issue] {
        lock.lock()
        defer { lock.unlock() }
        return issues
    }
}
