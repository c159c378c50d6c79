import AppCore
import CombineProbe
import Foundation
import Testing
import XCTest

// An AsyncStream fed by delegate callbacks, recorded like a publisher: no
// for-await loop, nothing lost, and releasing the recorder stops the monitor.

final class ConnectivityMonitorTests: ExampleTestCase {
    func testChangesArriveInOrder() throws {
        let monitor = ConnectivityMonitor()
        let recorder = monitor.updates.record()
        monitor.pathDidChange(to: .wifi)
        monitor.pathDidChange(to: .offline)
        XCTAssertEqual(try wait(for: recorder.next(2), timeout: 1), [.wifi, .offline])
        monitor.stop()
        try wait(for: recorder.finished, timeout: 1)
    }

    func testReleasingTheRecorderStopsTheMonitor() {
        let stopped = expectation(description: "stopped")
        let monitor = ConnectivityMonitor(onStop: { stopped.fulfill() })
        do {
            let recorder = monitor.updates.record()
            monitor.pathDidChange(to: .cellular)
            XCTAssertEqual(try wait(for: recorder.next(), timeout: 1), .cellular)
        }
        wait(for: [stopped], timeout: 1)
    }
}

@Suite struct ConnectivityMonitorSwiftTests {
    @Test func aBurstOfChangesLosesNothing() async throws {
        let monitor = ConnectivityMonitor()
        let recorder = monitor.updates.record()
        for _ in 0..<1_000 { monitor.pathDidChange(to: .cellular) }
        monitor.stop()
        let updates = try await wait(for: recorder.elements, timeout: 1)
        #expect(updates.count == 1_000)
    }
}
