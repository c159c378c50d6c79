@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// combine-schedulers' `testAsyncRun`, ported by the migration rows alone
/// (`withMainSerialExecutor` → `ProbeSettings.withOverrides(.init(joinsTasks:
/// true))`, `DispatchQueue.test` → `DispatchQueue.virtualScheduler()`), with
/// its plain `Task { }` kept: the task's timer is made while `run()` may be
/// under way, and the test awaits the task after `run()` returns. It must
/// end every time, never hang.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum PortedAsyncRun {
    static func count(isolation: isolated (any Actor)? = #isolation) async -> Int {
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) { () async -> Int in
            let testScheduler = DispatchQueue.virtualScheduler()
            let task = Task {
                await testScheduler.timer(interval: .seconds(1))
                    .prefix(10)
                    .reduce(into: 0) { @Sendable accum, _ in accum += 1 }
            }
            await testScheduler.run()
            return await task.value
        }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class PortedAsyncRunTests: XCTestCase {
    func testAsyncRun() async {
        let count = await PortedAsyncRun.count()
        XCTAssertEqual(count, 10)
    }

    @MainActor
    func testAsyncRunFromTheMainActor() async {
        let count = await PortedAsyncRun.count()
        XCTAssertEqual(count, 10)
    }
}

@Suite struct PortedAsyncRunSwiftTests {
    @Test func asyncRun() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await PortedAsyncRun.count() == 10)
    }

    @MainActor @Test func asyncRunFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await PortedAsyncRun.count() == 10)
    }
}
