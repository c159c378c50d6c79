import CombineProbe
import Foundation
import Testing

/// `SchedulerTimerPublisher` in Swift Testing, from nonisolated and
/// `@MainActor` tests (the scenarios are in `SchedulerTimerPublisherTests`).
@Suite struct SchedulerTimerPublisherSwiftTests {
    let everySecond = TimerScenarios.Run(
        times: [.seconds(1), .seconds(2), .seconds(3)], ticksAreNow: true, pendingAfterCancel: 0)

    @Test func itTicksOnEveryVirtualScheduler() {
        #expect(TimerScenarios.ticks(on: DispatchQueue.virtualScheduler()) == everySecond)
        #expect(TimerScenarios.ticks(on: RunLoop.virtualScheduler()) == everySecond)
        #expect(TimerScenarios.ticks(on: OperationQueue.virtualScheduler()) == everySecond)
    }

    @MainActor @Test func itTicksOnEveryVirtualSchedulerFromTheMainActor() {
        #expect(TimerScenarios.ticks(on: DispatchQueue.virtualScheduler()) == everySecond)
        #expect(TimerScenarios.ticks(on: OperationQueue.virtualScheduler()) == everySecond)
    }

    @Test func aVirtualWaitMovesTimeToTheTicks() throws {
        let (ticks, elapsed) = try TimerScenarios.waitForThreeTicks()
        #expect(ticks == [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
        #expect(elapsed == .milliseconds(750))
    }

    @Test func anAsyncVirtualWait() async throws {
        let (ticks, times) = try await TimerScenarios.awaitThreeTicks()
        #expect(ticks == [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
        #expect(times == [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
    }

    @MainActor @Test func anAsyncVirtualWaitOnTheMainActor() async throws {
        let (ticks, times) = try await TimerScenarios.awaitThreeTicks()
        #expect(ticks == [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
        #expect(times == [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
    }

    @Test func aTickWithoutDemandIsDropped() {
        let (first, after, pending) = TimerScenarios.demand()
        #expect(first == [.seconds(1)])
        #expect(after == [.seconds(1), .seconds(6), .seconds(7)])
        #expect(pending == 0)
    }

    @MainActor @Test func aTickWithoutDemandIsDroppedOnTheMainActor() {
        let (first, after, _) = TimerScenarios.demand()
        #expect(first == [.seconds(1)])
        #expect(after == [.seconds(1), .seconds(6), .seconds(7)])
    }

    @Test func cancellingTheSubscriptionEndsTheSchedule() {
        let (pendingBefore, pendingAfter, times) = TimerScenarios.cancellation()
        #expect(pendingBefore == 1)
        #expect(pendingAfter == 0)
        #expect(times == [.seconds(1), .seconds(2)])
    }

    @Test func connect() {
        #expect(TimerScenarios.connection() == TimerScenarios.Connection(
            pendingBeforeConnect: 0, pendingAfterTwoConnects: 1, pendingAfterASubscriberLeft: 1, pendingAfterCancel: 0,
            first: [.seconds(4), .seconds(5), .seconds(6)],
            second: [.seconds(6), .seconds(7), .seconds(11)]))
    }

    @Test func autoconnect() {
        let (pending, first, late) = TimerScenarios.autoconnect()
        #expect(pending == [0, 1, 1, 0, 1, 0])
        #expect(first == [.seconds(1)])
        #expect(late == [.seconds(3)])
    }

    @Test func aTimerNothingRefersToStops() {
        let (whileHeld, afterRelease) = TimerScenarios.releasedTimer()
        #expect(whileHeld == 1)
        #expect(afterRelease == 0)
    }

    @Test func subscribersOnManyThreads() {
        let (pending, recorded) = TimerScenarios.manyThreads()
        #expect(pending == 0)
        #expect(recorded <= 7 * 50 * 2)
    }

    @Test func ticksOnTheMainActor() async {
        let (times, onMain) = await TimerScenarios.ticksOnTheMainActor()
        #expect(times == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        #expect(onMain)
    }

    @Test func theTimerOfARealQueue() async throws {
        let queue = DispatchQueue(label: "SchedulerTimerPublisherSwiftTests")
        let recorder = queue.publishTimer(every: .milliseconds(10)).autoconnect().record()
        let ticks = try await wait(for: recorder.next(3), timeout: 10)
        recorder.cancel()
        #expect(ticks.sorted() == ticks)
    }

    @MainActor @Test func theTimerOfARealQueueFromTheMainActor() async throws {
        let timer = SchedulerTimerPublisher(every: .milliseconds(10), scheduler: DispatchQueue(label: "SchedulerTimerPublisher.mainActor"))
        #expect(timer.tolerance == nil)
        let recorder = timer.record()
        let connection = timer.connect()
        let ticks = try await wait(for: recorder.next(2), timeout: 10)
        connection.cancel()
        #expect(ticks.sorted() == ticks)
    }

    // MARK: Bad intervals

    @Test("A zero interval is an issue, and the timer never ticks (fails on purpose)", .tags(.failurePath))
    func aZeroIntervalIsAnIssue() {
        let scheduler = DispatchQueue.virtualScheduler()
        var timer: SchedulerTimerPublisher<VirtualSchedulerOf<DispatchQueue>>?
        _ = expectIssuesNow(
            ["publishTimer(every:): the interval must be a positive, finite time; it was 0s. The timer never ticks."],
            atLine: #line + 1
        ) { timer = scheduler.publishTimer(every: .zero) }
        let recorder = timer?.autoconnect().record()
        #expect(scheduler.pendingActionCount == 0)
        scheduler.advance(by: .seconds(10))
        #expect(recorder?.events == [])
    }

    @MainActor @Test("A negative interval is an issue on the main actor (fails on purpose)", .tags(.failurePath))
    func aNegativeIntervalIsAnIssueOnTheMainActor() async {
        let scheduler = RunLoop.virtualScheduler()
        _ = await expectIssues(
            ["SchedulerTimerPublisher(every:scheduler:): the interval must be a positive, finite time; it was -500ms."],
            atLine: #line + 1
        ) { _ = SchedulerTimerPublisher(every: .milliseconds(-500), scheduler: scheduler).connect() }
        await scheduler.advance(by: .seconds(1))
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("A zero interval on a real queue is an issue, never a busy loop (fails on purpose)", .tags(.failurePath))
    func aZeroIntervalOnARealQueue() async throws {
        let queue = DispatchQueue(label: "SchedulerTimerPublisherSwiftTests.zero")
        var recorder: Recorder<DispatchQueue.SchedulerTimeType, Never>?
        _ = expectIssuesNow(
            ["publishTimer(every:): the interval must be a positive, finite time; it was 0s."],
            atLine: #line + 1
        ) { recorder = queue.publishTimer(every: .zero).autoconnect().record() }
        let recorded = try #require(recorder)
        #expect(try await wait(for: recorded.availableElements, timeout: 0.05) == [])
    }
}
