@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Two tasks of the world started back to back, earning and redeeming
/// points with a suspension between the read and the write: a lost update
/// in one order. Their first jobs are held until the test's step, and run
/// as one ready set: every exploration finds the same thing, in every round
/// (before, the executor started the first task while the test thread was
/// still creating the second: 1 exploration in 100 found the bug alone, 58
/// to 66 inside a suite, and the schedules varied).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TwoTasks {
    /// One exploration of the two tasks, summed up: its failing seed, or
    /// how many schedules passed.
    /// With `plain`, the tasks are plain `Task { }`s, which join the world
    /// of the exploration's body.
    static func explore(plain: Bool = false) async -> String {
        let result = await ScheduleExploration(schedules: 20, checkingReplays: true).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let executor: VirtualTaskExecutor? = plain ? nil : scheduler.executor
            if plain { _ = scheduler.executor } // the world the plain tasks join
            let points = Locked(100)
            let earn = Task(executorPreference: executor) {
                let balance = points.withLock { $0 }
                await Task.yield()
                points.withLock { $0 = balance + 10 }
            }
            let redeem = Task(executorPreference: executor) {
                let balance = points.withLock { $0 }
                await Task.yield()
                points.withLock { $0 = balance - 5 }
            }
            await scheduler.advance()
            await earn.value
            await redeem.value
            return points.withLock { $0 } == 105
        }
        if let nondeterminism = result.nondeterminism { return "nondeterministic: \(nondeterminism)" }
        if let failure = result.failure { return "fails under \(failure.schedule.seed)" }
        return "\(result.schedulesRun) passed"
    }

    /// The summaries of `rounds` explorations, counted.
    static func tally(rounds: Int, plain: Bool = false) async -> [String: Int] {
        var tally: [String: Int] = [:]
        for _ in 0..<rounds { tally[await explore(plain: plain), default: 0] += 1 }
        return tally
    }
}

final class VirtualConcurrencyTwoTasksTests: XCTestCase {
    func testTwoTasksStartedBackToBackExploreTheSameWayEveryRound() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let rounds = VirtualConcurrencyStress.iterations / 4
        let tally = await TwoTasks.tally(rounds: rounds)
        XCTAssertEqual(tally, ["fails under default": rounds])
    }

    /// Plain `Task { }`s, started by the exploration's body: they join its
    /// world, and are explored alike.
    func testTwoPlainTasksStartedBackToBackExploreTheSameWayEveryRound() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let rounds = VirtualConcurrencyStress.iterations / 4
        let tally = await TwoTasks.tally(rounds: rounds, plain: true)
        XCTAssertEqual(tally, ["fails under default": rounds])
    }
}

@Suite struct VirtualConcurrencyTwoTasksSwiftTests {
    /// Inside a parallel suite too.
    @Test func twoTasksStartedBackToBackExploreTheSameWayEveryRound() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let rounds = VirtualConcurrencyStress.iterations / 4
        let tally = await TwoTasks.tally(rounds: rounds)
        #expect(tally == ["fails under default": rounds])
    }

    @Test func twoPlainTasksStartedBackToBackExploreTheSameWayEveryRound() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let rounds = VirtualConcurrencyStress.iterations / 4
        let tally = await TwoTasks.tally(rounds: rounds, plain: true)
        #expect(tally == ["fails under default": rounds])
    }
}
