@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A tally on the main actor, shared by two tasks of the world: each of its
/// calls is a hop from the virtual executor to the main actor and back.
@MainActor final class MainActorTally {
    private(set) var log: [String] = []

    /// Notes a visit by `who`.
    func add(_ who: String) {
        log.append(who)
    }
}

/// The same base seed explores the same schedules in the same order, in
/// every run (issue 42, C.8: two runs of one exploration visited 12 and 11
/// distinct interleavings). Two tasks of the world each await a main-actor
/// tally three times: the tasks come back from the main actor on its
/// thread, and the ready jobs the executor chooses among depended on how
/// far the main thread had got — the number of choice points, and so the
/// schedules, changed from run to run.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum MainActorHops {
    /// What one exploration did.
    struct Exploration: Equatable {
        /// The schedules it ran, in order: "seed: the order of the tally's
        /// visits".
        var visited: [String] = []
        /// The orders of the visits it saw.
        var orders: Set<String> = []
        var coveredEverySchedule = false
    }

    /// One exploration of the two tasks.
    static func explore() async -> Exploration {
        var exploration = Exploration()
        let result = await ScheduleExploration(schedules: 200, seed: 7).run { schedule in
            let scheduler = DispatchQueue.virtualScheduler()
            let tally = MainActorTally()
            let first = Task(executorPreference: scheduler.executor) { for _ in 0..<3 { await tally.add("a") } }
            let second = Task(executorPreference: scheduler.executor) { for _ in 0..<3 { await tally.add("b") } }
            await scheduler.run()
            await first.value
            await second.value
            let order = await tally.log.joined()
            exploration.visited.append("\(schedule.seed): \(order)")
            exploration.orders.insert(order)
            return true
        }
        exploration.coveredEverySchedule = result.coveredEverySchedule
        return exploration
    }

    /// `rounds` explorations: the first, and how many of the others
    /// visited other schedules than it, or the same in another order.
    static func roundsThatDiffer(_ rounds: Int) async -> (first: Exploration, differing: Int) {
        let first = await explore()
        var differing = 0
        for _ in 1..<rounds where await explore() != first { differing += 1 }
        return (first, differing)
    }
}

final class ExplorationDeterminismTests: XCTestCase {
    func testTheSameSeedVisitsTheSameSchedulesWithMainActorHops() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (first, differing) = await MainActorHops.roundsThatDiffer(10)
        XCTAssertEqual(differing, 0, "of 9 rounds compared with the first:\n\(first.visited.joined(separator: "\n"))")
        XCTAssertTrue(first.coveredEverySchedule)
        // Every order of three visits each, C(6, 3).
        XCTAssertEqual(first.orders.count, 20, "\(first.orders.sorted())")
    }
}

@Suite struct ExplorationDeterminismSwiftTests {
    @Test func theSameSeedVisitsTheSameSchedulesWithMainActorHops() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (first, differing) = await MainActorHops.roundsThatDiffer(10)
        #expect(differing == 0, "of 9 rounds compared with the first:\n\(first.visited.joined(separator: "\n"))")
        #expect(first.coveredEverySchedule)
        // Every order of three visits each, C(6, 3).
        #expect(first.orders.count == 20, "\(first.orders.sorted())")
    }
}
