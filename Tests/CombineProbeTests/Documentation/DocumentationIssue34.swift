// The examples of issue 34 (A6, group C): Documentation/Pitfalls.md,
// "Synchronous @MainActor XCTest tests on Linux"; the examples of
// GettingStarted.md, TestDoubles.md and TestingTime.md it added.
import CombineProbe
import Foundation
import Testing
import XCTest

// This class compiling and running on Linux is the test: with a
// synchronous test that throws, the whole test target would stop before any
// test runs.
@MainActor
final class BadgeTests: XCTestCase {
    // async: on Linux, a synchronous @MainActor test can stop the
    // whole test process before any test runs.
    func testTheBadgeStartsEmpty() async throws {
        let badge = CurrentValueSubject<Int, Never>(0)
        XCTAssertEqual(try badge.record().next().get(), 0)
    }

    func testTheBadgeCountsUp() async throws {
        let badge = CurrentValueSubject<Int, Never>(0)
        let recorder = badge.record()
        badge.value = 1
        let values = try await wait(for: recorder.next(2), timeout: 1)
        XCTAssertEqual(values, [0, 1])
    }
}
