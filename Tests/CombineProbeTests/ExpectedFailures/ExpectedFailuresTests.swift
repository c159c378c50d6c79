import CombineProbe
import Foundation
import XCTest

/// XCTExpectFailures: what it captures, where, and its strictness; and one
/// problem, one failure for an exhaustive recorder whose wait timed out.
final class ExpectedFailuresTests: FailureCapturingTestCase {
    func testItCapturesTheFailuresCombineProbeReports() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let line = #line + 2
        let failures = XCTExpectFailures {
            _ = try? wait(for: recorder.next(), timeout: shortTimeout)
            XCTAssertRecordedValues(recorder, [1])
        }
        XCTAssertEqual(failures.map(\.line), [line, line + 1])
        XCTAssertEqual(failures.first?.fileID, "CombineProbeTests/ExpectedFailuresTests.swift")
        XCTAssertEqual(failures.first?.message,
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: recorder.next(), "
                + "which waits for one more element. Recorded so far: no element, not completed.")
        XCTAssertTrue(failures.last?.message.hasPrefix("XCTAssertRecordedValues failed\n") == true, "\(failures)")
    }

    func testItCapturesInAsyncCode() async {
        let recorder = PassthroughSubject<Int, Never>().record()
        let failures = await XCTExpectFailures {
            _ = try? await wait(for: recorder.next(), timeout: shortTimeout)
        }
        XCTAssertEqual(failures.count, 1)
    }

    func testAStrictScopeThatCapturesNothingFailsAtItsLine() {
        let line = #line + 1
        let (failures, _) = captureFailures { XCTExpectFailures {} }
        assertFailures(failures, [
            "XCTExpectFailures: expected CombineProbe to report a failure inside the closure; it reported none.",
        ], at: line)
        let (lenient, _) = captureFailures { XCTExpectFailures(strict: false) {} }
        XCTAssertEqual(lenient.count, 0)
    }

    func testATimedOutWaitOnAnExhaustiveRecorderIsOneFailure() {
        let subject = PassthroughSubject<Int, Never>()
        let line = #line + 1
        var recorder: Recorder<Int, Never>? = subject.record(exhaustive: true)
        subject.send(1)
        let (failures, _) = captureFailures {
            _ = try wait(for: recorder!.next(2), timeout: shortTimeout)
            recorder = nil
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.message.hasPrefix("Asynchronous wait failed") == true, "\(failures)")
        XCTAssertNotEqual(failures.first?.line, line, "the wait's failure, at the wait's line")
    }

    func testAnEventAfterTheFailedWaitIsStillReported() {
        let subject = PassthroughSubject<Int, Never>()
        var recorder: Recorder<Int, Never>? = subject.record(exhaustive: true)
        subject.send(1)
        let (failures, _) = captureFailures {
            _ = try? wait(for: recorder!.next(2), timeout: shortTimeout)
            subject.send(2)
            recorder = nil
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(failures.last?.message.contains("with 1 unconsumed event [2].") == true, "\(failures)")
    }
}
