@testable import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

// watchOS does not allow custom URLProtocol classes: NetworkStub is
// unavailable there.
#if !os(watchOS)

/// Searches made at once, or some virtual time apart, whose stubbed
/// responses take 50 to 500 ms of virtual time.
struct ConcurrentSearches {
    let queries: [String]
    /// The virtual time between two searches, in milliseconds.
    let interval: Int
    let scheduler = DispatchQueue.virtualScheduler()
    let network = NetworkStub()

    init(_ queries: [String], apart interval: Int = 0) {
        self.queries = queries
        self.interval = interval
        for query in queries {
            network.stub(Self.url(query), with: .json(#"["\#(query)"]"#)
                .delayed(between: .milliseconds(50) ... .milliseconds(500), on: scheduler))
        }
    }

    static func url(_ query: String) -> String {
        "https://api.example.com/search?q=\(query)"
    }

    /// Makes the searches, in the order of `queries` (the first at once,
    /// the others in actions of the virtual scheduler when they are
    /// `interval` apart), and sends each response (its query) to `results`,
    /// which delivers on the virtual scheduler, as a view model's results
    /// would. (Only values go through `receive(on:)`: each search's
    /// completion stays out of the schedule.) Returns the subscriptions.
    func search(into results: PassthroughSubject<String, Never>) -> Locked<[AnyCancellable]> {
        let subscriptions = Locked<[AnyCancellable]>([])
        for (index, query) in queries.enumerated() {
            let search = { [network] in
                let subscription = network.session.dataTaskPublisher(for: URL(string: Self.url(query))!)
                    .map { String(decoding: $0.data, as: UTF8.self).filter(\.isLetter) }
                    .sink(receiveCompletion: { _ in }, receiveValue: { results.send($0) })
                subscriptions.withLock { $0.append(subscription) }
            }
            if interval == 0 || index == 0 {
                search()
            } else {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index * interval)), search)
            }
        }
        return subscriptions
    }

    /// The order of the responses, waiting in virtual time.
    func order() throws -> [String] {
        let results = PassthroughSubject<String, Never>()
        let recorder = results.receive(on: scheduler).record()
        return try withExtendedLifetime(search(into: results)) {
            try scheduler.wait(for: recorder.prefix(queries.count), timeout: .seconds(1))
        }
    }

    /// The order of the responses, and when the last came, with
    /// `scheduler.run()`.
    func orderWhenRun() throws -> (order: [String], elapsed: VirtualTime) {
        let results = PassthroughSubject<String, Never>()
        let recorder = results.receive(on: scheduler).record()
        return try withExtendedLifetime(search(into: results)) {
            scheduler.run()
            return (try recorder.availableElements.get(), scheduler.elapsed)
        }
    }
}

/// How many rounds the repeated exploration runs:
/// `COMBINEPROBE_NETWORK_EXPLORATION_ROUNDS` when set, 3 by default.
enum NetworkExplorationRounds {
    static var count: Int {
        ProcessInfo.processInfo.environment["COMBINEPROBE_NETWORK_EXPLORATION_ROUNDS"].flatMap(Int.init) ?? 3
    }
}

/// Every permutation of `items`.
func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index -> [[T]] in
        var rest = items
        let first = rest.remove(at: index)
        return permutations(rest).map { [first] + $0 }
    }
}

/// The responses of a NetworkStub whose latency is a range are explored:
/// each order, and the schedules replay.
final class NetworkExplorationTests: FailureCapturingTestCase {
    /// Outside exploration, every response comes after the lower bound, in
    /// the order of the requests.
    func testOutsideExplorationTheLowerBoundIsUsed() throws {
        let searches = ConcurrentSearches(["s", "sw", "swi"])
        XCTAssertEqual(try searches.order(), ["s", "sw", "swi"])
        XCTAssertEqual(searches.scheduler.elapsed, VirtualTime(nanoseconds: 50_000_000))
        XCTAssertEqual(searches.network.requests.count, 3)
    }

