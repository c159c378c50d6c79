@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A virtual world told that no main-actor code takes part
/// (`mainActorRoundTrips = 0`): its steps wait only for the executor to
/// drain, and stay deterministic for nonisolated work.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class VirtualConcurrencyWithoutMainActorTests: XCTestCase {
    func testTheDefaultIsThreeAndABadValueCountsAsZero() {
        let scheduler = DispatchQueue.virtualScheduler()
        XCTAssertEqual(scheduler.executor.mainActorRoundTrips, 3)
        XCTAssertEqual(VirtualTaskExecutor.defaultMainActorRoundTrips, 3)
        scheduler.executor.mainActorRoundTrips = -2
        XCTAssertEqual(scheduler.executor.mainActorRoundTrips, 0)
    }

    func testChainedSleepersAndAChildTaskRepeatedly() async throws {
        for round in 0..<VirtualConcurrencyStress.iterations {
            let scheduler = DispatchQueue.virtualScheduler()
            scheduler.executor.mainActorRoundTrips = 0
            let clock = scheduler.clock
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            let task = Task(executorPreference: scheduler.executor) {
                try await clock.sleep(for: .seconds(1))
                async let child: Void = clock.sleep(for: .milliseconds(500)) // a child task of the world
                subject.send(round)
                try await child
                subject.send(round + 1)
            }
            await scheduler.advance(by: .seconds(1))
            XCTAssertEqual(recorder.events, [.value(round)], "round \(round)")
            await scheduler.advance(by: .milliseconds(500))
            XCTAssertEqual(recorder.events, [.value(round), .value(round + 1)], "round \(round)")
            try await task.value
        }
    }

    func testEverySleeperRunsBeforeTheStepReturns() async {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.executor.mainActorRoundTrips = 0
        let clock = scheduler.clock
        let woken = Locked(0)
        let tasks = (0..<100).map { _ in
            Task(executorPreference: scheduler.executor) {
                try? await clock.sleep(for: .seconds(1))
                woken.withLock { $0 += 1 }
            }
        }
        await scheduler.advance(by: .seconds(1))
        XCTAssertEqual(woken.withLock { $0 }, 100)
        for task in tasks { await task.value }
    }
}

@Suite struct VirtualConcurrencyWithoutMainActorSwiftTests {
    @Test(arguments: 0..<8) func repeatedlyAndInParallel(_ seed: Int) async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for round in 0..<VirtualConcurrencyStress.iterations / 4 {
            let scheduler = DispatchQueue.virtualScheduler()
            scheduler.executor.mainActorRoundTrips = 0
            let clock = scheduler.clock
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            let task = Task(executorPreference: scheduler.executor) {
                try await clock.sleep(for: .milliseconds(seed + 1))
                subject.send(round)
            }
            await scheduler.advance(by: .milliseconds(seed + 1))
            #expect(recorder.events == [.value(round)], "round \(round)")
            try await task.value
        }
    }
}
