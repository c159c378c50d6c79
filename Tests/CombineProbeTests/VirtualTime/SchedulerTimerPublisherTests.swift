@testable import CombineProbe
import Foundation
import XCTest

/// The scenarios of `SchedulerTimerPublisher`, one body for XCTest and Swift
/// Testing, for nonisolated and `@MainActor` tests. Each returns what the
/// tests compare; a value beyond a recorder's demand would be a failure of
/// its own.
enum TimerScenarios {
    /// What a timer did on a virtual scheduler.
    struct Run: Equatable {
        /// When the ticks were recorded.
        var times: [VirtualTime]
        /// Whether each tick was the scheduler's `now` at that time.
        var ticksAreNow: Bool
        /// The scheduler's pending actions once the timer was cancelled.
        var pendingAfterCancel: Int
    }

    /// An autoconnected timer every second on a virtual scheduler of any
    /// kind, for 3.5 s; then the recorder cancels.
    static func ticks<T, O>(on scheduler: VirtualScheduler<T, O>) -> Run {
        let recorder = scheduler.publishTimer(every: .seconds(1)).autoconnect().record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(3500))
        let ticks = recorder.timeline
        recorder.cancel()
        return Run(
            times: ticks.map(\.time),
            ticksAreNow: ticks.map { $0.event.value.map { scheduler.start.distance(to: $0) } }
                == [.seconds(1), .seconds(2), .seconds(3)],
            pendingAfterCancel: scheduler.pendingActionCount)
    }

    /// A synchronous virtual wait for three ticks: the ticks and how far
    /// time moved.
    static func waitForThreeTicks() throws -> (ticks: [DispatchQueue.SchedulerTimeType.Stride], elapsed: VirtualTime) {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.publishTimer(every: .milliseconds(250)).autoconnect().record()
        let ticks = try scheduler.wait(for: recorder.next(3), timeout: .seconds(10))
        return (ticks.map { scheduler.start.distance(to: $0) }, scheduler.elapsed)
    }

    /// The same, awaited in the caller's isolation, and `await advance(by:)`.
    static func awaitThreeTicks(
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> (ticks: [DispatchQueue.SchedulerTimeType.Stride], times: [VirtualTime]) {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.publishTimer(every: .milliseconds(250)).autoconnect().record(timedBy: scheduler)
        let ticks = try await scheduler.wait(for: recorder.next(2), timeout: .seconds(10))
        await scheduler.advance(by: .milliseconds(250))
        let third = try recorder.next().get()
        return ((ticks + [third]).map { scheduler.start.distance(to: $0) }, recorder.timeline.map(\.time))
    }

    /// A subscriber that requests one tick gets one, however long the timer
    /// runs; two more requested at 5 s, two more ticks.
    static func demand() -> (first: [VirtualTime], after: [VirtualTime], pending: Int) {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.publishTimer(every: .seconds(1)).autoconnect().record(demand: .max(1), timedBy: scheduler)
        scheduler.advance(by: .seconds(5))
        let first = recorder.timeline.map(\.time)
        recorder.request(.max(2))
        scheduler.advance(by: .seconds(5))
        let after = recorder.timeline.map(\.time)
        recorder.cancel()
        return (first, after, scheduler.pendingActionCount)
    }

    /// Cancelling the only subscription of an autoconnected timer cancels
    /// its repeating schedule.
    static func cancellation() -> (pendingBefore: Int, pendingAfter: Int, times: [VirtualTime]) {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.publishTimer(every: .seconds(1)).autoconnect().record(timedBy: scheduler)
        scheduler.advance(by: .seconds(2))
        let pendingBefore = scheduler.pendingActionCount
        recorder.cancel()
        let pendingAfter = scheduler.pendingActionCount
        scheduler.advance(by: .seconds(5))
        return (pendingBefore, pendingAfter, recorder.timeline.map(\.time))
    }

    /// What a manually connected timer did.
    struct Connection: Equatable {
        var pendingBeforeConnect = 0
        var pendingAfterTwoConnects = 0
        var pendingAfterASubscriberLeft = 0
        var pendingAfterCancel = 0
        var first: [VirtualTime] = []
        var second: [VirtualTime] = []
    }

    /// No tick before `connect()`; two connects, one schedule; a late
    /// subscriber gets the ticks from then on; a subscriber that leaves
    /// does not stop a connected timer; cancelling either connection does,
    /// and a new `connect()` starts again one interval later.
    static func connection() -> Connection {
        var result = Connection()
        let scheduler = DispatchQueue.virtualScheduler()
        let timer = SchedulerTimerPublisher(every: .seconds(1), scheduler: scheduler)
        let first = timer.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(3))
        result.pendingBeforeConnect = scheduler.pendingActionCount
        let connection = timer.connect()
        let again = timer.connect()
        result.pendingAfterTwoConnects = scheduler.pendingActionCount
        scheduler.advance(by: .seconds(2))
        let second = timer.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        first.cancel()
        result.pendingAfterASubscriberLeft = scheduler.pendingActionCount
        scheduler.advance(by: .seconds(1))
        again.cancel()
        result.pendingAfterCancel = scheduler.pendingActionCount
        scheduler.advance(by: .seconds(3))
        connection.cancel()
        let reconnection = timer.connect()
        scheduler.advance(by: .seconds(1))
        reconnection.cancel()
        result.first = first.timeline.map(\.time)
        result.second = second.timeline.map(\.time)
        return result
    }

    /// `autoconnect()` connects at the first subscriber and disconnects
    /// when the last one leaves; a new subscriber connects again.
    static func autoconnect() -> (pending: [Int], first: [VirtualTime], late: [VirtualTime]) {
        let scheduler = DispatchQueue.virtualScheduler()
        let ticks = scheduler.publishTimer(every: .seconds(1)).autoconnect()
        var pending = [scheduler.pendingActionCount]
        let first = ticks.record(timedBy: scheduler)
        let second = ticks.record(timedBy: scheduler)
        pending.append(scheduler.pendingActionCount)
        scheduler.advance(by: .seconds(1))
        first.cancel()
        pending.append(scheduler.pendingActionCount)
        second.cancel()
        pending.append(scheduler.pendingActionCount)
        scheduler.advance(by: .seconds(1))
        let late = ticks.record(timedBy: scheduler)
        pending.append(scheduler.pendingActionCount)
        scheduler.advance(by: .seconds(1))
        late.cancel()
        pending.append(scheduler.pendingActionCount)
        return (pending, first.timeline.map(\.time), late.timeline.map(\.time))
    }

    /// A connected timer that nothing refers to any more stops: the
    /// scheduler has nothing left to run.
    static func releasedTimer() -> (whileHeld: Int, afterRelease: Int) {
        let scheduler = DispatchQueue.virtualScheduler()
        var timer: SchedulerTimerPublisher<VirtualSchedulerOf<DispatchQueue>>? = scheduler.publishTimer(every: .seconds(1))
        _ = timer?.connect()
        scheduler.advance(by: .seconds(2))
        let whileHeld = scheduler.pendingActionCount
        timer = nil
        return (whileHeld, scheduler.pendingActionCount)
    }

    /// Subscribers arriving and leaving on eight threads while time moves on
    /// another: every subscriber's ticks stay within its demand (a recorder
    /// reports one beyond it), and the cancelled timer leaves nothing
    /// scheduled.
    static func manyThreads() -> (pending: Int, recorded: Int) {
        let scheduler = DispatchQueue.virtualScheduler()
        let timer = UncheckedBox(scheduler.publishTimer(every: .milliseconds(1)))
        let connection = timer.value.connect()
        let recorded = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            if thread == 0 {
                for _ in 0..<200 { scheduler.advance(by: .milliseconds(1)) }
                return
            }
            for _ in 0..<50 {
                let recorder = timer.value.record(demand: .max(2))
                for _ in recorder.events { recorded.increment() }
                recorder.cancel()
            }
        }
        connection.cancel()
        return (scheduler.pendingActionCount, recorded.value)
    }

    /// A timer on a virtual scheduler whose actions run on the main actor:
    /// its ticks arrive there.
    @MainActor
    static func ticksOnTheMainActor() async -> (times: [VirtualTime], onMain: Bool) {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let onMain = Counter()
        let recorder = scheduler.publishTimer(every: .milliseconds(100))
            .autoconnect()
            .handleEvents(receiveOutput: { _ in if MainActorCheck.isCurrent { onMain.increment() } })
            .record(timedBy: scheduler)
        await scheduler.advance(by: .milliseconds(300))
        recorder.cancel()
        return (recorder.timeline.map(\.time), onMain.value == 3)
    }
}

