@testable import CombineProbe
import Foundation
import XCTest

/// The joining door's table of worlds forgets the worlds that ended, so
/// that a long exploration (every schedule makes a world) neither grows it
/// nor pays for it at each new world (see `TaskJoining.register`).
///
/// XCTest only: the table is the process's, and Swift Testing's parallel
/// tests make worlds meanwhile.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class WorldTableTests: XCTestCase {
    func testWorldsThatEndedAreForgotten() {
        // A world lives until its scheduler and its timers let it go (up to
        // the hold limit of real time): how many live at once depends on
        // the machine's speed (some 400 under ThreadSanitizer). What must
        // hold whatever the speed: the table never holds more than twice
        // the most worlds that lived at once, give or take the few one
        // round makes, however many ended; until its first look here, the
        // room the tests before left it.
        let before = TaskJoining.worldCounts
        var mostLive = before.live
        var mostHeld = 0
        for _ in 0..<300 {
            let result = ScheduleExploration(schedules: 10, seed: 1).run { _ in
                let scheduler = DispatchQueue.virtualScheduler()
                // A schedule's world enters the table with its executor,
                // made when asked for (a schedule of Combine code alone
                // makes none: see JoiningWorldExecutorTests).
                _ = scheduler.executor
                return debouncedQueryElements(on: scheduler) == [1]
            }
            XCTAssertNil(result.failure)
            let now = TaskJoining.worldCounts
            mostLive = max(mostLive, now.live)
            mostHeld = max(mostHeld, now.held)
        }
        // 300 worlds were made (one per exploration: its one schedule), and
        // more by the tests before.
        let bound = max(16, before.pruneAt, 2 * (mostLive + 10)) + 1
        XCTAssertLessThanOrEqual(mostHeld, bound, "most held \(mostHeld), most live \(mostLive), room before \(before.pruneAt)")
    }
}
