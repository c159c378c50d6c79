import Foundation
import AppCore
import CombineProbe
import Testing
import XCTest

// A custom operator, `retry(_:after:scheduler:)`, tested the way a library
// tests the publishers it writes: demand under the test's control,
// cancellation, subscriptions that end, nothing leaked, and the ready-made
// contract check. All in virtual time.

/// Counts from any thread: how many times the upstream was subscribed.
// @unchecked Sendable: `count` is only reached under `lock`.
final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func next() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
}

/// A publisher that fails `failures` times, then sends 1, 2, 3.
func flaky(failures: Int, attempts: Attempts) -> AnyPublisher<Int, SyncError> {
    Deferred {
        attempts.next() <= failures
            ? Fail(error: SyncError.offline).eraseToAnyPublisher()
            : [1, 2, 3].publisher.setFailureType(to: SyncError.self).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
}

final class RetryAfterTests: ExampleTestCase {
    let scheduler = DispatchQueue.virtualScheduler()

    func testRetriedUpstreamStillGetsOnlyTheDemand() {
        let attempts = Attempts()
        let recorder = flaky(failures: 1, attempts: attempts)
            .retry(2, after: .seconds(2), scheduler: scheduler)
            .record(demand: .max(1), timedBy: scheduler)
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(recorder.events, [.value(1)])
        recorder.request(.max(2))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
        XCTAssertEqual(recorder.demandLedger.map(\.description), [
            "initial demand .max(1) → outstanding .max(1) at 0s",
            "request(.max(2)) after 1 value → outstanding .max(2) at 2s",
        ])
    }

    func testCancellingDuringTheDelayCancelsEverything() {
        let attempts = Attempts()
        let upstream = flaky(failures: 1, attempts: attempts).trackingSubscriptions()
        let recorder = upstream
            .retry(2, after: .seconds(2), scheduler: scheduler)
            .record(demand: .max(1), timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        recorder.cancel()
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(attempts.value, 1, "no retry after cancel")
        upstream.expectAllSubscriptionsEnded()
        recorder.expectSubscriptionReleased()
    }

    func testTheOperatorKeepsCombinesContract() {
        let scheduler = scheduler
        assertPublisherContract {
            let attempts = Attempts()
            return PublisherUnderTest(flaky(failures: 2, attempts: attempts).retry(2, after: .seconds(2), scheduler: scheduler)) {
                scheduler.advance(by: .seconds(10))
            }
        }
    }

    func testNothingLeaks() {
        let recorder = flaky(failures: 1, attempts: Attempts())
            .retry(1, after: .seconds(2), scheduler: scheduler)
            .record(timedBy: scheduler)
        trackForLeaks(recorder)
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
        recorder.expectSubscriptionReleased()
    }
}

@Suite struct RetryAfterSwiftTests {
    @Test func cancellingDuringTheDelayCancelsEverything() {
        let scheduler = DispatchQueue.virtualScheduler()
        let attempts = Attempts()
        withLeakCheck { leaks in
            let upstream = flaky(failures: 1, attempts: attempts).trackingSubscriptions()
            let recorder = upstream
                .retry(2, after: .seconds(2), scheduler: scheduler)
                .record(demand: .max(1), timedBy: scheduler)
            leaks.track(recorder)
            leaks.expectSubscriptionsEnded(of: upstream)
            scheduler.advance(by: .seconds(1))
            recorder.cancel()
            scheduler.advance(by: .seconds(5))
            #expect(recorder.events == [])
            #expect(attempts.value == 1)
        }
    }
}
