import CombineProbe
import Foundation
import Testing
import XCTest

/// `record(demand:)`: demand under the test's control, the ledger, and the
/// violations it reports.
final class DemandRecorderTests: FailureCapturingTestCase {
    func testInitialDemandAndRequests() {
        let recorder = [1, 2, 3].publisher.record(demand: .max(1))
        XCTAssertEqual(recorder.events, [.value(1)])
        XCTAssertEqual(recorder.outstandingDemand, .none)
        recorder.request(.max(1))
        XCTAssertEqual(recorder.events, [.value(1), .value(2)])
        recorder.request(.unlimited)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
        XCTAssertEqual(recorder.demandLedger.map(\.description), [
            "initial demand .max(1) → outstanding .max(1)",
            "request(.max(1)) after 1 value → outstanding .max(1)",
            "request(.unlimited) after 2 values → outstanding .unlimited",
        ])
    }

    func testNoDemandReceivesNothing() {
        let recorder = [1, 2].publisher.record(demand: .none)
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(recorder.demandLedger.map(\.kind), [.initial])
    }

    func testDemandPerValue() {
        let recorder = [1, 2, 3].publisher.record(demand: .max(1), demandPerValue: .max(1))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
        XCTAssertEqual(recorder.demandLedger.map(\.kind), [.initial, .returned, .returned, .returned])
    }

    func testTimedLedger() {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record(demand: .none, timedBy: scheduler)
        scheduler.advance(by: .seconds(2))
        recorder.request(.max(1))
        XCTAssertEqual(recorder.demandLedger.last?.description, "request(.max(1)) after 0 values → outstanding .max(1) at 2s")
    }

    func testOverDeliveryIsReportedAtTheRecordLineAndRecorded() {
        let publisher = FaultyPublisher(.ignoresDemand, values: [7, 8])
        let (failures, _) = captureFailures {
            let recorder = publisher.record(demand: .max(1)); let line = #line
            publisher.drive()
            XCTAssertEqual(recorder.events, [.value(7), .value(8), .finished], "nothing lost")
            return line
        }
        assertFailures(failures, ["Publisher recorder got a value beyond demand: 8"], at: #line - 5)
        XCTAssertTrue(failures.first?.message.contains(
            "Demand ledger: initial demand .max(1) → outstanding .max(1); value #2 (8) beyond demand") == true,
            "\(failures)")
    }

    func testValuesAfterCancelAreToleratedUpToTheOutstandingDemand() {
        let publisher = FaultyPublisher(.keepsSendingAfterCancel, values: [1, 2, 3])
        let (failures, _) = captureFailures {
            let recorder = publisher.record(demand: .max(2))
            recorder.cancel()
            publisher.drive()
            XCTAssertEqual(recorder.events, [])
            XCTAssertEqual(recorder.demandLedger.map(\.kind), [
                .initial, .cancelled, .valueInFlightAfterCancel, .valueInFlightAfterCancel, .valueAfterCancel,
                .completionAfterCancel,
            ])
        }
        assertFailures(failures, ["Publisher recorder got a value after cancel, beyond the demand outstanding at cancel: 3"], at: #line - 9)
    }

    func testRequestNoneFailsAtTheCallerLine() {
        let recorder = [1].publisher.record(demand: .none)
        let (failures, _) = captureFailures { recorder.request(.none) }
        assertFailures(failures, ["recorder.request(.none): Combine requires a positive demand"], at: #line - 1)
        XCTAssertEqual(recorder.events, [])
    }

    func testRequestOnAnUnlimitedRecorderFails() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let (failures, _) = captureFailures { recorder.request(.max(1)) }
        assertFailures(failures, ["recorder.request(.max(1)): this recorder already requested unlimited demand"], at: #line - 1)
    }

    func testSubscriptionReleased() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.map { $0 * 2 }.record()
        let (failures, _) = captureFailures { recorder.expectSubscriptionReleased() }
        assertFailures(failures, ["recorder.expectSubscriptionReleased(): the recorder is still subscribed"], at: #line - 1)
        recorder.cancel()
        recorder.expectSubscriptionReleased()
    }

    func testRetainedSubscriptionIsReported() {
        let publisher = FaultyPublisher(.retainsSubscriber)
        let recorder = publisher.record()
        publisher.drive()
        let (failures, _) = captureFailures { recorder.expectSubscriptionReleased() }
        assertFailures(failures, ["recorder.expectSubscriptionReleased(): the subscription (FaultySubscription) is still alive after the publisher completed"], at: #line - 1)
    }
}

@Suite struct DemandRecorderSwiftTests {
    @Test("An over-delivery is an issue at the record line (fails on purpose)", .tags(.failurePath))
    func overDeliveryIsAnIssueAtTheRecordLine() async {
        let publisher = FaultyPublisher(.ignoresDemand, values: [7, 8])
        _ = await expectIssues(["Publisher recorder got a value beyond demand: 8"], atLine: #line + 2) {
            let recorder = publisher
                .record(demand: .max(1))
            publisher.drive()
            #expect(recorder.events == [.value(7), .value(8), .finished])
        }
    }

    @Test func requestAddsDemand() {
        let recorder = [1, 2, 3].publisher.record(demand: .none)
        recorder.request(.max(2))
        #expect(recorder.events == [.value(1), .value(2)])
    }
}
