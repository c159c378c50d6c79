import CombineProbe
import Foundation
import Testing
import XCTest

/// An object for leak checks.
final class Tracked: @unchecked Sendable {
    // @unchecked Sendable: `other` is only set by single-threaded tests, to
    // make a retain cycle on purpose.
    var other: Tracked?
}

/// `withLeakCheck`, `LeakTracker`, `TrackedPublisher`.
final class LeakTrackingTests: FailureCapturingTestCase {
    func testAReleasedObjectPasses() {
        let (failures, _) = captureFailures {
            withLeakCheck { leaks in
                leaks.track(Tracked())
            }
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testARetainCycleIsReportedAtTheTrackingLine() {
        let (failures, _) = captureFailures {
            withLeakCheck { _ in
                let object = Tracked()
                object.other = object
                CombineProbe.trackForLeaks(object)
            }
        }
        assertFailures(failures, ["Leak: Tracked (tracked at CombineProbeTests/LeakTrackingTests.swift:"], at: #line - 3)
    }

    func testInsideAnXCTestCaseTheTeardownFormIsChosen() {
        let (failures, _) = captureFailures {
            withLeakCheck { _ in
                // `self.trackForLeaks`: checked at teardown, and released by then.
                trackForLeaks(Tracked())
            }
        }
        XCTAssertEqual(failures.map(\.message), [])
    }

    func testTrackingOutsideAScopeFails() {
        let object = Tracked()
        let (failures, _) = captureFailures {
            CombineProbe.trackForLeaks(object)
        }
        assertFailures(failures, ["trackForLeaks(_:) needs a leak-check scope"], at: #line - 2)
    }

    func testXCTestTrackForLeaksPassesForAReleasedObject() {
        trackForLeaks(Tracked())
    }

    func testSubscriptionsThatEndPass() {
        let upstream = PassthroughSubject<Int, Never>().trackingSubscriptions()
        let recorder = upstream.map { $0 * 2 }.record()
        XCTAssertEqual(upstream.activeSubscriptionCount, 1)
        recorder.cancel()
        upstream.expectAllSubscriptionsEnded()
        XCTAssertEqual(upstream.subscriptionCount, 1)
        expectSubscriptionsEnded(of: upstream)
    }

    func testASubscriptionStillActiveIsReported() {
        let upstream = PassthroughSubject<Int, Never>().trackingSubscriptions()
        let recorder = upstream.record()
        let (failures, _) = captureFailures {
            withLeakCheck { leaks in
                leaks.expectSubscriptionsEnded(of: upstream)
            }
        }
        assertFailures(failures, ["At the end of the scope, 1 of 1 subscription to the tracked publisher is still active"], at: #line - 3)
        recorder.cancel()
    }
}

/// The leak check at teardown, in XCTest: its failure is recorded after the
/// test method returns, so this class captures from the test to tearDown.
final class XCTestLeakTeardownTests: FailureCapturingTestCase {
    private var leaked: Tracked?
    private var expectedLine: Int?
    private var pending: (() -> [CapturedFailure])?

    func testALeakIsReportedAtTeardown() {
        let object = Tracked()
        object.other = object
        leaked = object
        pending = startCapturingUntilTearDown()
        trackForLeaks(object); expectedLine = #line
    }

    override func tearDown() {
        if let pending, let expectedLine {
            let failures = pending()
            assertFailures(failures, ["Leak: Tracked (tracked at CombineProbeTests/LeakTrackingTests.swift:"], at: expectedLine)
            leaked?.other = nil
        }
        super.tearDown()
    }
}

@Suite struct LeakCheckSwiftTests {
    @Test("A retain cycle is an issue (fails on purpose)", .tags(.failurePath)) func aRetainCycleIsAnIssue() async {
        _ = await expectIssues(["Leak: Tracked"], atLine: #line + 4) {
            withLeakCheck { _ in
                let object = Tracked()
                object.other = object
                trackForLeaks(object)
            }
        }
    }

    @Test func asyncScopePasses() async {
        await withLeakCheck { leaks in
            leaks.track(Tracked())
            await Task.yield()
        }
    }

    #if compiler(>=6.1)
    @Test(.checksForLeaks) func traitPassesForAReleasedObject() {
        trackForLeaks(Tracked())
    }
    #endif
}
