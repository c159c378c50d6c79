import CombineProbe
import Foundation
import Testing
import XCTest

/// An object of the leak-check examples.
final class CartViewModel: Sendable {}

/// The examples of Documentation/TestingPublishersYouWrite.md, verbatim.
final class DocumentationContracts: FailureCapturingTestCase {
    func testDemandUnderControl() {
        let recorder = [1, 2, 3].publisher.record(demand: .max(1))
        XCTAssertEqual(recorder.events, [.value(1)])
        recorder.request(.max(2))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
        XCTAssertEqual(recorder.demandLedger.map(\.description), [
            "initial demand .max(1) → outstanding .max(1)",
            "request(.max(2)) after 1 value → outstanding .max(2)",
        ])
    }

    func testDemandPerValue() {
        let recorder = [1, 2, 3].publisher.record(demand: .max(1), demandPerValue: .max(1))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3), .finished])
    }

    func testOverDelivery() {
        let greedy = FaultyPublisher(.ignoresDemand, values: [7, 8])
        let (failures, _) = captureFailures {
            let recorder = greedy.record(demand: .max(1))
            greedy.drive()
            XCTAssertEqual(recorder.events, [.value(7), .value(8), .finished])
        }
        XCTAssertEqual(failures.count, 1)
    }

    func testCancel() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.map { $0 * 2 }.record(demand: .max(2))
        subject.send(1)
        recorder.cancel()
        subject.send(2)
        XCTAssertEqual(recorder.events, [.value(2)])
        recorder.expectSubscriptionReleased()
    }

    func testTrackedUpstream() {
        let upstream = PassthroughSubject<Int, Never>().trackingSubscriptions()
        let recorder = upstream.map { $0 * 2 }.record()
        recorder.cancel()
        upstream.expectAllSubscriptionsEnded()
    }

    func testViewModelIsReleased() {
        let viewModel = CartViewModel()
        trackForLeaks(viewModel)
    }

    func testContract() {
        assertPublisherContract(of: [1, 2, 3].publisher.map { $0 * 2 })
        assertPublisherContract {
            let subject = PassthroughSubject<Int, Never>()
            return PublisherUnderTest(subject.map { $0 * 2 }) {
                subject.send(1)
                subject.send(2)
                subject.send(completion: .finished)
            }
        }
    }

    func testContractInVirtualTime() {
        assertPublisherContract {
            let scheduler = DispatchQueue.virtualScheduler()
            let subject = PassthroughSubject<Int, Never>()
            return PublisherUnderTest(subject.delay(for: .seconds(1), scheduler: scheduler)) {
                subject.send(1)
                subject.send(completion: .finished)
                scheduler.advance(by: .seconds(1))
            }
        }
    }

    func testBrokenRule() {
        let (failures, _) = captureFailures {
            assertPublisherContract { FaultyPublisher(.completesTwice).underTest }
        }
        XCTAssertEqual(failures.count, 1)
    }
}

@Suite struct DocumentationLeakChecks {
    @Test func viewModelIsReleasedWithoutTraits() {
        withLeakCheck { leaks in
            let viewModel = CartViewModel()
            leaks.track(viewModel)
        }
    }

    #if compiler(>=6.1)
    @Test(.checksForLeaks) func viewModelIsReleased() {
        let viewModel = CartViewModel()
        trackForLeaks(viewModel)
    }
    #endif
}
