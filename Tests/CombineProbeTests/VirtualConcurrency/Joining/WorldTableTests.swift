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
        for _ in 0..<300 {
            let result = ScheduleExploration(schedules: 10, seed: 1).run { _ in
                let scheduler = DispatchQueue.virtualScheduler()
                let query = PassthroughSubject<Int, Never>()
                let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler).record()
                query.send(1)
                scheduler.advance(by: .seconds(1))
                return ((try? recorder.availableElements.get()) ?? []) == [1]
            }
            XCTAssertNil(result.failure)
        }
        let (held, live) = TaskJoining.worldCounts
        // 300 worlds were made; the table prunes once it holds twice as
        // many as lived at its last look (at least 16).
        XCTAssertLessThanOrEqual(held, max(16, 2 * live) + 16, "held \(held), live \(live)")
    }
}
