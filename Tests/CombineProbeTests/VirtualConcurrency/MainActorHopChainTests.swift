import CombineProbe
import Foundation
import Testing
import XCTest

/// A task of the world that goes back and forth between the main actor and
/// the virtual executor ten times (task → main actor → executor → …): one
/// step lets the whole chain run when the executor makes as many clean
/// round trips through the main queue as the chain has hops
/// (`mainActorRoundTrips = 10`). With the default of 3, a step returned
/// after 3 to 5 of the 10 in 380 to 396 rounds of 400: a return to the
/// executor is not always seen as progress, so a chain is only sure to run
/// as far as the round trips reach (see TestingTime's table).
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
            _ = await Self.onTheExecutor()
            hopsDone += 1
        }
    }

    /// Runs on the task's preferred executor: the world's.
    nonisolated static func onTheExecutor() async -> Int { 1 }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum HopChainRounds {
    /// The rounds in which one step, with 10 round trips, did not let a
    /// chain of 10 hops finish.
    @MainActor static func misses() async -> Int {
        var misses = 0
        for _ in 0..<VirtualConcurrencyStress.iterations {
            let scheduler = DispatchQueue.virtualScheduler()
            scheduler.executor.mainActorRoundTrips = 10
            let chain = HopChain()
            chain.start(on: scheduler.executor, hops: 10)
            await scheduler.advance()
            if chain.hopsDone != 10 { misses += 1 }
        }
        return misses
    }
}

final class MainActorHopChainTests: XCTestCase {
    @MainActor func testAChainOfTenHopsCompletesWithinOneStepOfTenRoundTrips() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = await HopChainRounds.misses()
        XCTAssertEqual(misses, 0, "over \(VirtualConcurrencyStress.iterations) rounds")
    }

    func testAChainOfTenHopsCompletesWithinOneStepOfTenRoundTripsFromANonisolatedTest() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = await HopChainRounds.misses()
        XCTAssertEqual(misses, 0, "over \(VirtualConcurrencyStress.iterations) rounds")
    }
}

@Suite struct MainActorHopChainSwiftTests {
    @Test func aChainOfTenHopsCompletesWithinOneStepOfTenRoundTrips() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await HopChainRounds.misses() == 0)
    }
}
