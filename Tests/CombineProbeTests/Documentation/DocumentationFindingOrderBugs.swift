@testable import CombineProbe
import Foundation
import Testing
import XCTest

// The examples of Documentation/FindingOrderBugs.md, verbatim. The guide
// shows a typeahead with an order bug, a test, the report that exploring
// the test's schedules makes, and the fix. Here the buggy typeahead is
// `BuggyTypeaheadGuide.Typeahead`, checked by the failure-path tests at the
// end (which assert the guide's report); the guide's tests run on the fixed
// one, `Typeahead`, and pass in every schedule.

/// The guide's first version, with the order bug.
struct BuggyTypeaheadGuide {
    protocol SuggestionService {
        func suggestions(for query: String) -> AnyPublisher<[String], Never>
    }

    final class Typeahead<S: Scheduler> {
        @Published var query = ""
        private(set) var suggestions: [String] = []
        private var subscription: AnyCancellable?

        init(service: any SuggestionService, scheduler: S) {
            subscription = $query
                .dropFirst()
                .flatMap { service.suggestions(for: $0) }
                .receive(on: scheduler)
                .sink { [weak self] in self?.suggestions = $0 }
        }
    }
}

typealias SuggestionService = BuggyTypeaheadGuide.SuggestionService

final class SuggestionServiceMock: PublisherMock, SuggestionService {
    static let suggestions = ["s": ["swift", "sqlite"], "sw": ["swift"]]

    func suggestions(for query: String) -> AnyPublisher<[String], Never> {
        mockFunction(returning: .value(Self.suggestions[query] ?? []), arguments: query)
    }
}

/// The guide's fixed version.
final class Typeahead<S: Scheduler> {
    @Published var query = ""
    private(set) var suggestions: [String] = []
    private var subscription: AnyCancellable?

    init(service: any SuggestionService, scheduler: S) {
        subscription = $query
            .dropFirst()
            .map { service.suggestions(for: $0) }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] in self?.suggestions = $0 }
    }
}

@Suite struct DocumentationFindingOrderBugs {
    @Test func theSuggestionsMatchTheLatestQuery() {
        exploreSchedules { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = SuggestionServiceMock()
            service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
            let typeahead = Typeahead(service: service, scheduler: scheduler)
            typeahead.query = "s"
            scheduler.advance(by: .milliseconds(100))
            typeahead.query = "sw"
            scheduler.run()
            #expect(typeahead.suggestions == ["swift"])
        }
    }

    #if compiler(>=6.1)
    @Test(.exploringSchedules(100))
    func theLatestQueryWinsInEverySchedule() {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = SuggestionServiceMock()
        service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
        let typeahead = Typeahead(service: service, scheduler: scheduler)
        typeahead.query = "s"
        scheduler.advance(by: .milliseconds(100))
        typeahead.query = "sw"
        scheduler.run()
        #expect(typeahead.suggestions == ["swift"])
    }
    #endif

    @Test @MainActor func aMainActorTestExploresToo() async {
        await exploreSchedules { _ in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
            let service = SuggestionServiceMock()
            service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
            let typeahead = Typeahead(service: service, scheduler: scheduler)
            typeahead.query = "s"
            await scheduler.advance(by: .milliseconds(100))
            typeahead.query = "sw"
            await scheduler.run()
            #expect(typeahead.suggestions == ["swift"])
        }
    }

