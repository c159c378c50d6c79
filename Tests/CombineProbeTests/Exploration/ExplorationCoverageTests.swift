@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Two tasks of the world that each await `awaits` times: how many
/// schedules an exploration runs for them, and how many orders it sees
/// (issue 43: two tasks that each awaited once used the whole budget of 200
/// and said the space was not covered).
///
/// The count by hand: each task runs in `awaits + 1` pieces (before its
/// first await, between two, after its last), and the world runs one piece
/// at a time, so an order of the two tasks is a choice of which `awaits + 1`
/// of the `2 · (awaits + 1)` pieces are the first task's: C(2k + 2, k + 1)
/// for k awaits — 6, 20, 70 and 252 for k = 1…4. Each order is one
/// schedule: every choice point is a choice between the two tasks' next
/// pieces, so no two schedules take the same order.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TwoTasksThatAwait {
    /// How the tasks are started.
    enum Start: CaseIterable, Sendable {
        /// `Task(executorPreference: scheduler.executor)`.
        case preferringTheExecutor
        /// A plain `Task { }`, which joins the schedule's world.
        case plain
    }

    /// What an exploration of the tasks did.
    struct Exploration {
        var schedulesRun = 0
        var orders: Set<String> = []
        var coveredEverySchedule = false
        var report = ""
        var failure: ExplorationFailure?
    }

    /// C(n, k).
    static func binomial(_ n: Int, _ k: Int) -> Int {
        (0..<k).reduce(1) { $0 * (n - $1) / ($1 + 1) }
    }

    /// The orders of two tasks with `awaits` awaits each, by hand.
    static func orders(awaits: Int) -> Int {
        binomial(2 * awaits + 2, awaits + 1)
    }

    /// Explores the two tasks: each writes its letter ("a", "b") before each
    /// await and its capital after the last, and the order of the letters is
    /// the schedule's order. With `lostUpdateAt`, each task also reads a
    /// shared counter before that await and writes it, plus one, after it:
    /// the schedule fails when an update was lost.
    static func explore(
        awaits: Int, start: Start, lostUpdateAt: Int? = nil, strategy: ExplorationStrategyKind? = nil,
        schedules: Int = ScheduleExploration.defaultSchedules
    ) async -> Exploration {
        var exploration = Exploration()
        let result = await ScheduleExploration(schedules: schedules, seed: 7, strategy: strategy).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let log = Locked<[String]>([])
            let counter = Locked(0)
            let body: @Sendable (String) async -> Void = { letter in
                for index in 0..<awaits {
                    log.withLock { $0.append(letter) }
                    let read = counter.withLock { $0 }
                    await Task.yield()
                    if index == lostUpdateAt { counter.withLock { $0 = read + 1 } }
                }
                log.withLock { $0.append(letter.uppercased()) }
            }
            let first: Task<Void, Never>
            let second: Task<Void, Never>
            switch start {
            case .preferringTheExecutor:
                first = Task(executorPreference: scheduler.executor) { await body("a") }
                second = Task(executorPreference: scheduler.executor) { await body("b") }
            case .plain:
                first = Task { await body("a") }
                second = Task { await body("b") }
            }
            await scheduler.run()
            await first.value
            await second.value
            exploration.orders.insert(log.withLock { $0.joined() })
            return lostUpdateAt == nil || counter.withLock { $0 } == 2
        }
        exploration.schedulesRun = result.schedulesRun
        exploration.coveredEverySchedule = result.coveredEverySchedule
        exploration.report = result.report
        exploration.failure = result.failure
        return exploration
    }
}

final class ExplorationCoverageTests: XCTestCase {
    func testTwoTasksThatAwaitOnceAreCoveredWithinTheDefaultBudget() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for start in TwoTasksThatAwait.Start.allCases {
            let exploration = await TwoTasksThatAwait.explore(awaits: 1, start: start)
            XCTAssertEqual(TwoTasksThatAwait.orders(awaits: 1), 6)
            XCTAssertEqual(exploration.orders.count, 6, "\(start): \(exploration.orders.sorted())")
            XCTAssertEqual(exploration.schedulesRun, 6, "\(start)")
            XCTAssertTrue(exploration.coveredEverySchedule, "\(start): \(exploration.report)")
        }
    }

    func testEachScheduleOfTwoTasksIsADistinctOrder() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for awaits in 2...3 {
            for start in TwoTasksThatAwait.Start.allCases {
                let exploration = await TwoTasksThatAwait.explore(awaits: awaits, start: start)
                let byHand = TwoTasksThatAwait.orders(awaits: awaits)
                XCTAssertEqual(exploration.orders.count, byHand, "k = \(awaits), \(start)")
                XCTAssertEqual(exploration.schedulesRun, byHand, "k = \(awaits), \(start)")
                XCTAssertTrue(exploration.coveredEverySchedule, "k = \(awaits), \(start): \(exploration.report)")
            }
        }
    }

    func testALostUpdateAcrossOneAwaitIsFound() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let exploration = await TwoTasksThatAwait.explore(awaits: 1, start: .plain, lostUpdateAt: 0)
        // The default order loses it already: each task reads, then yields
        // to the other, which reads the same value.
        let failure = try XCTUnwrap(exploration.failure)
        XCTAssertTrue(failure.schedule.isDefault, failure.description)
    }
}

@Suite struct ExplorationCoverageSwiftTests {
    @Test(arguments: [1, 2, 3])
    func twoTasksThatAwaitAreCoveredWithinTheDefaultBudget(awaits: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for start in TwoTasksThatAwait.Start.allCases {
            let exploration = await TwoTasksThatAwait.explore(awaits: awaits, start: start)
            let byHand = TwoTasksThatAwait.orders(awaits: awaits)
            #expect(byHand == [6, 20, 70][awaits - 1])
            #expect(exploration.orders.count == byHand, "\(start): \(exploration.orders.sorted())")
            #expect(exploration.schedulesRun == byHand, "\(start)")
            #expect(exploration.coveredEverySchedule, "\(start): \(exploration.report)")
        }
    }

    @Test func aLostUpdateAcrossOneAwaitIsFound() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let exploration = await TwoTasksThatAwait.explore(awaits: 1, start: .preferringTheExecutor, lostUpdateAt: 0)
        let failure = try #require(exploration.failure)
        #expect(failure.schedule.isDefault, "\(failure)")
    }
}
