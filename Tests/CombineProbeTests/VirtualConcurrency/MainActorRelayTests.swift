@testable import CombineProbe
import Foundation
import XCTest

/// `@MainActor` work in the virtual world, in XCTest: relays of main-actor
/// tasks up to `VirtualTaskExecutor.defaultMainActorRoundTrips` long run before
/// time moves, deterministically.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class MainActorRelayTests: FailureCapturingTestCase {
    private let longest = VirtualTaskExecutor.defaultMainActorRoundTrips

    @MainActor func testRelaysOfMainActorTasksRunBeforeTimeMoves() async {
        for hops in 0...longest {
            let scheduler = DispatchQueue.virtualScheduler()
            let model = RelayModel(scheduler: scheduler)
            model.onAppear(hops: hops)
            await scheduler.advance(by: .seconds(1))
            XCTAssertEqual(model.wokeAt, [.seconds(1)], "\(hops) hops")
        }
    }

    /// Between two steps, after the world was quiescent: the second step
    /// still lets the relay run.
    @MainActor func testARelayStartedBetweenTwoStepsRunsBeforeTimeMoves() async {
        for hops in 1...longest {
            let scheduler = DispatchQueue.virtualScheduler()
            let model = RelayModel(scheduler: scheduler)
            await scheduler.advance(by: .seconds(1))
            model.onAppear(hops: hops)
            await scheduler.advance(by: .seconds(1))
            XCTAssertEqual(model.wokeAt, [.seconds(2)], "\(hops) hops")
        }
    }

    /// The task's continuation, back on the main actor, is the first hop of
    /// the relay that follows: `hops` more make `hops + 1`.
    @MainActor func testAMainActorTaskHoppingOutToTheExecutorAndBack() async {
        for hops in 0..<longest {
            let scheduler = DispatchQueue.virtualScheduler()
            let model = RelayModel(scheduler: scheduler)
            model.onAppearHoppingOut(hops: hops)
            await scheduler.advance(by: .seconds(1))
            XCTAssertEqual(model.wokeAt, [.seconds(1)], "\(hops) hops")
        }
    }

    @MainActor func testAVirtualWaitLetsARelayRun() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let model = RelayModel(scheduler: scheduler)
        let woke = PassthroughSubject<Void, Never>()
        let recorder = woke.record()
        model.onAppear(hops: longest)
        let sleeper = Task(executorPreference: scheduler.executor) {
            // A second sleeper, so that the wait has something to run to.
            try await scheduler.clock.sleep(for: .seconds(2))
            woke.send()
        }
        try await scheduler.wait(for: recorder.next(), timeout: .seconds(5))
        XCTAssertEqual(model.wokeAt, [.seconds(1)])
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
        try await sleeper.value
    }

    /// A scheduled action that resumes a main-actor task directly (the
    /// timer's stream), with no job on the executor.
    @MainActor func testAMainActorLoopOverTheTimerSeesEveryTickAtItsTime() async {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor // the virtual world
        let counter = TickCounter()
        counter.start(scheduler)
        await scheduler.advance(by: .seconds(3))
        XCTAssertEqual(counter.seenAt, [.seconds(1), .seconds(2), .seconds(3)])
        counter.stop()
        await scheduler.advance(by: .seconds(1))
    }

    /// Repetition of the timer loop: the tick's consumer is resumed on the
    /// main actor, and each step waits for it (it missed a tick 2 to 3
    /// times in 25 runs on a loaded machine when the timer was an
    /// AsyncStream and nothing counted the consumer).
    @MainActor func testAMainActorLoopOverTheTimerRepeatedly() async {
        var misses = 0
        for _ in 0..<VirtualConcurrencyStress.iterations {
            let scheduler = DispatchQueue.virtualScheduler()
            _ = scheduler.executor
            let counter = TickCounter()
            counter.start(scheduler)
            await scheduler.advance(by: .seconds(3))
            if counter.seenAt != [.seconds(1), .seconds(2), .seconds(3)] { misses += 1 }
            counter.stop()
            await scheduler.advance(by: .seconds(1))
        }
        XCTAssertEqual(misses, 0, "over \(VirtualConcurrencyStress.iterations) rounds")
    }

    /// Cancelling the consumer ends its loop at once, and the timer's
    /// schedule at its next tick.
    @MainActor func testCancellingATimersConsumerEndsItsLoop() async {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor // the virtual world: its steps let main-actor work run
        let counter = TickCounter()
        counter.start(scheduler)
        await scheduler.advance(by: .seconds(1))
        counter.stop()
        await counter.finished()
        XCTAssertEqual(counter.seenAt, [.seconds(1)])
        await scheduler.advance(by: .seconds(1))
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    /// Repetition: each relay, again and again, never flaky.
    @MainActor func testRelaysRepeatedly() async {
        var failures: [String: Int] = [:]
        for round in 0..<VirtualConcurrencyStress.iterations {
            let hoppingOut = round % 2 == 1
            let hops = round % (hoppingOut ? longest : longest + 1)
            let scheduler = DispatchQueue.virtualScheduler()
            let model = RelayModel(scheduler: scheduler)
            if hoppingOut { model.onAppearHoppingOut(hops: hops) } else { model.onAppear(hops: hops) }
            await scheduler.advance(by: .seconds(1))
            if model.wokeAt != [.seconds(1)] { failures["\(hoppingOut ? "hop out and back" : "relay"), \(hops) hops", default: 0] += 1 }
        }
        XCTAssertEqual(failures, [:], "failures over \(VirtualConcurrencyStress.iterations) rounds")
    }

    // MARK: Failure path

    /// A main-actor loop that schedules work forever never lets the world be
    /// quiescent: the step gives up after the timeout, says so, and time
    /// moves on.
    @MainActor func testMainActorWorkThatNeverEndsIsDiagnosedNotAHang() async {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor // the virtual world
        let relay = EndlessRelay()
        relay.start(scheduler)
        let failures = await ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            await captureFailures {
                await scheduler.advance(by: .seconds(1))
            }.failures
        }
        let line = #line - 3
        relay.stop()
        XCTAssertEqual(failures.map(\.line), [line], "\(failures)")
        XCTAssertTrue(failures.first?.message.hasPrefix(
            "VirtualScheduler: the async work of the virtual world did not become quiescent within 0.2 s of real time at virtual time 0s: "
            + "the main actor runs, but the virtual world kept showing progress through ") == true, "\(failures)")
        XCTAssertEqual(scheduler.elapsed, .seconds(1), "time moved on")
    }
}
