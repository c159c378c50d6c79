@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// One world serving many rounds of one test (one scheduler, a trait's
/// world, a `ProbeTestCase`'s): the tasks a round starts back to back are
/// held and run as one ready set in every round, not only the first. (The
/// executor tells a task's first job from a task of the world resuming by
/// the jobs it saw: a new task the allocator put where a finished task had
/// been is still new.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum WorldRounds {
    /// The order of the rounds' steps, as the tasks log them.
    actor Log {
        private(set) var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
        func take() -> [String] {
            defer { entries.removeAll() }
            return entries
        }
    }

    /// `rounds` rounds on one scheduler, each starting `tasks` tasks back to
    /// back (plain ones, joining, when `plain`; else with the executor's
    /// preference) that each log, sleep 1 s when `sleeps`, and log again (an
    /// actor's turn each). Returns the rounds whose log was not
    /// `1a 2a … 1b 2b …`, among the rounds whose tasks were held until the
    /// step (a round whose test took more than the hold limit of real time
    /// to reach its step, on a busy machine, gets its tasks one by one, as
    /// documented: `timed` counts those, which are not compared). (Without
    /// the sleep, 4 to 33 rounds of 100 missed before the fix: the first
    /// task ran ahead, unheld.)
    static func misses(
        rounds: Int, tasks: Int, plain: Bool, sleeps: Bool = false, isolation: isolated (any Actor)? = #isolation
    ) async -> (misses: [[String]], timed: Int) {
        await ProbeSettings.withOverrides(.init(joinsTasks: plain)) { () async -> ([[String]], Int) in
            let scheduler = DispatchQueue.virtualScheduler()
            let log = Log()
            let expected = (1...tasks).map { "\($0)a" } + (1...tasks).map { "\($0)b" }
            var misses: [[String]] = []
            var timed = 0
            for _ in 0..<rounds {
                let releasesByTime = scheduler.executor.releasesByTime
                var started: [Task<Void, Never>] = []
                for index in 1...tasks {
                    let work: @Sendable () async -> Void = {
                        await log.append("\(index)a")
                        if sleeps { try? await scheduler.sleep(for: .seconds(1)) }
                        await log.append("\(index)b")
                    }
                    started.append(plain ? Task { await work() } : Task(executorPreference: scheduler.executor) { await work() })
                }
                await scheduler.advance(by: .seconds(1))
                for task in started { await task.value }
                let entries = await log.take()
                if scheduler.executor.releasesByTime != releasesByTime {
                    timed += 1
                } else if entries != expected {
                    misses.append(entries)
                }
            }
            return (misses, timed)
        }
    }

    static var rounds: Int { VirtualConcurrencyStress.iterations / 4 }

    /// What is wrong, if anything: a miss among the rounds held until
    /// their step, or too few rounds held for the check to mean something.
    static func problem(_ misses: [[String]], _ timed: Int, _ what: String) -> String? {
        let compared = rounds - timed
        if !misses.isEmpty { return "\(what): \(misses.count) of \(compared) held rounds out of order: \(misses.prefix(3))" }
        if compared * 2 < rounds { return "\(what): only \(compared) of \(rounds) rounds were held until their step" }
        return nil
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class WorldRoundsTests: XCTestCase {
    func testEveryRoundKeepsTheOrder() async {
        for (tasks, plain) in [(2, false), (3, false), (10, false), (2, true), (3, true), (10, true)] {
            let (misses, timed) = await WorldRounds.misses(rounds: WorldRounds.rounds, tasks: tasks, plain: plain)
            XCTAssertNil(WorldRounds.problem(misses, timed, "\(tasks) \(plain ? "plain" : "preferring") tasks"))
        }
        for (tasks, plain) in [(3, false), (3, true)] {
            let (misses, timed) = await WorldRounds.misses(rounds: WorldRounds.rounds, tasks: tasks, plain: plain, sleeps: true)
            XCTAssertNil(WorldRounds.problem(misses, timed, "\(tasks) \(plain ? "plain" : "preferring") sleeping tasks"))
        }
    }

    @MainActor
    func testEveryRoundKeepsTheOrderFromTheMainActor() async {
        for (tasks, plain) in [(2, false), (3, true), (10, true)] {
            let (misses, timed) = await WorldRounds.misses(rounds: WorldRounds.rounds, tasks: tasks, plain: plain)
            XCTAssertNil(WorldRounds.problem(misses, timed, "\(tasks) \(plain ? "plain" : "preferring") tasks"))
        }
    }
}

@Suite struct WorldRoundsSwiftTests {
    @Test(arguments: [2, 3, 10], [false, true])
    func everyRoundKeepsTheOrder(tasks: Int, plain: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (misses, timed) = await WorldRounds.misses(rounds: WorldRounds.rounds, tasks: tasks, plain: plain)
        #expect(WorldRounds.problem(misses, timed, "\(tasks) \(plain ? "plain" : "preferring") tasks") == nil)
    }

    @MainActor @Test(arguments: [3, 10])
    func fromTheMainActor(tasks: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (misses, timed) = await WorldRounds.misses(rounds: WorldRounds.rounds, tasks: tasks, plain: true)
        #expect(WorldRounds.problem(misses, timed, "\(tasks) plain tasks") == nil)
    }
}
