@testable import CombineProbe
import Foundation
import Testing

/// `@MainActor` work in the virtual world, in Swift Testing: relays of
/// main-actor tasks up to `VirtualTaskExecutor.defaultMainActorRoundTrips` long run
/// before time moves, deterministically, in parallel with other tests.
@Suite struct MainActorRelaySwiftTests {
    @Test(arguments: 0...3) @MainActor func aRelayOfMainActorTasksRunsBeforeTimeMoves(_ hops: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(hops <= VirtualTaskExecutor.defaultMainActorRoundTrips)
        let scheduler = DispatchQueue.virtualScheduler()
        let model = RelayModel(scheduler: scheduler)
        model.onAppear(hops: hops)
        await scheduler.advance(by: .seconds(1))
        #expect(model.wokeAt == [.seconds(1)])
    }

    /// The task's continuation, back on the main actor, is the first hop of
    /// the relay that follows: `hops` more make `hops + 1`.
    @Test(arguments: 0..<3) @MainActor func aMainActorTaskHoppingOutToTheExecutorAndBack(_ hops: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(hops + 1 <= VirtualTaskExecutor.defaultMainActorRoundTrips)
        let scheduler = DispatchQueue.virtualScheduler()
        let model = RelayModel(scheduler: scheduler)
        model.onAppearHoppingOut(hops: hops)
        await scheduler.advance(by: .seconds(1))
        #expect(model.wokeAt == [.seconds(1)])
    }

    @Test @MainActor func aRelayStartedAfterQuiescenceRunsBeforeTimeMoves() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let model = RelayModel(scheduler: scheduler)
        await scheduler.run()
        model.onAppear(hops: VirtualTaskExecutor.defaultMainActorRoundTrips)
        await scheduler.run()
        #expect(model.wokeAt == [.seconds(1)])
    }

    /// In parallel with the other tests, many times over.
    @Test(arguments: 0..<8) @MainActor func relaysRepeatedlyAndInParallel(_ part: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let longest = VirtualTaskExecutor.defaultMainActorRoundTrips
        for round in stride(from: part, to: VirtualConcurrencyStress.iterations, by: 8) {
            let hoppingOut = round % 2 == 1
            let hops = round % (hoppingOut ? longest : longest + 1)
            let scheduler = DispatchQueue.virtualScheduler()
            let model = RelayModel(scheduler: scheduler)
            if hoppingOut { model.onAppearHoppingOut(hops: hops) } else { model.onAppear(hops: hops) }
            await scheduler.advance(by: .seconds(1))
            #expect(model.wokeAt == [.seconds(1)], "round \(round), \(hops) hops\(hoppingOut ? " after hopping out and back" : "")")
        }
    }

    @Test("Main-actor work that never ends is diagnosed, not a hang (fails on purpose)", .tags(.failurePath))
    @MainActor func mainActorWorkThatNeverEnds() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor // the virtual world
        let relay = EndlessRelay()
        relay.start(scheduler)
        await ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            // Run in parallel with every other test, the main queue may not
            // come back within 0.2 s at all (seen once in five loaded runs):
            // then the diagnosis says that the main actor did not run, which
            // is as true. Either way, an issue at the step, and time moves
            // on; the wording of the first is the XCTest twin's, run alone.
            _ = await expectIssues([
                "VirtualScheduler: the async work of the virtual world did not become quiescent within 0.2 s of real time at virtual time 0s: "
                    + "the main actor ",
            ], atLine: #line + 1) {
                await scheduler.advance(by: .seconds(1))
            }
        }
        relay.stop()
        #expect(scheduler.elapsed == .seconds(1), "time moved on")
    }
}