    @Test func everyScheduleRan() {
        let result = ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = SuggestionServiceMock()
            service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
            let typeahead = Typeahead(service: service, scheduler: scheduler)
            typeahead.query = "s"
            scheduler.advance(by: .milliseconds(100))
            typeahead.query = "sw"
            scheduler.run()
            return typeahead.suggestions == ["swift"]
        }
        #expect(result.failure == nil)
        #expect(result.coveredEverySchedule)
        #expect(result.schedulesRun == 4)
    }

    @Test func everyScheduleRanWithAwaits() async {
        let result = await ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = SuggestionServiceMock()
            service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
            let typeahead = Typeahead(service: service, scheduler: scheduler)
            typeahead.query = "s"
            await scheduler.advance(by: .milliseconds(100))
            typeahead.query = "sw"
            await scheduler.run()
            return typeahead.suggestions == ["swift"]
        }
        #expect(result.failure == nil)
        #expect(result.coveredEverySchedule)
    }

    @Test func twoShardsRunTheSchedulesOfOne() {
        var seeds: [String] = []
        for index in 0..<2 {
            let result = ScheduleExploration(shard: ExplorationShard(index: index, of: 2)).run { schedule in
                if schedule.number > 0 { seeds.append(schedule.seed) }
                return true
            }
            #expect(result.coveredEverySchedule)
        }
        #expect(seeds.count == 1)
    }

    @Test func everyOrderOfTwoTasksRuns() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let result = await ScheduleExploration(schedules: 500, strategy: .depthFirst).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let first = Task(executorPreference: scheduler.executor) { await Task.yield() }
            let second = Task(executorPreference: scheduler.executor) { await Task.yield() }
            await scheduler.run()
            await first.value
            await second.value
            return true
        }
        #expect(result.report == "Covered every schedule (6 distinct orders): all passed. Strategy: depth-first.")
    }

    @Test func pctStatesTheChanceItGaveEachSchedule() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let result = await ScheduleExploration(schedules: 100, strategy: .pct).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let first = Task(executorPreference: scheduler.executor) { for _ in 0..<4 { await Task.yield() } }
            let second = Task(executorPreference: scheduler.executor) { for _ in 0..<4 { await Task.yield() } }
            await scheduler.run()
            await first.value
            await second.value
            return true
        }
        #expect(result.report == """
            100 schedules passed (the budget; 81 distinct orders). Strategy: pct, depth 3. The default order met \
            k = 9 choice points of at most n = 2 options; N = 129 schedules leave it at 1 to 3 of them, taking an \
            option below n, drawn in a random order. The 99 schedules after it each drew one: any one of them ran \
            with probability at least 99/129 (76.7%).
            """)
    }

    /// The guide's words for a budget that ends first: two tasks that
    /// await `Task.yield()` four times each, with the default strategy.
    @Test func theGuidesWordsForABudgetThatEndsFirst() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let exploration = await TwoTasksThatAwait.explore(awaits: 4, start: .plain)
        #expect(exploration.report == "200 schedules passed (the budget), of at least 233: more remain unexplored.")
    }

    // MARK: The buggy version, as the guide reports it

    /// The report the guide shows.
    static let guideReport = """
        Schedule 2 of at most 200 failed (seed 0.1; base seed 0x5eedcb0be0000001).
        It differs from the default order in 1 choice:
          - the answer to suggestions(for:) with ("s") came after 500ms (the upper bound), not 50ms
        Every schedule with fewer differences passed.
        Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
        """

    @Test("The buggy typeahead fails in one schedule, reported as the guide shows (fails on purpose)", .tags(.failurePath))
    func theBuggyTypeaheadIsReportedAsTheGuideShows() async {
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules { _ in
                let scheduler = DispatchQueue.virtualScheduler()
                let service = SuggestionServiceMock()
                service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
                let typeahead = BuggyTypeaheadGuide.Typeahead(service: service, scheduler: scheduler)
                typeahead.query = "s"
                scheduler.advance(by: .milliseconds(100))
                typeahead.query = "sw"
                scheduler.run()
                #expect(typeahead.suggestions == ["swift"])
            }
        }
        #expect(issues.map(\.line) == [callLine, callLine + 9], "\(issues)")
        #expect(issues.first?.comment == Self.guideReport)
    }
}

final class DocumentationFindingOrderBugsXCTests: XCTestCase {
    func testTheSuggestionsMatchTheLatestQuery() {
        exploreSchedules { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = SuggestionServiceMock()
            service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
            let typeahead = Typeahead(service: service, scheduler: scheduler)
            typeahead.query = "s"
            scheduler.advance(by: .milliseconds(100))
            typeahead.query = "sw"
            scheduler.run()
            XCTAssertEqual(typeahead.suggestions, ["swift"])
        }
    }
}
