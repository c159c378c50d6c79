@testable import CombineProbe
import Foundation
import XCTest

/// A repeating schedule keeps its origin from run to run on every kind of
/// virtual scheduler (issue 35, found by reading): its ties with other
/// work are explored alike whether its dates are `DispatchTime`s or
/// `Date`s (RunLoop, OperationQueue).
final class ExplorationRepeatingScheduleTests: XCTestCase {
    func testADispatchRepeatingScheduleKeepsItsOrigin() {
        assertTheRepeatingScheduleKeepsItsOrigin { DispatchQueue.virtualScheduler() }
    }

    func testARunLoopRepeatingScheduleKeepsItsOrigin() {
        assertTheRepeatingScheduleKeepsItsOrigin { RunLoop.virtualScheduler() }
    }

    func testAnOperationQueueRepeatingScheduleKeepsItsOrigin() {
        assertTheRepeatingScheduleKeepsItsOrigin { OperationQueue.virtualScheduler() }
    }

    /// A schedule every 100 ms from 0, made at 0, and an action due at
    /// 200 ms, with its third run. Made at 0 too, the action comes from the
    /// same source, the code that ran at 0: it keeps its place after the
    /// repeating schedule. Made at 100 ms, after the second run, it races
    /// with the third run: an exploration runs them in both orders. Each run
    /// is due at 0, 100 and 200 ms: no drift.
    private func assertTheRepeatingScheduleKeepsItsOrigin<T: Strideable, O>(
        file: StaticString = #filePath, line: UInt = #line,
        _ makeScheduler: () -> VirtualScheduler<T, O>
    ) where T.Stride: SchedulerTimeIntervalConvertible {
        let inOrder = ["tick at 0s", "tick at 100ms", "tick at 200ms", "other at 200ms"]
        let reordered = ["tick at 0s", "tick at 100ms", "other at 200ms", "tick at 200ms"]
        XCTAssertEqual(explore(otherScheduledAt: 0, makeScheduler).orders, [inOrder], file: file, line: line)
        let racing = explore(otherScheduledAt: 100, makeScheduler)
        XCTAssertEqual(racing.orders, [inOrder, reordered], file: file, line: line)
        XCTAssertEqual(racing.deviations, [[], ["at 200ms, ran the action scheduled #2 before the action scheduled #1 with schedule(after:interval:)"]],
                       file: file, line: line)
    }

    /// The orders and deviations of the exploration of the schedule every
    /// 100 ms and the other action due at 200 ms, made at `otherScheduledAt`
    /// milliseconds.
    private func explore<T: Strideable, O>(
        otherScheduledAt milliseconds: Int, _ makeScheduler: () -> VirtualScheduler<T, O>
    ) -> (orders: Set<[String]>, deviations: Set<[String]>) where T.Stride: SchedulerTimeIntervalConvertible {
        var orders: Set<[String]> = []
        var deviations: Set<[String]> = []
        let result = ScheduleExploration(schedules: 20, seed: 1).run { _ in
            let choices = try XCTUnwrap(ScheduleChoices.current)
            let scheduler = makeScheduler()
            let log = Locked<[String]>([])
            let ticks = scheduler.schedule(after: scheduler.now, interval: .milliseconds(100)) {
                log.withLock { $0.append("tick at \(scheduler.elapsed)") }
            }
            scheduler.advance(by: .milliseconds(milliseconds))
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(200 - milliseconds))) {
                log.withLock { $0.append("other at \(scheduler.elapsed)") }
            }
            scheduler.advance(by: .milliseconds(200 - milliseconds))
            ticks.cancel()
            orders.insert(log.withLock { $0 })
            deviations.insert(choices.deviations)
            return true
        }
        XCTAssertNil(result.failure, result.report)
        XCTAssertTrue(result.coveredEverySchedule, result.report)
        return (orders, deviations)
    }
}
