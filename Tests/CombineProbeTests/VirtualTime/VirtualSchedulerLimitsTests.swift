@testable import CombineProbe
import Foundation
import XCTest

/// The scheduler at the edges: extreme strides on every scheduler kind,
/// `run()` with far-off and endless work, tie order of repeating schedules,
/// late repeating schedules and late hot publishers, exact times in messages.
final class VirtualSchedulerLimitsTests: FailureCapturingTestCase {
    // MARK: Extreme strides never crash

    /// Every stride-taking API, on each scheduler kind, with every extreme:
    /// either a test failure that says so, or a documented clamp.
    func testExtremeStridesAreAFailureOrAClampNeverACrash() {
        exercise(DispatchQueue.virtualScheduler(), strides: [
            .seconds(.infinity), .seconds(-.infinity), .seconds(Int.max), .seconds(Int.min),
            .init(.never), .seconds(200 * 365 * 86_400), .seconds(300.0 * 365 * 86_400), .nanoseconds(Int.max - 1),
        ])
        exercise(RunLoop.virtualScheduler(), strides: [
            .seconds(.infinity), .seconds(-.infinity), .seconds(.nan), .seconds(Int.max), .seconds(Int.min),
            .seconds(1e300), .seconds(200.0 * 365 * 86_400), .seconds(-1e300),
        ])
        exercise(OperationQueue.virtualScheduler(), strides: [
            .seconds(.infinity), .seconds(-.infinity), .seconds(.nan), .seconds(Int.max), .seconds(1e300),
        ])
    }

    private func exercise<T: Strideable, O>(_ scheduler: VirtualScheduler<T, O>, strides: [T.Stride], line: UInt = #line)
        where T.Stride: SchedulerTimeIntervalConvertible
    {
        for stride in strides {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            let (failures, _) = captureFailures {
                scheduler.advance(by: stride)
                _ = try? scheduler.wait(for: recorder.next().inverted, timeout: stride)
                let timer = scheduler.schedule(after: scheduler.now, interval: stride) {}
                scheduler.schedule(after: scheduler.now.advanced(by: stride)) {}
                scheduler.run(horizon: stride)
                scheduler.advance(by: .seconds(1))
                timer.cancel()
            }
            for failure in failures {
                XCTAssertFalse(failure.message.contains("Stride("), "raw stride in \(failure.message)", line: line)
            }
            XCTAssertGreaterThanOrEqual(scheduler.elapsed, .zero, line: line)
        }
    }

    func testAnInfiniteAdvanceIsAFailureThatPrintsTheStride() {
        let scheduler = DispatchQueue.virtualScheduler()
        var (failures, _) = captureFailures { scheduler.advance(by: .seconds(.infinity)) }
        assertFailures(failures, ["VirtualScheduler.advance(by: infinity): the interval must be zero or positive, and finite; virtual time did not move (it is 0s)."], at: #line - 1)
        (failures, _) = captureFailures { scheduler.advance(by: .milliseconds(-500)) }
        assertFailures(failures, ["VirtualScheduler.advance(by: -500ms): the interval must be zero or positive"], at: #line - 1)
        let recorder = PassthroughSubject<Int, Never>().record()
        (failures, _) = captureFailures { _ = try? scheduler.wait(for: recorder.next().inverted, timeout: .seconds(.infinity)) }
        assertFailures(failures, ["VirtualScheduler.wait(for: recorder.next().inverted, timeout: infinity): the timeout must be zero or positive, and finite; it counts as zero."], at: #line - 1)
        XCTAssertEqual(scheduler.elapsed, .zero)
    }

    func testAFiniteAdvanceBeyondTheRepresentableTimeIsClamped() {
        let scheduler = RunLoop.virtualScheduler()
        var ran = false
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1e300))) { ran = true }
        scheduler.advance(by: .seconds(1e300))
        XCTAssertTrue(ran)
        XCTAssertEqual(scheduler.elapsed, VirtualTime(nanoseconds: .max))
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(scheduler.elapsed, VirtualTime(nanoseconds: .max), "time stays at the largest representable time")
    }

    func testTwoHundredYearsIsFine() {
        let scheduler = DispatchQueue.virtualScheduler()
        let years: Int = 200 * 365 * 86_400
        scheduler.advance(by: .seconds(years))
        XCTAssertEqual(scheduler.elapsed, .seconds(years))
    }

    // MARK: run() drains finite work

    func testRunDrainsAFiniteActionBeyondTheHorizon() {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(7200), scheduler: scheduler).record()
        let (failures, _) = captureFailures { scheduler.run() }
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(recorder.events, [.value(1), .finished])
        XCTAssertEqual(scheduler.elapsed, .seconds(7200))
    }

