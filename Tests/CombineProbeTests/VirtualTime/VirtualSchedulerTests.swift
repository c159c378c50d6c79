import CombineProbe
import Foundation
import XCTest

/// The scheduler's own rules: ordering, ties, nesting, cancellation,
/// repetition, precision, bad input.
final class VirtualSchedulerTests: FailureCapturingTestCase {
    func testNothingRunsUntilTimeIsAdvanced() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [String] = []
        scheduler.schedule { log.append("now") }
        XCTAssertEqual(log, [])
        scheduler.advance()
        XCTAssertEqual(log, ["now"])
        XCTAssertEqual(scheduler.elapsed, .zero)
    }

    func testActionsRunInDueOrderEachAtItsOwnInstant() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { log.append("b at \(scheduler.elapsed)") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("a at \(scheduler.elapsed)") }
        scheduler.advance(by: .milliseconds(999))
        XCTAssertEqual(log, [])
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(log, ["a at 1s", "b at 2s"])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(5999))
    }

    func testTiesRunInTheOrderTheyWereScheduled() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [Int] = []
        let due = scheduler.now.advanced(by: .milliseconds(10))
        for index in 0..<20 { scheduler.schedule(after: due) { log.append(index) } }
        scheduler.advance(by: .milliseconds(10))
        XCTAssertEqual(log, Array(0..<20))
    }

    func testActionsScheduledAtOrBeforeNowRunOnTheNextAdvance() {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.advance(by: .seconds(1))
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(-1))) { log.append("past") }
        scheduler.schedule(after: scheduler.now) { log.append("now") }
        XCTAssertEqual(log, [])
        scheduler.advance(by: .zero)
        XCTAssertEqual(log, ["past", "now"])
        XCTAssertEqual(scheduler.elapsed, .seconds(1), "time never moves backwards")
    }

    func testActionsScheduledByActionsRunInTheSameAdvanceWhenDue() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
            log.append("outer at \(scheduler.elapsed)")
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("inner at \(scheduler.elapsed)") }
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { log.append("late") }
            scheduler.schedule { log.append("immediate at \(scheduler.elapsed)") }
        }
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(log, ["outer at 1s", "immediate at 1s", "inner at 2s"])
        XCTAssertEqual(scheduler.pendingActionCount, 1)
        XCTAssertEqual(scheduler.nextActionTime, .seconds(6))
    }

    func testRepeatingSchedulesRunAtEveryIntervalUntilCancelled() {
        let scheduler = DispatchQueue.virtualScheduler()
        var times: [VirtualTime] = []
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .milliseconds(500)) {
            times.append(scheduler.elapsed)
        }
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(times, [.seconds(1), .milliseconds(1500), .seconds(2)])
        timer.cancel()
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(times.count, 3)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func testARepeatingScheduleCancelledFromItsOwnActionStops() {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        var timer: (any Cancellable)?
        timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
            count += 1
            if count == 3 { timer?.cancel() }
        }
        scheduler.advance(by: .seconds(60))
        XCTAssertEqual(count, 3)
    }

    func testCancelledOneShotWorkNeverRuns() {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.delay(for: .seconds(1), scheduler: scheduler).record()
        subject.send(1)
        recorder.cancel()
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(recorder.events, [])
    }

    func testManyScatteredActionsRunInDueThenSchedulingOrderAndCancelledOnesNever() {
        let scheduler = DispatchQueue.virtualScheduler()
        var generator = SystemRandomNumberGenerator()
        var expected: [(due: Int, index: Int)] = []
        var ran: [Int] = []
        var timers: [any Cancellable] = []
        for index in 0..<2_000 {
            let due = Int.random(in: 0..<300, using: &generator)
            let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(due)), interval: .seconds(3600)) {
                ran.append(index)
            }
            if index % 7 == 0 { cancellable.cancel() } else { expected.append((due, index)) }
            timers.append(cancellable)
        }
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(ran, expected.sorted { ($0.due, $0.index) < ($1.due, $1.index) }.map(\.index))
    }

    func testNanosecondPrecision() {
        let scheduler = DispatchQueue.virtualScheduler()
        var ran = false
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1))) { ran = true }
        scheduler.advance(by: .nanoseconds(999_999))
        XCTAssertFalse(ran)
        scheduler.advance(by: .nanoseconds(1))
        XCTAssertTrue(ran)
        XCTAssertEqual(scheduler.elapsed, .milliseconds(1))
        XCTAssertEqual(scheduler.minimumTolerance, .zero)
    }

    /// While an action runs, `now` is its date, to the bit: a date of whole
    /// nanoseconds is computed back from the due time, a `Date` that is not
    /// (0.1 + 0.2 seconds) is kept with its action.
    func testWhileAnActionRunsNowIsItsExactDate() {
        let dispatch = DispatchQueue.virtualScheduler()
        let dispatchDate = dispatch.now.advanced(by: .nanoseconds(1_234_567))
        var dispatchNows: [DispatchQueue.SchedulerTimeType] = []
        dispatch.schedule(after: dispatchDate) { dispatchNows.append(dispatch.now) }
        let timer = dispatch.schedule(after: dispatchDate, interval: .milliseconds(1)) { dispatchNows.append(dispatch.now) }
        dispatch.advance(by: .milliseconds(4))
        timer.cancel()
        XCTAssertEqual(dispatchNows, [dispatchDate, dispatchDate, dispatchDate.advanced(by: .milliseconds(1)), dispatchDate.advanced(by: .milliseconds(2))])

        let runLoop = RunLoop.virtualScheduler()
        let runLoopDate = runLoop.now.advanced(by: .seconds(0.1)).advanced(by: .seconds(0.2))
        var runLoopNows: [RunLoop.SchedulerTimeType] = []
        runLoop.schedule(after: runLoopDate) { runLoopNows.append(runLoop.now) }
        let runLoopTimer = runLoop.schedule(after: runLoopDate, interval: .seconds(0.1)) { runLoopNows.append(runLoop.now) }
        runLoop.advance(by: .seconds(0.45))
        runLoopTimer.cancel()
        XCTAssertEqual(runLoopNows, [runLoopDate, runLoopDate, runLoopDate.advanced(by: .seconds(0.1))])
        XCTAssertEqual(runLoop.now, runLoop.start.advanced(by: .seconds(0.45)))
    }

    /// A repeating schedule whose first date is past runs once, then on its
    /// grid after the current time: missed runs are not played in a burst.
    func testALateRepeatingScheduleSkipsTheRunsItMissed() {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.advance(by: .milliseconds(25))
        var times: [VirtualTime] = []
        let timer = scheduler.schedule(after: scheduler.start, interval: .milliseconds(10)) { times.append(scheduler.elapsed) }
        scheduler.advance(by: .milliseconds(20))
        timer.cancel()
        XCTAssertEqual(times, [.milliseconds(25), .milliseconds(30), .milliseconds(40)])
    }

    func testRunLoopAndOperationQueueKinds() {
        let runLoop = RunLoop.virtualScheduler()
        let operationQueue = OperationQueue.virtualScheduler()
        var log: [String] = []
        runLoop.schedule(after: runLoop.now.advanced(by: .milliseconds(1))) { log.append("run loop at \(runLoop.elapsed)") }
        operationQueue.schedule(after: operationQueue.now.advanced(by: .seconds(2.5))) { log.append("queue at \(operationQueue.elapsed)") }
        runLoop.advance(by: .seconds(1))
        operationQueue.advance(by: .seconds(3))
        XCTAssertEqual(log, ["run loop at 1ms", "queue at 2.5s"])
    }

    #if COMBINEPROBE_OPENCOMBINE
    /// On OpenCombine the ready-made kinds are spelled with the `OCombine`
    /// schedulers, which a user's module named Combine cannot take away
    /// (.ci/user-combine-module): they are the types users write with
    /// DispatchQueue, RunLoop and OperationQueue.
    func testTheOCombineSpellingsAreTheSameTypes() {
        let dispatchQueue: VirtualSchedulerOf<DispatchQueue> = DispatchQueue.virtualScheduler()
        let runLoop: VirtualSchedulerOf<RunLoop> = RunLoop.virtualScheduler()
        let operationQueue: VirtualSchedulerOf<OperationQueue> = OperationQueue.virtualScheduler()
        XCTAssertTrue(type(of: dispatchQueue) == VirtualSchedulerOf<DispatchQueue.OCombine>.self)
        XCTAssertTrue(type(of: runLoop) == VirtualSchedulerOf<RunLoop.OCombine>.self)
        XCTAssertTrue(type(of: operationQueue) == VirtualSchedulerOf<OperationQueue.OCombine>.self)
    }
    #endif

    func testAdvanceToAnInstant() {
        let scheduler = DispatchQueue.virtualScheduler()
        var ran = false
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(3))) { ran = true }
        scheduler.advance(to: scheduler.now.advanced(by: .seconds(3)))
        XCTAssertTrue(ran)
        XCTAssertEqual(scheduler.elapsed, .seconds(3))
    }

    func testRunRunsEverythingAndStopsAtTheLastAction() {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(90))) {
            count += 1
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(30))) { count += 1 }
        }
        scheduler.run()
        XCTAssertEqual(count, 2)
        XCTAssertEqual(scheduler.elapsed, .seconds(120))
    }

    func testRunStopsAtItsHorizonWithAnEndlessTimer() {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { count += 1 }
        let (failures, _) = captureFailures { scheduler.run() }
        assertFailures(failures, ["VirtualScheduler.run() stopped at its horizon of 3600s of virtual time (virtual time is now 3600s): a repeating schedule, every 1s, is due again at 3601s"], at: #line - 1)
        XCTAssertEqual(count, 3601)
        XCTAssertEqual(scheduler.elapsed, .seconds(3600))
        timer.cancel()
    }

    func testBadInputIsAFailureAndTimeDoesNotMove() {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.advance(by: .seconds(1))
        var (failures, _) = captureFailures { scheduler.advance(by: .seconds(-1)) }
        assertFailures(failures, ["VirtualScheduler.advance(by: "], at: #line - 1)
        XCTAssertTrue(failures.first?.message.contains("virtual time did not move (it is 1s)") == true, "\(failures)")
        (failures, _) = captureFailures { scheduler.advance(to: scheduler.start) }
        assertFailures(failures, ["VirtualScheduler.advance(to:): 0s is in the past (virtual time is 1s); virtual time did not move."], at: #line - 1)
        let runLoop = RunLoop.virtualScheduler()
        (failures, _) = captureFailures { runLoop.advance(by: .seconds(Double.nan)) }
        assertFailures(failures, ["VirtualScheduler.advance(by: "], at: #line - 1)
        (failures, _) = captureFailures { runLoop.advance(by: .seconds(Double.infinity)) }
        assertFailures(failures, ["VirtualScheduler.advance(by: "], at: #line - 1)
        XCTAssertEqual(scheduler.elapsed, .seconds(1))
        XCTAssertEqual(runLoop.elapsed, .zero)
    }

    func testANegativeRepeatIntervalIsReportedAtTheSchedulersLineAndRunsOnce() {
        var failures: [CapturedFailure] = []
        (failures, _) = captureFailures {
            let scheduler = DispatchQueue.virtualScheduler(); let creationLine = #line
            var count = 0
            let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(-1)) { count += 1 }
            scheduler.advance(by: .seconds(1))
            XCTAssertEqual(count, 1)
            timer.cancel()
            return creationLine
        }
        assertFailures(failures, ["VirtualScheduler.schedule(after:interval:): the interval must be a positive, finite time"], at: #line - 8)
    }

    /// An interval of zero would repeat at one instant for ever: the action
    /// runs once, and a schedule its run did not cancel is reported at the
    /// scheduler's line, after that run: never a hang.
    func testAZeroRepeatIntervalNotCancelledInItsRunIsReportedAndRunsOnce() {
        let creationLine = #line + 3
        var count = 0
        let (failures, _) = captureFailures {
            let scheduler = DispatchQueue.virtualScheduler()
            let timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .zero) { count += 1 }
            scheduler.advance(by: .seconds(2))
            timer.cancel()
        }
        XCTAssertEqual(count, 1)
        assertFailures(failures, [
            "VirtualScheduler.schedule(after:interval:): an interval of 0s repeats at one instant for ever; the action "
                + "ran once, at 1s, and its schedule was not cancelled in that run, so it is not repeated.",
        ], at: creationLine)
    }

    /// A zero-interval schedule that its first run cancels, as operators
    /// do, runs once and is no failure.
    func testAZeroRepeatIntervalCancelledInItsRunIsNoFailure() {
        var count = 0
        let (failures, _) = captureFailures {
            let scheduler = DispatchQueue.virtualScheduler()
            var timer: (any Cancellable)?
            timer = scheduler.schedule(after: scheduler.now, interval: .zero) {
                count += 1
                timer?.cancel()
            }
            scheduler.advance(by: .seconds(1))
        }
        XCTAssertEqual(count, 1)
        XCTAssertEqual(failures.map(\.message), [])
    }

    /// `debounce(for: .zero)`, which schedules its one action every zero
    /// seconds (OpenCombine, and Combine): the last value of an instant
    /// comes at that instant, as with combine-schedulers' `TestScheduler`.
    func testDebounceForZeroDeliversTheLastValueOfEachInstant() {
        let (failures, timeline) = captureFailures { DebounceForZero.timeline() }
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(try timeline.get(), [.value(2, at: .zero), .value(3, at: .seconds(1))])
    }

    func testSchedulingFromManyThreads() {
        let scheduler = DispatchQueue.virtualScheduler()
        let count = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 {
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(index % 50))) { count.increment() }
            }
            _ = thread
        }
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(count.value, 4000)
    }

    func testTheSchedulerIsTypeErasable() {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = delayed(subject, on: scheduler).record()
        subject.send(7)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.events, [.value(7)])
    }

    /// Production-style code taking a generic scheduler of DispatchQueue's kind.
    private func delayed<S: Scheduler>(_ publisher: PassthroughSubject<Int, Never>, on scheduler: S) -> AnyPublisher<Int, Never>
        where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType
    {
        publisher.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
    }

    func testVirtualTimeDescriptions() {
        XCTAssertEqual(VirtualTime.zero.description, "0s")
        XCTAssertEqual(VirtualTime.milliseconds(300).description, "300ms")
        XCTAssertEqual(VirtualTime.milliseconds(1500).description, "1.5s")
        XCTAssertEqual(VirtualTime.microseconds(250).description, "250µs")
        XCTAssertEqual(VirtualTime.nanoseconds(7).description, "7ns")
        XCTAssertEqual(VirtualTime.seconds(-2).description, "-2s")
        XCTAssertEqual(VirtualTime.seconds(0.25), .milliseconds(250))
        XCTAssertEqual(VirtualTime.seconds(1) + .milliseconds(5), .milliseconds(1005))
        XCTAssertEqual(VirtualTime(nanoseconds: .max) + .seconds(1), VirtualTime(nanoseconds: .max))
    }
}
