@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A `@MainActor` consumer of `scheduler.timer(interval:)` whose timer the
/// test made before the consumer's task started (a view model handed the
/// timer): the consumer runs only when the main actor is free, and gets
/// every tick, at its instant, from nonisolated and `@MainActor` tests, with
/// or without tasks joining the world.
@MainActor
final class HandedTimerConsumer {
    private(set) var seenAt: [VirtualTime] = []
    private var task: Task<Void, Never>?

    nonisolated init() {}

    func start(_ timer: VirtualTimerSequence<DispatchQueue.SchedulerTimeType>, on scheduler: VirtualSchedulerOf<DispatchQueue>) {
        task = Task {
            for await _ in timer { self.seenAt.append(scheduler.elapsed) }
        }
    }

    func stop() async {
        task?.cancel()
        await task?.value
    }

    /// Makes a scheduler and its timer, starts the consumer, moves time 3
    /// seconds, and returns when the consumer saw each tick.
    static func ticksSeen(joiningTasks: Bool = false, actionsOn actions: VirtualActionContext = .caller) async -> [VirtualTime] {
        await ProbeSettings.withOverrides(.init(joinsTasks: joiningTasks)) { () async -> [VirtualTime] in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let timer = scheduler.timer(interval: .seconds(1))
            let consumer = HandedTimerConsumer()
            consumer.start(timer, on: scheduler)
            await scheduler.advance(by: .seconds(3))
            let seen = consumer.seenAt
            await consumer.stop()
            return seen
        }
    }

    /// The same, started from nonisolated code.
    nonisolated static func ticksSeenFromNonisolatedCode(
        joiningTasks: Bool = false, actionsOn actions: VirtualActionContext = .caller
    ) async -> [VirtualTime] {
        await ProbeSettings.withOverrides(.init(joinsTasks: joiningTasks)) { () async -> [VirtualTime] in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let timer = scheduler.timer(interval: .seconds(1))
            let consumer = HandedTimerConsumer()
            await consumer.start(timer, on: scheduler)
            await scheduler.advance(by: .seconds(3))
            let seen = await consumer.seenAt
            await consumer.stop()
            return seen
        }
    }

    nonisolated static let everyTick: [VirtualTime] = [.seconds(1), .seconds(2), .seconds(3)]
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class MainActorTimerConsumerTests: XCTestCase {
    /// Rounds of each kind: 10 in a plain run (a round takes some 30 ms);
    /// under the stress run, a quarter of `COMBINEPROBE_STRESS_ITERATIONS`
    /// (2,500 each, 10,000 in all, at 10,000).
    static var rounds: Int {
        ProcessInfo.processInfo.environment["COMBINEPROBE_STRESS_ITERATIONS"] == nil
            ? 10 : max(1, VirtualConcurrencyStress.iterations / 4)
    }

    /// The rounds of `round` whose ticks were not every tick, as text.
    static func misses(isolation: isolated (any Actor)? = #isolation, _ round: () async -> [VirtualTime]) async -> [String] {
        var misses: [String] = []
        for index in 0..<rounds {
            let seen = await round()
            if seen != HandedTimerConsumer.everyTick { misses.append("round \(index): \(seen)") }
        }
        return misses
    }

    @MainActor
    func testEveryRoundGetsEveryTick() async {
        for joining in [false, true] {
            let misses = await Self.misses { await HandedTimerConsumer.ticksSeen(joiningTasks: joining) }
            XCTAssertEqual(misses, [], "joining: \(joining), \(misses.count) of \(Self.rounds) rounds")
        }
    }

    func testEveryRoundGetsEveryTickFromNonisolatedCode() async {
        for joining in [false, true] {
            let misses = await Self.misses { await HandedTimerConsumer.ticksSeenFromNonisolatedCode(joiningTasks: joining) }
            XCTAssertEqual(misses, [], "joining: \(joining), \(misses.count) of \(Self.rounds) rounds")
        }
    }

    @MainActor
    func testAMainActorConsumerOfAHandedTimerGetsEveryTick() async {
        let seen = await HandedTimerConsumer.ticksSeen()
        XCTAssertEqual(seen, HandedTimerConsumer.everyTick)
    }

    func testAMainActorConsumerOfAHandedTimerGetsEveryTickFromNonisolatedCode() async {
        let seen = await HandedTimerConsumer.ticksSeenFromNonisolatedCode()
        XCTAssertEqual(seen, HandedTimerConsumer.everyTick)
    }

    @MainActor
    func testWithTasksJoining() async {
        let seen = await HandedTimerConsumer.ticksSeen(joiningTasks: true)
        XCTAssertEqual(seen, HandedTimerConsumer.everyTick)
    }

    @MainActor
    func testWithActionsOnTheMainActor() async {
        let seen = await HandedTimerConsumer.ticksSeen(actionsOn: .mainActor)
        XCTAssertEqual(seen, HandedTimerConsumer.everyTick)
    }

    func testWithActionsOnTheMainActorFromNonisolatedCode() async {
        let seen = await HandedTimerConsumer.ticksSeenFromNonisolatedCode(actionsOn: .mainActor)
        XCTAssertEqual(seen, HandedTimerConsumer.everyTick)
    }

    func testWithTasksJoiningFromNonisolatedCode() async {
        let seen = await HandedTimerConsumer.ticksSeenFromNonisolatedCode(joiningTasks: true)
        XCTAssertEqual(seen, HandedTimerConsumer.everyTick)
    }
}

@Suite struct MainActorTimerConsumerSwiftTests {
    @MainActor @Test(arguments: [false, true])
    func aMainActorConsumerOfAHandedTimerGetsEveryTick(joiningTasks: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await HandedTimerConsumer.ticksSeen(joiningTasks: joiningTasks) == HandedTimerConsumer.everyTick)
    }

    @Test(arguments: [false, true])
    func fromNonisolatedCode(joiningTasks: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await HandedTimerConsumer.ticksSeenFromNonisolatedCode(joiningTasks: joiningTasks) == HandedTimerConsumer.everyTick)
    }
}