/// `SchedulerTimerPublisher` in XCTest: ticks on every virtual scheduler and
/// on a real queue, demand, connection, cancellation, bad intervals.
final class SchedulerTimerPublisherTests: FailureCapturingTestCase {
    func testItTicksOnEveryVirtualScheduler() {
        let expected = TimerScenarios.Run(
            times: [.seconds(1), .seconds(2), .seconds(3)], ticksAreNow: true, pendingAfterCancel: 0)
        XCTAssertEqual(TimerScenarios.ticks(on: DispatchQueue.virtualScheduler()), expected)
        XCTAssertEqual(TimerScenarios.ticks(on: RunLoop.virtualScheduler()), expected)
        XCTAssertEqual(TimerScenarios.ticks(on: OperationQueue.virtualScheduler()), expected)
    }

    @MainActor
    func testItTicksOnEveryVirtualSchedulerFromTheMainActor() async {
        let expected = TimerScenarios.Run(
            times: [.seconds(1), .seconds(2), .seconds(3)], ticksAreNow: true, pendingAfterCancel: 0)
        XCTAssertEqual(TimerScenarios.ticks(on: DispatchQueue.virtualScheduler()), expected)
        XCTAssertEqual(TimerScenarios.ticks(on: RunLoop.virtualScheduler()), expected)
    }

