import CombineProbe
import Foundation
import Testing
import XCTest

// The timer examples of Documentation/TestingTime.md ("Timers on the
// injected scheduler") and Documentation/Pitfalls.md ("The main run loop
// under Swift Testing on Linux"), verbatim.

/// Production code of the guide: a feed that polls on the injected
/// scheduler's timer.
struct StatusPoller<S: Scheduler> {
    let scheduler: S
    let load: () -> AnyPublisher<String, Never>

    var statuses: AnyPublisher<String, Never> {
        scheduler.publishTimer(every: .seconds(30))
            .autoconnect()
            .flatMap { _ in load() }
            .eraseToAnyPublisher()
    }
}

final class DocumentationTimerPublisherXCTests: XCTestCase {
    func testThePollerAsksEveryThirtySeconds() {
        let scheduler = DispatchQueue.virtualScheduler()
        let poller = StatusPoller(scheduler: scheduler, load: { Just("up").eraseToAnyPublisher() })
        let recorder = poller.statuses.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(90))
        XCTAssertRecordedTimeline(recorder, [
            .value("up", at: .seconds(30)),
            .value("up", at: .seconds(60)),
            .value("up", at: .seconds(90)),
        ])
    }

    func testTheTimerStopsWithItsSubscriber() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.publishTimer(every: .seconds(1)).autoconnect().record()
        XCTAssertEqual(try scheduler.wait(for: recorder.next(3), timeout: .seconds(10)).count, 3)
        XCTAssertEqual(scheduler.elapsed, .seconds(3))
        recorder.cancel()
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }
}

@Suite struct DocumentationTimerPublisherSwiftTests {
    @Test func ticksOfTheMainQueue() async throws {
        let recorder = DispatchQueue.main.publishTimer(every: .milliseconds(10)).autoconnect().record()
        #expect(try await wait(for: recorder.next(2), timeout: 5).count == 2)
    }
}
