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

    /// Issue 29, item 12: the initial entry of a timed ledger has its time.
    func testTimedLedgerStampsTheInitialDemand() {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.advance(by: .seconds(1))
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record(demand: .max(1), timedBy: scheduler)
        XCTAssertEqual(recorder.demandLedger.map(\.description), ["initial demand .max(1) → outstanding .max(1) at 1s"])
        XCTAssertEqual(recorder.demandLedger.first?.time, .seconds(1))
    }

    /// A recorder made with `record(demand: .unlimited)` keeps a ledger too.
    func testUnlimitedInitialDemandIsWrittenInTheLedger() {
        let recorder = [1, 2].publisher.record(demand: .unlimited)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .finished])
        XCTAssertEqual(recorder.demandLedger.map(\.description), ["initial demand .unlimited → outstanding .unlimited"])
    }

    /// Issue 29, item 11: after unlimited demand, `request(_:)` fails at its
    /// line and forwards nothing.
    func testRequestAfterUnlimitedInitialDemandFailsAndRequestsNothing() {
        var requests: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.handleEvents(receiveRequest: { requests.append($0) }).record(demand: .unlimited)
        let (failures, _) = captureFailures { recorder.request(.max(1)) }
        assertFailures(failures, [
            "recorder.request(.max(1)): this recorder already requested unlimited demand, which no request can raise. "
                + "Nothing was requested. Demand ledger: initial demand .unlimited → outstanding .unlimited.",
        ], at: #line - 4)
        XCTAssertEqual(requests, [.unlimited])
        XCTAssertEqual(recorder.demandLedger.map(\.kind), [.initial])
    }

    func testRequestAfterARequestForUnlimitedDemandFailsAndRequestsNothing() {
        var requests: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.handleEvents(receiveRequest: { requests.append($0) }).record(demand: .max(1))
        recorder.request(.unlimited)
        let (failures, _) = captureFailures {
            recorder.request(.max(1))
            recorder.request(.unlimited)
        }
        XCTAssertEqual(failures.map(\.message), [
            "recorder.request(.max(1)): this recorder already requested unlimited demand, which no request can raise. "
                + "Nothing was requested. Demand ledger: initial demand .max(1) → outstanding .max(1); "
                + "request(.unlimited) after 0 values → outstanding .unlimited.",
            "recorder.request(.unlimited): this recorder already requested unlimited demand, which no request can raise. "
                + "Nothing was requested. Demand ledger: initial demand .max(1) → outstanding .max(1); "
                + "request(.unlimited) after 0 values → outstanding .unlimited.",
        ])
        XCTAssertEqual(failures.map(\.line), [#line - 11, #line - 10])
        XCTAssertEqual(requests, [.max(1), .unlimited])
        XCTAssertEqual(recorder.demandLedger.map(\.kind), [.initial, .requested])
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

    /// Values beyond demand in a row are one failure that counts them, with
    /// the ledger once (issue 42, G.27: six failures before, each quoting
    /// the growing ledger).
    func testValuesBeyondDemandInARowAreOneFailureThatCountsThem() {
        let publisher = FaultyPublisher(.ignoresDemand, values: Array(1...7))
        let (failures, line) = captureFailures { () -> Int in
            let recorder = publisher.record(demand: .max(1)); let line = #line
            publisher.drive()
            XCTAssertEqual(recorder.events.count, 8, "nothing lost")
            return line
        }
        assertFailures(failures, ["Publisher recorder got 6 values beyond demand: 2, 3, 4, 5, 6, 7 (recorder created at"], at: (try? line.get()) ?? -1)
        XCTAssertTrue(failures.first?.message.contains("The values were recorded all the same.") == true, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains("value #7 (7) beyond demand") == true, "\(failures)")
    }

    /// A burst with no event after it (a subject that goes on) is reported
    /// by the test's next read of the recorder.
    func testABurstWithNothingAfterItIsReportedByTheNextRead() {
        // A publisher that never completes; the values come as a faulty
        // publisher would send them, straight to the subscriber.
        let recorder = Empty<Int, Never>(completeImmediately: false).record(demand: .none); let line = #line
        let (failures, _) = captureFailures {
            _ = recorder.receive(1)
            _ = recorder.receive(2)
            _ = recorder.events
        }
        assertFailures(failures, ["Publisher recorder got 2 values beyond demand: 1, 2"], at: line)
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

    @Test("Values beyond demand in a row are one issue that counts them (fails on purpose)", .tags(.failurePath))
    func valuesBeyondDemandInARowAreOneIssue() async {
        let publisher = FaultyPublisher(.ignoresDemand, values: Array(1...7))
        _ = await expectIssues(["Publisher recorder got 6 values beyond demand: 2, 3, 4, 5, 6, 7"], atLine: #line + 1) {
            let recorder = publisher.record(demand: .max(1))
            publisher.drive()
            #expect(recorder.events.count == 8)
        }
    }

    @Test("A request after unlimited demand is an issue at its line, and requests nothing (fails on purpose)", .tags(.failurePath))
    func requestAfterUnlimitedDemandIsAnIssueAtItsLine() async {
        var requests: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.handleEvents(receiveRequest: { requests.append($0) }).record(demand: .none)
        recorder.request(.unlimited)
        _ = await expectIssues([
            "recorder.request(.max(2)): this recorder already requested unlimited demand, which no request can raise. "
                + "Nothing was requested. Demand ledger: initial demand .none → outstanding .none; "
                + "request(.unlimited) after 0 values → outstanding .unlimited.",
        ], atLine: #line + 2) {
            recorder
                .request(.max(2))
        }
        #expect(requests == [.unlimited])
    }

    @Test func requestAddsDemand() {
        let recorder = [1, 2, 3].publisher.record(demand: .none)
        recorder.request(.max(2))
        #expect(recorder.events == [.value(1), .value(2)])
    }
}
