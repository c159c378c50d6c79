@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A timer whose consumer stopped iterating ends at its next tick, even
/// while the test still holds the sequence (swift-clocks' and
/// combine-schedulers' tests hold it): `run()` ends there, not at its
/// horizon.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TimerConsumerStopped {
    /// Ticks seen, and the virtual time `run()` ended at.
    static func run(isolation: isolated (any Actor)? = #isolation) async -> (ticks: Int, endedAt: VirtualTime) {
        let scheduler = DispatchQueue.virtualScheduler()
        let timer = scheduler.timer(interval: .seconds(1)) // held until the end
        let task = Task(executorPreference: scheduler.executor) { () -> Int in
            var ticks = 0
            for await _ in timer.prefix(3) { ticks += 1 }
            return ticks
        }
        await scheduler.run()
        let ticks = await task.value
        withExtendedLifetime(timer) {}
        return (ticks, scheduler.elapsed)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class TimerConsumerStoppedTests: FailureCapturingTestCase {
    func testAStoppedConsumersTimerEndsWhileTheTestHoldsIt() async {
        let (failures, result) = await captureFailures { await TimerConsumerStopped.run() }
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(try result.get().ticks, 3)
        XCTAssertEqual(try result.get().endedAt, .seconds(4), "the schedule ends at the first tick after the consumer stopped")
    }
}

@Suite struct TimerConsumerStoppedSwiftTests {
    @Test func aStoppedConsumersTimerEndsWhileTheTestHoldsIt() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (ticks, endedAt) = await TimerConsumerStopped.run()
        #expect(ticks == 3)
        #expect(endedAt == .seconds(4))
    }

    @MainActor @Test func fromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (ticks, endedAt) = await TimerConsumerStopped.run()
        #expect(ticks == 3)
        #expect(endedAt == .seconds(4))
    }
}
