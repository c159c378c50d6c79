import CombineProbe
import Foundation
import XCTest

/// The recorded-values and recorded-events assertions that wait in virtual
/// time, and the hint of the real-time ones on a timed recorder.
final class VirtualTimeAssertionsTests: FailureCapturingTestCase {
    let scheduler = DispatchQueue.virtualScheduler()

    private func delayed(_ values: [Int]) -> AnyPublisher<Int, Never> {
        values.publisher
            .flatMap(maxPublishers: .max(1)) { Just($0).delay(for: .seconds(1), scheduler: self.scheduler) }
            .eraseToAnyPublisher()
    }

    func testTheAssertionsWaitInVirtualTime() {
        let values = delayed([1, 2]).record()
        XCTAssertRecordedValues(values, [1, 2], timeout: .seconds(5), scheduler: scheduler)
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
        let events = delayed([3]).record()
        XCTAssertRecordedEvents(events, [.value(3), .finished], timeout: .seconds(5), scheduler: scheduler)
    }

    func testAShortfallSaysHowMuchVirtualTimeItWaited() {
        let recorder = delayed([1, 2]).record()
        let line = #line + 1
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1, 2], timeout: .milliseconds(1500), scheduler: scheduler) }
        assertFailures(failures, [
            "XCTAssertRecordedValues failed: waited 1.5s of virtual time for 2 values, received only 1: [1]\n",
        ], at: line)
        XCTAssertEqual(scheduler.elapsed, .milliseconds(1500))
    }

    func testARealTimeWaitOnATimedRecorderSaysToPassTheScheduler() {
        let recorder = delayed([1]).record(timedBy: scheduler)
        let line = #line + 1
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1], timeout: shortTimeout) }
        assertFailures(failures, [
            "XCTAssertRecordedValues failed: waited 0.05 seconds for 1 value, received only 0: []. "
                + "This recorder is timed by a virtual scheduler: pass `scheduler:` to wait in virtual time\n",
        ], at: line)
    }

    func testARealTimeWaitForAnExpectationOnATimedRecorderSaysToWaitInVirtualTime() {
        let recorder = delayed([1]).record(timedBy: scheduler)
        let line = #line + 1
        let (failures, _) = captureFailures { try wait(for: recorder.next(), timeout: shortTimeout) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.hasSuffix(
            "(This recorder is timed by a virtual scheduler: real time does not move it; "
                + "wait with `scheduler.wait(for:timeout:)`, in virtual time.)") == true, "\(failures)")
    }
}
