@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A task of the world that goes back and forth between the main actor and
/// the virtual executor (task → main actor → executor → …): each return to
/// the executor is a job the world sees, so one step, with the default
/// three round trips through the main queue, lets a chain of any length
/// finish — 100 hops here.
///
/// The executor's leg must do something: Swift drops the hop to a
/// nonisolated async function whose body needs no executor (`{ 1 }`), and
/// such a "chain" is in fact a chain of silent main-queue jobs, which only
/// as many round trips as it has jobs are sure to let run (see
/// `SilentMainActorChain` below). The rounds check that every leg ran on the
/// executor.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class HopChain {
    /// How many round trips main actor → executor → main actor are done.
    private(set) var hopsDone = 0

    func start(on executor: any TaskExecutor, hops: Int) {
        Task(executorPreference: executor) { await self.hop(hops) }
    }

    private func hop(_ hops: Int) async {
        for _ in 0..<hops {
            guard await Self.onTheExecutor() else { return }
            hopsDone += 1
        }
    }

    /// Runs on the task's preferred executor, the world's: says whether it
    /// did.
    nonisolated static func onTheExecutor() async -> Bool {
        VirtualTaskExecutor.runningWorld != nil
    }
}

/// A chain of main-actor jobs that neither use the executor nor schedule
/// anything: a `Task { @MainActor in }` that starts the next one. The world
/// sees none of them, so a step is sure to let it finish only with at least
/// as many round trips as the chain has jobs (`mainActorRoundTrips`): the
/// world task's own main-actor job that starts it, and its tasks. (A step
/// awaited on the main actor is resumed through the main queue, which lets
/// one more job run: this chain of 10 ended in every round of 300 with 9
/// round trips, and missed its last job in 46 of 300 with 8.)
@MainActor
final class SilentMainActorChain {
    private(set) var jobsDone = 0

    func start(jobs: Int) {
        Task { @MainActor in self.run(jobs) }
    }

    private func run(_ jobs: Int) {
        jobsDone += 1
        if jobs > 1 { Task { @MainActor in self.run(jobs - 1) } }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum HopChainRounds {
    static let hops = 100
    static let silentJobs = 10

    /// How many rounds of 100 hops ``misses()`` runs: a quarter of the
    /// stress iterations (2,500 rounds with `scripts/stress.sh`'s 10,000,
    /// none missed).
    static var chainRounds: Int { max(VirtualConcurrencyStress.iterations / 4, 1) }

    /// The rounds in which one step, with the default round trips, did not
    /// let a chain of 100 hops through the executor finish.
    @MainActor static func misses() async -> Int {
        var misses = 0
        for _ in 0..<chainRounds {
            let scheduler = DispatchQueue.virtualScheduler()
            let chain = HopChain()
            chain.start(on: scheduler.executor, hops: hops)
            await scheduler.advance()
            if chain.hopsDone != hops || scheduler.executor.jobsRun < hops { misses += 1 }
        }
        return misses
    }

    /// The rounds in which one step, with 10 round trips, did not let a
    /// silent chain of 10 main-actor jobs — a task of the world's job on the
    /// main actor, which starts 9 tasks one after the other — finish.
    @MainActor static func silentMisses() async -> Int {
        var misses = 0
        for _ in 0..<VirtualConcurrencyStress.iterations {
            let scheduler = DispatchQueue.virtualScheduler()
            scheduler.executor.mainActorRoundTrips = silentJobs
            let chain = SilentMainActorChain()
            Task(executorPreference: scheduler.executor) { await chain.start(jobs: silentJobs - 1) }
            await scheduler.advance()
            if chain.jobsDone != silentJobs - 1 { misses += 1 }
        }
        return misses
    }
}

final class MainActorHopChainTests: XCTestCase {
    @MainActor func testAChainOfAHundredHopsThroughTheExecutorCompletesWithinOneStep() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = await HopChainRounds.misses()
        XCTAssertEqual(misses, 0, "over \(HopChainRounds.chainRounds) rounds")
    }

    func testAChainOfAHundredHopsThroughTheExecutorCompletesWithinOneStepFromANonisolatedTest() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = await HopChainRounds.misses()
        XCTAssertEqual(misses, 0, "over \(HopChainRounds.chainRounds) rounds")
    }

    func testASilentChainOfTenMainActorJobsCompletesWithinOneStepOfTenRoundTrips() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = await HopChainRounds.silentMisses()
        XCTAssertEqual(misses, 0, "over \(VirtualConcurrencyStress.iterations) rounds")
    }
}

@Suite struct MainActorHopChainSwiftTests {
    @Test func aChainOfAHundredHopsThroughTheExecutorCompletesWithinOneStep() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await HopChainRounds.misses() == 0)
    }

    @MainActor @Test func aSilentChainOfTenMainActorJobsCompletesWithinOneStepOfTenRoundTrips() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await HopChainRounds.silentMisses() == 0)
    }
}
