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
