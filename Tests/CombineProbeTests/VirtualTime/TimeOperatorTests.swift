import CombineProbe
import Foundation
import Testing
import XCTest

/// Every time-based scenario, in XCTest, synchronously and with `async`.
final class TimeOperatorXCTests: XCTestCase {
    private func check(_ name: String, line: UInt = #line) throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let run = TimeScenario.named(name).build(scheduler)
        try run.waitSync()
        let (recorded, expected) = run.timelines()
        XCTAssertEqual(recorded, expected, name, line: line)
    }

    private func checkAsync(_ name: String, line: UInt = #line) async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let run = TimeScenario.named(name).build(scheduler)
        try await run.waitAsync()
        let (recorded, expected) = run.timelines()
        XCTAssertEqual(recorded, expected, name, line: line)
    }

    func testEveryScenarioSynchronously() throws {
        XCTAssertGreaterThanOrEqual(TimeScenario.names.count, 11)
        for name in TimeScenario.names { try check(name) }
    }

    func testEveryScenarioAsynchronously() async throws {
        for name in TimeScenario.names { try await checkAsync(name) }
    }

    func testDebounce() throws { try check("debounce: three keystrokes 100 ms apart") }
    func testThrottleLatest() throws { try check("throttle, latest") }
    func testThrottleFirst() throws { try check("throttle, first") }
    func testDelay() throws { try check("delay") }
    func testTimeout() async throws { try await checkAsync("timeout, finishing") }
    func testTimeoutWithCustomError() async throws { try await checkAsync("timeout, with a custom error") }
    func testMeasureInterval() throws { try check("measureInterval") }
    func testRepeatingSchedule() throws { try check("a repeating schedule: a heartbeat every second") }
    func testRetryAfterDelay() async throws { try await checkAsync("retry after a delay") }
    func testReceiveOn() throws { try check("receive(on:)") }
    func testSubscribeOn() throws { try check("subscribe(on:)") }
}

/// Every time-based scenario, in Swift Testing, synchronously and with
/// `async`.
@Suite struct TimeOperatorSwiftTests {
    @Test(arguments: TimeScenario.names)
    func synchronously(_ name: String) throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let run = TimeScenario.named(name).build(scheduler)
        try run.waitSync()
        let (recorded, expected) = run.timelines()
        #expect(recorded == expected)
    }

    @Test(arguments: TimeScenario.names)
    func asynchronously(_ name: String) async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let run = TimeScenario.named(name).build(scheduler)
        try await run.waitAsync()
        let (recorded, expected) = run.timelines()
        #expect(recorded == expected)
    }
}