    /// A fixed latency on the scheduler: the response comes after it, with
    /// `run()` as with a wait.
    func testAFixedVirtualLatency() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        network.stub("https://api.example.com/user/1", with: .json(#"{"id": 1, "name": "Ada"}"#)
            .delayed(by: .milliseconds(200), on: scheduler))
        let recorder = loadUser(id: 1, session: network.session, scheduler: scheduler).record()
        scheduler.advance(by: .milliseconds(199))
        XCTAssertEqual(try recorder.availableElements.get(), [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(try recorder.availableElements.get(), [User(id: 1, name: "Ada")])
        XCTAssertEqual(scheduler.elapsed, VirtualTime(nanoseconds: 200_000_000))
    }

    /// `run()` and `advance(by:)` see the response before they run anything
    /// else: the action that answers waits until the session's completion
    /// handler ran.
    func testTheResponseIsScheduledBeforeTheSchedulerMovesOn() throws {
        for round in 0..<NetworkInFlightRounds.count {
            let (order, elapsed) = try ConcurrentSearches(["s", "sw", "swi"]).orderWhenRun()
            XCTAssertEqual(order, ["s", "sw", "swi"], "round \(round)")
            XCTAssertEqual(elapsed, VirtualTime(nanoseconds: 50_000_000), "round \(round)")
        }
    }

    /// A request cancelled before its latency passed is not answered.
    func testACancelledRequestIsNotAnswered() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        network.stub("https://api.example.com/user/1", with: .json(#"{"id": 1, "name": "Ada"}"#)
            .delayed(by: .milliseconds(200), on: scheduler))
        let recorder = loadUser(id: 1, session: network.session, scheduler: scheduler).record()
        scheduler.advance(by: .milliseconds(100))
        recorder.cancel()
        scheduler.run()
        XCTAssertEqual(try recorder.availableElements.get(), [])
        XCTAssertEqual(network.requests.count, 1)
    }

    func testTheStubNamesItsLatency() {
        let scheduler = DispatchQueue.virtualScheduler()
        XCTAssertEqual(
            "\(StubResponse.status(204).delayed(between: .milliseconds(50) ... .milliseconds(500), on: scheduler))",
            "204, 0 bytes after 50ms … 500ms on its scheduler")
        XCTAssertEqual("\(StubResponse.status(204).delayed(by: .seconds(1), on: scheduler))", "204, 0 bytes after 1s on its scheduler")
        XCTAssertEqual("\(StubResponse.status(204).delayed(by: .seconds(1), on: scheduler).delayed(by: 0.5))", "204, 0 bytes after 0.5 s")
    }

    /// Three requests at once: the exploration sees every order of their
    /// responses, and covers every schedule.
    func testEveryOrderOfThreeResponsesIsExplored() throws {
        let queries = ["s", "sw", "swi"]
        var orders: Set<[String]> = []
        let result = ScheduleExploration(schedules: 1_000, seed: 1).run { _ in
            orders.insert(try ConcurrentSearches(queries).order())
            return true
        }
        XCTAssertNil(result.failure)
        XCTAssertTrue(result.coveredEverySchedule, result.report)
        XCTAssertEqual(orders, Set(permutations(queries)))
    }

    /// The first schedule under which the latest query's response is not
    /// the last: its report names the response it delayed, and its seed
    /// replays the same order 200 times out of 200.
    func testAFailingScheduleReplaysTheSameOrder() throws {
        for round in 0..<NetworkExplorationRounds.count {
            try findAndReplayTheStaleResponse(round: round)
        }
    }

    private func findAndReplayTheStaleResponse(round: Int) throws {
        let queries = ["s", "sw"]
        var failingOrder: [String] = []
        let result = ScheduleExploration(schedules: 200, seed: 1).run { _ in
            failingOrder = try ConcurrentSearches(queries, apart: 100).order()
            return failingOrder.last == "sw"
        }
        let failure = try XCTUnwrap(result.failure, "round \(round): \(result.report)")
        XCTAssertEqual(failure.schedule.seed, "0.1", "round \(round)")
        XCTAssertEqual(failingOrder, ["sw", "s"], "round \(round)")
        XCTAssertNil(failure.mismatch, "round \(round)")
        XCTAssertEqual(failure.deviations, [
            "the response to GET https://api.example.com/search?q=s came after 500ms (the upper bound), not 50ms",
        ], "round \(round)")
        var sameOrder = 0
        for _ in 0..<200 {
            var order: [String] = []
            let replay = ScheduleExploration(replaying: failure.schedule.seed).run { _ in
                order = try ConcurrentSearches(queries, apart: 100).order()
                return order.last == "sw"
            }
            if order == failingOrder && replay.failure?.deviations == failure.deviations && replay.failure?.mismatch == nil {
                sameOrder += 1
            }
        }
        XCTAssertEqual(sameOrder, 200, "round \(round): replays with the same order and report")
    }

    /// Tied responses are named by the actions' labels when a schedule
    /// reorders them.
    func testATieOfResponsesIsNamed() throws {
        let result = ScheduleExploration(schedules: 200, seed: 1).run { _ in
            try ConcurrentSearches(["s", "sw"]).order() == ["s", "sw"]
        }
        let failure = try XCTUnwrap(result.failure, result.report)
        XCTAssertEqual(failure.schedule.deviationCount, 1)
        // The first failing schedule takes one other option: the upper bound
        // for "s", or the response of "sw" run first at 50 ms.
        XCTAssertTrue(failure.deviations == [
            "the response to GET https://api.example.com/search?q=s came after 500ms (the upper bound), not 50ms",
        ] || failure.deviations == [
            "at 50ms, ran the response to GET https://api.example.com/search?q=sw before the response to GET https://api.example.com/search?q=s",
        ], "\(failure.deviations)")
        var sawTie = false
        _ = ScheduleExploration(schedules: 200, seed: 1).run { _ in
            let choices = try XCTUnwrap(ScheduleChoices.current)
            _ = try ConcurrentSearches(["s", "sw"]).order()
            if choices.deviations.contains(
                "at 50ms, ran the response to GET https://api.example.com/search?q=sw before the response to GET https://api.example.com/search?q=s"
            ) { sawTie = true }
            return true
        }
        XCTAssertTrue(sawTie)
    }

    /// Two identical requests answered at one instant are two tied actions:
    /// the exploration runs either answer first, and names the later request
    /// apart from the earlier.
    func testIdenticalRequestsAnsweredAtOneInstantRace() throws {
        var orders: Set<[String]> = []
        var deviations: Set<[String]> = []
        let result = ScheduleExploration(schedules: 50, seed: 1).run { _ in
            let choices = try XCTUnwrap(ScheduleChoices.current)
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            let url = "https://api.example.com/user/1"
            network.stub(url, with: .json(#"{"id": 1, "name": "Ada"}"#).delayed(by: .milliseconds(100), on: scheduler))
            let landed = Locked<[String]>([])
            let subscriptions = ["first", "second"].map { tag in
                network.session.dataTaskPublisher(for: URL(string: url)!)
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in landed.withLock { $0.append(tag) } })
            }
            withExtendedLifetime(subscriptions) { scheduler.run() }
            orders.insert(landed.withLock { $0 })
            deviations.insert(choices.deviations)
            return true
        }
        XCTAssertNil(result.failure, result.report)
        XCTAssertTrue(result.coveredEverySchedule, result.report)
        XCTAssertEqual(orders, [["first", "second"], ["second", "first"]])
        XCTAssertEqual(deviations, [[], [
            "at 100ms, ran the response to GET https://api.example.com/user/1 (the second) "
                + "before the response to GET https://api.example.com/user/1",
        ]])
    }

    /// The same exploration, round after round, meets the same choices and
    /// gives each seed the same order: the choices are made on the test's
    /// thread, whatever URLSession's threads do.
    func testEachRoundExploresTheSameSchedules() throws {
        var first: [Exploration: [String: Explored]] = [:]
        for round in 0..<NetworkExplorationRounds.count {
            for exploration in Exploration.allCases {
                var explored: [String: Explored] = [:]
                let result = ScheduleExploration(schedules: 1_000, seed: 3).run { schedule in
                    let choices = try XCTUnwrap(ScheduleChoices.current)
                    let order = try exploration.order()
                    explored[schedule.seed] = Explored(order: order, points: choices.points)
                    return true
                }
                XCTAssertNil(result.failure, "round \(round), \(exploration): \(result.report)")
                XCTAssertTrue(result.coveredEverySchedule, "round \(round), \(exploration): \(result.report)")
                if round == 0 {
                    first[exploration] = explored
                    XCTAssertEqual(Set(explored.values.map(\.order)), exploration.possibleOrders, "\(exploration)")
                } else if explored != first[exploration] {
                    let differing = explored.keys.filter { explored[$0] != first[exploration]?[$0] }.sorted()
                    XCTFail("round \(round), \(exploration): \(differing.count) schedules differ from round 0 "
                        + "(answers that did not land within the grace period so far: \(StubURLProtocol.lateLandings.withLock { $0 })), "
                        + "e.g. \(differing.prefix(3).map { "\($0): \(String(describing: explored[$0])) then \(String(describing: first[exploration]?[$0]))" })")
                }
            }
        }
    }

    /// What one schedule did.
    struct Explored: Equatable {
        let order: [String]
        let points: [ScheduleChoices.Point]
    }

    /// The explorations the rounds repeat.
    enum Exploration: CaseIterable {
        /// Three searches at once, with a wait in virtual time.
        case atOnceWaiting
        /// Three searches 100 ms apart (the later ones resumed in actions of
        /// the virtual scheduler), with `run()`.
        case apartRunning

        func order() throws -> [String] {
            switch self {
            case .atOnceWaiting: return try ConcurrentSearches(["s", "sw", "swi"]).order()
            case .apartRunning: return try ConcurrentSearches(["s", "sw", "swi"], apart: 100).orderWhenRun().order
            }
        }

        /// Every order the responses can come in.
        var possibleOrders: Set<[String]> {
            switch self {
            case .atOnceWaiting: return Set(permutations(["s", "sw", "swi"]))
            // "sw" comes at 150 or 600 ms, "s" at 50 or 500 ms: "sw" never
            // comes last but one after "swi" came first.
            case .apartRunning: return Set(permutations(["s", "sw", "swi"])).subtracting([["swi", "sw", "s"]])
            }
        }
    }
}

/// `exploreSchedules` in an XCTestCase finds the stale search response.
final class NetworkExplorationXCTests: FailureCapturingTestCase {
    func testExploreSchedulesReportsTheReorderedResponseAtTheCall() {
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules(50, seed: 1) { _ in
                let searches = ConcurrentSearches(["s", "sw"], apart: 100)
                XCTAssertEqual(try searches.order().last, "sw")
            }
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(failures.first?.line, callLine + 2)
        XCTAssertEqual(failures.last?.line, callLine)
        XCTAssertEqual(failures.last?.message, """
            Schedule 3 of at most 50 failed (seed 0.1; base seed 0x1).
            It differs from the default order in 1 choice:
              - the response to GET https://api.example.com/search?q=s came after 500ms (the upper bound), not 50ms
            Every schedule with fewer differences passed.
            Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
            """)
    }
}

@Suite struct NetworkExplorationSwiftTests {
    @Test func everyOrderOfTwoResponsesIsExplored() {
        var orders: Set<[String]> = []
        exploreSchedules(50) { _ in
            orders.insert(try ConcurrentSearches(["s", "sw"]).order())
        }
        #expect(orders == [["s", "sw"], ["sw", "s"]])
    }

    @Test("The stale response is reported at the call (fails on purpose)", .tags(.failurePath))
    func theStaleResponseIsReported() async {
        let report = """
            Schedule 3 of at most 50 failed (seed 0.1; base seed 0x1).
            It threw StaleResponse.
            It differs from the default order in 1 choice:
              - the response to GET https://api.example.com/search?q=s came after 500ms (the upper bound), not 50ms

            """
        let callLine = #line + 2
        _ = await expectIssues([report, "The schedule threw an error: StaleResponse"], atLine: callLine) {
            exploreSchedules(50, seed: 1) { _ in
                if try ConcurrentSearches(["s", "sw"], apart: 100).order().last != "sw" { throw StaleResponse() }
            }
        }
    }
}

/// The response of an older query came last.
struct StaleResponse: Error, CustomStringConvertible {
    var description: String { "StaleResponse" }
}
#endif

#if !os(watchOS)
/// The search of Documentation/Networking.md, "Latency, explored", with the
/// order bug it warns about: `flatMap` in place of `switchToLatest()`.
func staleSearchResults<Queries: Publisher, S: Scheduler>(
    for queries: Queries, session: URLSession, scheduler: S
) -> AnyPublisher<[String], Never> where Queries.Output == String, Queries.Failure == Never {
    queries
        .flatMap { query in
            session.dataTaskPublisher(for: URL(string: "https://api.example.com/search?q=\(query)")!)
                .map(\.data)
                .decode(type: [String].self, decoder: JSONDecoder())
                .replaceError(with: [])
        }
        .receive(on: scheduler)
        .eraseToAnyPublisher()
}

/// The report the guide quotes.
final class NetworkExplorationGuideTests: FailureCapturingTestCase {
    func testTheStaleSearchIsReportedAsTheGuideSays() {
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules { _ in
                let scheduler = DispatchQueue.virtualScheduler()
                let network = NetworkStub()
                for query in ["s", "sw"] {
                    network.stub("https://api.example.com/search?q=\(query)", with: .json(#"["\#(query)"]"#)
                        .delayed(between: .milliseconds(50) ... .milliseconds(500), on: scheduler))
                }
                let queries = PassthroughSubject<String, Never>()
                let recorder = staleSearchResults(for: queries, session: network.session, scheduler: scheduler).record()
                queries.send("s")
                scheduler.advance(by: .milliseconds(100))
                queries.send("sw")
                scheduler.run()
                XCTAssertEqual(try recorder.availableElements.get().last, ["sw"])
            }
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(failures.first?.line, callLine + 13)
        XCTAssertEqual(failures.last?.line, callLine)
        XCTAssertEqual(failures.last?.message, """
            Schedule 2 of at most 200 failed (seed 0.1; base seed 0x5eedcb0be0000001).
            It differs from the default order in 1 choice:
              - the response to GET https://api.example.com/search?q=s came after 500ms (the upper bound), not 50ms
            Every schedule with fewer differences passed.
            Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
            """)
    }
}
#endif
