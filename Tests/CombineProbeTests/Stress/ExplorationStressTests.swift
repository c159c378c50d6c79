@testable import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 30: the same seeds give the same schedules, every time. One world
// mixes every kind of choice — mock answers within a latency range, actions
// due at one instant, and (where task executors exist) child tasks ready at
// once on the virtual executor — and each round explores it again and
// compares what every schedule saw with the first round:
// `COMBINEPROBE_EXPLORATION_ROUNDS` rounds (by default one per 40 of
// `COMBINEPROBE_STRESS_ITERATIONS`, 10 in CI; `scripts/stress.sh` runs
// 1,000), in XCTest and, shared among four copies with seeds of their own,
// in parallel Swift Testing.

enum ExplorationScenarios {
    /// How many rounds each test runs.
    static var rounds: Int {
        ProcessInfo.processInfo.environment["COMBINEPROBE_EXPLORATION_ROUNDS"].flatMap(Int.init)
            ?? max(4, VirtualConcurrencyStress.iterations / 40)
    }

    /// What each schedule of one exploration saw: its seed and its events.
    static func fingerprint(seed: UInt64) async -> [String] {
        var seen: [String] = []
        let result = await ScheduleExploration(schedules: 24, seed: seed).run { schedule in
            seen.append("\(schedule.seed): \(await world().joined(separator: " "))")
            return true
        }
        seen.append(result.report)
        return seen
    }

    /// The mixed world, run to its end; returns the order of its events.
    static func world() async -> [String] {
        let scheduler = DispatchQueue.virtualScheduler()
        let events = Locked<[String]>([])
        let service = UserServiceMock()
        service.delivery = .after(between: .milliseconds(100) ... .milliseconds(300), on: scheduler)
        service.getUserResult = .computed { User(id: 1, name: "Ada") }
        var bag: [AnyCancellable] = []
        for id in 1...2 {
            service.getUser(id: id).sink(receiveCompletion: { _ in }, receiveValue: { _ in events.withLock { $0.append("answer\(id)") } })
                .store(in: &bag)
        }
        for tie in 1...2 {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { events.withLock { $0.append("tie\(tie)") } }
        }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            await scheduler.withTasks {
                await withTaskGroup(of: Void.self) { group in
                    for child in 1...2 {
                        group.addTask { events.withLock { $0.append("child\(child)") } }
                    }
                }
            }
        }
        await scheduler.run()
        return events.withLock { $0 }
    }
}

final class VirtualWorldStressExplorationTests: XCTestCase {
    func testTheSameSeedGivesTheSameSchedulesEveryTime() async {
        let reference = await ExplorationScenarios.fingerprint(seed: 1)
        XCTAssertEqual(reference.count, 25, "\(reference)")
        var differing = 0
        for _ in 0..<ExplorationScenarios.rounds where await ExplorationScenarios.fingerprint(seed: 1) != reference {
            differing += 1
        }
        XCTAssertEqual(differing, 0, "rounds whose schedules differed from the first")
    }
}

@Suite struct VirtualWorldStressExplorationSwiftTests {
    /// Four copies in parallel, each a share of the rounds, each with a seed
    /// of its own.
    @Test(arguments: 0..<4) func theSameSeedGivesTheSameSchedulesEveryTime(_ part: Int) async {
        let reference = await ExplorationScenarios.fingerprint(seed: UInt64(part))
        for round in stride(from: part, to: ExplorationScenarios.rounds, by: 4) {
            let fingerprint = await ExplorationScenarios.fingerprint(seed: UInt64(part))
            #expect(fingerprint == reference, "round \(round)")
        }
    }
}
