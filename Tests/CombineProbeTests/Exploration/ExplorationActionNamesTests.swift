@testable import CombineProbe
import Foundation
import XCTest

/// How a report names an action that has no name of its own: by its place
/// in the order of scheduling, and, for one scheduled with an interval, by
/// the call that made it (issue 42, C.9: a report called a debounce's one
/// action "the repeating action scheduled #1", for code that schedules no
/// repeating action).
final class ExplorationActionNamesTests: XCTestCase {
    func testAnActionScheduledWithAnIntervalIsNamedByTheCallThatMadeIt() throws {
        let result = ScheduleExploration(schedules: 20, seed: 1).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let order = Locked<[String]>([])
            let every = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100)), interval: .seconds(1)) {
                order.withLock { $0.append("interval") }
            }
            scheduler.advance(by: .milliseconds(50))
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(50))) { order.withLock { $0.append("once") } }
            scheduler.advance(by: .milliseconds(50))
            every.cancel()
            return order.withLock { $0 } == ["interval", "once"]
        }
        let failure = try XCTUnwrap(result.failure, result.report)
        XCTAssertEqual(failure.deviations, ["at 100ms, ran the action scheduled #2 before the action scheduled #1 with schedule(after:interval:)"])
    }

    /// `debounce` schedules its one action with `schedule(after:interval:)`,
    /// every due time, in Apple's Combine and in OpenCombine alike
    /// (OpenCombine's `DebounceTests`, which also run against Apple's
    /// Combine, expect that call).
    func testADebouncesActionIsNotCalledRepeating() throws {
        let result = ScheduleExploration(schedules: 20, seed: 1).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let received = Locked<[Int]>([])
            let cancellable = subject.debounce(for: .milliseconds(100), scheduler: scheduler)
                .sink { value in received.withLock { $0.append(value) } }
            subject.send(1)
            scheduler.advance(by: .milliseconds(50))
            // Made at 50ms, due at 100ms with the debounce's action: they race.
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(50))) { subject.send(2) }
            scheduler.advance(by: .milliseconds(250))
            cancellable.cancel()
            return received.withLock { $0 } == [1, 2]
        }
        let failure = try XCTUnwrap(result.failure, result.report)
        XCTAssertEqual(failure.deviations, ["at 100ms, ran the action scheduled #2 before the action scheduled #1 with schedule(after:interval:)"])
        XCTAssertFalse(result.report.contains("repeating"), result.report)
    }

    func testAOneShotActionIsNamedByItsPlaceAlone() throws {
        let result = ScheduleExploration(schedules: 20, seed: 1).run { _ in tiedOrder(2) == [0, 1] }
        let failure = try XCTUnwrap(result.failure, result.report)
        XCTAssertEqual(failure.deviations, ["at 10ms, ran the action scheduled #2 before the action scheduled #1"])
    }
}