    func testAVirtualWaitMovesTimeToTheTicks() throws {
        let (ticks, elapsed) = try TimerScenarios.waitForThreeTicks()
        XCTAssertEqual(ticks, [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
        XCTAssertEqual(elapsed, .milliseconds(750))
    }

    func testAnAsyncVirtualWait() async throws {
        let (ticks, times) = try await TimerScenarios.awaitThreeTicks()
        XCTAssertEqual(ticks, [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
        XCTAssertEqual(times, [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
    }

    @MainActor
    func testAnAsyncVirtualWaitOnTheMainActor() async throws {
        let (ticks, _) = try await TimerScenarios.awaitThreeTicks()
        XCTAssertEqual(ticks, [.milliseconds(250), .milliseconds(500), .milliseconds(750)])
    }

    func testATickWithoutDemandIsDropped() {
        let (first, after, pending) = TimerScenarios.demand()
        XCTAssertEqual(first, [.seconds(1)])
        XCTAssertEqual(after, [.seconds(1), .seconds(6), .seconds(7)])
        XCTAssertEqual(pending, 0)
    }

    func testCancellingTheSubscriptionEndsTheSchedule() {
        let (pendingBefore, pendingAfter, times) = TimerScenarios.cancellation()
        XCTAssertEqual(pendingBefore, 1)
        XCTAssertEqual(pendingAfter, 0)
        XCTAssertEqual(times, [.seconds(1), .seconds(2)])
    }

    func testConnect() {
        XCTAssertEqual(TimerScenarios.connection(), TimerScenarios.Connection(
            pendingBeforeConnect: 0, pendingAfterTwoConnects: 1, pendingAfterASubscriberLeft: 1, pendingAfterCancel: 0,
            first: [.seconds(4), .seconds(5), .seconds(6)],
            second: [.seconds(6), .seconds(7), .seconds(11)]))
    }

    func testAutoconnect() {
        let (pending, first, late) = TimerScenarios.autoconnect()
        XCTAssertEqual(pending, [0, 1, 1, 0, 1, 0])
        XCTAssertEqual(first, [.seconds(1)])
        XCTAssertEqual(late, [.seconds(3)])
    }

    func testATimerNothingRefersToStops() {
        let (whileHeld, afterRelease) = TimerScenarios.releasedTimer()
        XCTAssertEqual(whileHeld, 1)
        XCTAssertEqual(afterRelease, 0)
    }

    func testSubscribersOnManyThreads() {
        let (failures, result) = captureFailures { TimerScenarios.manyThreads() }
        XCTAssertEqual(failures.map(\.message), [])
        let (pending, recorded) = try! result.get()
        XCTAssertEqual(pending, 0)
        XCTAssertLessThanOrEqual(recorded, 7 * 50 * 2)
    }

    func testTicksOnTheMainActor() async {
        let (times, onMain) = await TimerScenarios.ticksOnTheMainActor()
        XCTAssertEqual(times, [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        XCTAssertTrue(onMain)
    }

    func testTheTimerOfARealQueue() throws {
        let queue = DispatchQueue(label: "SchedulerTimerPublisherTests")
        let recorder = queue.publishTimer(every: .milliseconds(10)).autoconnect().record()
        let ticks = try wait(for: recorder.next(3), timeout: longTimeout)
        recorder.cancel()
        XCTAssertEqual(ticks.count, 3)
        XCTAssertEqual(ticks.sorted(), ticks)
    }

    @MainActor
    func testTheTimerOfARealQueueFromTheMainActor() async throws {
        let timer = SchedulerTimerPublisher(every: .milliseconds(10), tolerance: .milliseconds(1), scheduler: DispatchQueue(label: "SchedulerTimerPublisher.mainActor"))
        XCTAssertEqual(timer.interval, .milliseconds(10))
        XCTAssertEqual(timer.tolerance, .milliseconds(1))
        let recorder = timer.record()
        let connection = timer.connect()
        let ticks = try await wait(for: recorder.next(2), timeout: longTimeout)
        connection.cancel()
        XCTAssertEqual(ticks.sorted(), ticks)
    }

    // MARK: Bad intervals

    func testANonPositiveIntervalIsAFailureAndNeverTicks() {
        let scheduler = DispatchQueue.virtualScheduler()
        let (zeroFailures, zero) = captureFailures { scheduler.publishTimer(every: .zero) }
        assertFailures(zeroFailures, [
            "publishTimer(every:): the interval must be a positive, finite time; it was 0s. The timer never ticks.",
        ], at: #line - 3)
        let (negativeFailures, negative) = captureFailures { SchedulerTimerPublisher(every: .seconds(-1), scheduler: scheduler) }
        assertFailures(negativeFailures, [
            "SchedulerTimerPublisher(every:scheduler:): the interval must be a positive, finite time; it was -1s. The timer never ticks.",
        ], at: #line - 3)
        let timers = [try! zero.get(), try! negative.get()]
        let recorders = timers.map { $0.autoconnect().record() }
        let connections = timers.map { $0.connect() }
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(recorders.map(\.events), [[], []])
        connections.forEach { $0.cancel() }
    }

    func testANonFiniteIntervalIsAFailure() {
        let scheduler = RunLoop.virtualScheduler()
        let (nanFailures, _) = captureFailures { _ = scheduler.publishTimer(every: .seconds(.nan)).connect() }
        assertFailures(nanFailures, ["publishTimer(every:): the interval must be a positive, finite time; it was NaN."], at: #line - 1)
        let (infinityFailures, _) = captureFailures { _ = scheduler.publishTimer(every: .seconds(.infinity)).connect() }
        assertFailures(infinityFailures, ["publishTimer(every:): the interval must be a positive, finite time; it was infinity."], at: #line - 1)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testAZeroIntervalOnARealQueueNeverTicks() throws {
        let queue = DispatchQueue(label: "SchedulerTimerPublisherTests.zero")
        let (failures, recorder) = captureFailures { queue.publishTimer(every: .zero).autoconnect().record() }
        assertFailures(failures, ["publishTimer(every:): the interval must be a positive, finite time; it was 0s."], at: #line - 1)
        XCTAssertEqual(try wait(for: try recorder.get().availableElements, timeout: shortTimeout), [])
    }
}