    /// OpenCombine 0.14.0's `timeout` keeps its repeating timer after it
    /// fired: the horizon's failure says so, since the scheduler cannot name
    /// the code that made the schedule (issue 42, G.25).
    func testATimeoutsLeftoverTimerIsExplainedAtTheHorizon() {
        let scheduler = DispatchQueue.virtualScheduler()
        let reply = PassthroughSubject<String, Never>()
        let recorder = reply.timeout(.milliseconds(30), scheduler: scheduler).record()
        let (failures, _) = captureFailures { scheduler.run(horizon: .seconds(1)) }
        XCTAssertEqual(recorder.events, [.finished])
        #if COMBINEPROBE_OPENCOMBINE
        assertFailures(failures, ["VirtualScheduler.run() stopped at its horizon of 1s of virtual time"], at: #line - 3)
        XCTAssertTrue(failures.first?.message.hasSuffix(
            "(If the code under test makes no repeating schedule, an operator made it: OpenCombine 0.14.0's timeout "
                + "schedules its timer as a repeating one, and keeps it after the timeout fired or the upstream completed. "
                + "Advance by a fixed time past the timeout, or cancel the subscription; see Pitfalls, Linux and OpenCombine.)") == true,
            "\(failures)")
        #else
        // Apple's Combine: whatever its timer, the message has no such note.
        XCTAssertFalse(failures.contains { $0.message.contains("OpenCombine") })
        #endif
    }

    func testRunStopsAnEndlessRepeatingScheduleAtItsHorizonAndNamesIt() {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        let timer = scheduler.schedule(after: scheduler.now, interval: .milliseconds(1500)) { count += 1 }
        let (failures, _) = captureFailures { scheduler.run(horizon: .seconds(10)) }
        assertFailures(failures, ["VirtualScheduler.run() stopped at its horizon of 10s of virtual time (virtual time is now 10s): "
            + "a repeating schedule, every 1.5s, is due again at 10.5s, and never runs out (1 action still scheduled). "
            + "Advance by a fixed time instead, cancel the repeating schedule, or pass a larger horizon."], at: #line - 3)
        XCTAssertEqual(count, 7)
        timer.cancel()
    }

    /// A chain at one instant never passes the horizon: the maximum of
    /// actions stops it.
    func testRunStopsAnEndlessChainOfOneShotActionsAtOneInstant() {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        func again() {
            count += 1
            scheduler.schedule(again)
        }
        scheduler.schedule(again)
        let (failures, _) = captureFailures {
            scheduler.run(horizon: .seconds(10), maximumActions: 1000, site: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        }
        assertFailures(failures, ["VirtualScheduler.run() stopped after running 1000 actions (virtual time is now 0s): "
            + "the scheduled work keeps scheduling more, and the next action is due at 0s."], at: #line - 3)
        XCTAssertEqual(count, 1000)
    }

    /// A chain that moves on in time stops at the horizon, past the work
    /// scheduled when the run started, naming what keeps it going.
    func testRunStopsAnEndlessChainOfOneShotActionsAtTheHorizon() {
        let scheduler = DispatchQueue.virtualScheduler()
        var count = 0
        func again() {
            count += 1
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), again)
        }
        scheduler.schedule(again)
        let (failures, _) = captureFailures {
            scheduler.run(horizon: .seconds(10))
        }
        assertFailures(failures, ["VirtualScheduler.run() stopped at virtual time 10s: a chain of one-shot actions scheduled during "
            + "the run keeps scheduling the next — a task sleeping in a loop on the scheduler's clock or sleep(for:), or an action "
            + "that schedules itself again — and the next is due at 11s, past the horizon of 10s beyond the work scheduled when "
            + "the run started (1 action still scheduled, 11 run). Advance by a fixed time instead, end the loop (cancel its task), "
            + "or pass a larger horizon."], at: #line - 6)
        XCTAssertEqual(count, 11)
        XCTAssertEqual(scheduler.elapsed, .seconds(10))
    }

    /// Finite work runs to its end however far off it is, and so does what
    /// it schedules, within the horizon past it.
    func testRunDrainsFarWorkAndTheChainsItStarts() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [VirtualTime] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(7200))) {
            log.append(scheduler.elapsed)
            for step in 1...3 {
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1200 * step))) { log.append(scheduler.elapsed) }
            }
        }
        let (failures, _) = captureFailures { scheduler.run() }
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(log, [.seconds(7200), .seconds(8400), .seconds(9600), .seconds(10800)])
    }

    /// Issue 34, item 17: a finite chain scheduled during the run that ends
    /// past the horizon is stopped there too, where combine-schedulers'
    /// `run()` runs it to its end.
    func testRunStopsAFiniteChainThatEndsPastTheHorizon() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [VirtualTime] = []
        func step(_ left: Int) {
            log.append(scheduler.elapsed)
            guard left > 0 else { return }
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1200))) { step(left - 1) }
        }
        scheduler.schedule { step(4) }
        let (failures, _) = captureFailures { scheduler.run() }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.hasPrefix("VirtualScheduler.run() stopped at virtual time 3600s: a chain of one-shot actions") == true, "\(failures)")
        XCTAssertEqual(log, [.seconds(0), .seconds(1200), .seconds(2400), .seconds(3600)])
    }

    // MARK: Ties and late schedules

    func testARepeatingScheduleKeepsItsCreationOrderAmongTies() {
        let scheduler = DispatchQueue.virtualScheduler()
        var log: [String] = []
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
            log.append("repeat at \(scheduler.elapsed)")
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { log.append("one-shot at \(scheduler.elapsed)") }
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(log, ["repeat at 1s", "repeat at 2s", "one-shot at 2s"])
        timer.cancel()
    }

    func testARepeatingScheduleWhoseFirstDateIsPastRunsOnceThenKeepsItsGrid() {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.advance(by: .milliseconds(3500))
        var log: [VirtualTime] = []
        let timer = scheduler.schedule(after: scheduler.start, interval: .seconds(1)) { log.append(scheduler.elapsed) }
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(log, [.milliseconds(3500), .seconds(4), .seconds(5)], "no burst of the missed runs")
        timer.cancel()
    }

    func testAHotPublisherCreatedAfterItsEventsReportsThemAndPlaysThemLate() {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.advance(by: .milliseconds(500))
        var publisher: ScriptedPublisher<String, Never>?
        let (failures, _) = captureFailures {
            publisher = scheduler.hotPublisher([.value("a", at: .milliseconds(100)), .value("b", at: .milliseconds(700))])
        }
        assertFailures(failures, ["hotPublisher(_:): 1 event is due before the current virtual time 500ms (\"a\" at 100ms). "
            + "A hot publisher's times count from the scheduler's start, so it has already passed: it is played late, on the next advance. "
            + "Create the publisher before advancing, or give times after 500ms."], at: #line - 4)
        let recorder = publisher!.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.events, [.value("a"), .value("b")])
    }

    // MARK: Exact times in messages

    func testVirtualTimesPrintExactlyWhenNotRound() {
        XCTAssertEqual((VirtualTime.seconds(86_400) + .nanoseconds(1)).description, "86400.000000001s")
        XCTAssertEqual(VirtualTime.nanoseconds(1_500_001).description, "1.500001ms")
        XCTAssertEqual(VirtualTime.nanoseconds(2_001).description, "2.001µs")
        XCTAssertEqual(VirtualTime.milliseconds(1500).description, "1.5s")
        XCTAssertEqual(VirtualTime.nanoseconds(-1_000_000_001).description, "-1.000000001s")
    }
}
