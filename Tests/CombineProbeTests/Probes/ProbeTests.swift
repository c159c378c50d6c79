import CombineProbe
import Foundation
import XCTest

/// A recorder fed by callbacks: values, completions, completion handlers, the
/// expectations and waits, and a misuse.
final class ProbeTests: FailureCapturingTestCase {
    func testACallbackFeedsEveryExpectation() throws {
        let probe = Probe<Int, Never>()
        let callback = probe.callback
        DispatchQueue.global().async {
            callback(1)
            callback(2)
            callback(3)
        }
        XCTAssertEqual(try wait(for: probe.next(), timeout: longTimeout), 1)
        XCTAssertEqual(try wait(for: probe.next(where: { $0 > 2 }), timeout: longTimeout), 3)
        XCTAssertEqual(try probe.availableElements.get(), [1, 2, 3])
        probe.finish()
        XCTAssertNoThrow(try probe.finished.get())
        XCTAssertEqual(try probe.recorder.prefix(2).get(), [1, 2])
    }

    func testACompletionHandler() throws {
        let success = Probe<String, TestFailure>()
        success.completionHandler(.success("done"))
        XCTAssertEqual(try success.single.get(), "done")
        let failure = Probe<String, TestFailure>()
        failure.completionHandler(.failure(TestFailure()))
        XCTAssertEqual(try failure.failure.get(), TestFailure())
    }

    func testWaitingInVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let probe = Probe<Int, Never>()
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { probe.send(7) }
        XCTAssertEqual(try scheduler.wait(for: probe.next(), timeout: .seconds(5)), 7)
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
    }

    func testAValueAfterTheCompletionIsReportedAtTheProbesLine() {
        let line = #line + 1
        let probe = Probe<Int, Never>()
        probe.finish()
        let (failures, _) = captureFailures { probe.send(1) }
        assertFailures(failures, ["Publisher recorder got unexpected input after completion: 1"], at: line)
        XCTAssertEqual(probe.recorder.elementsAndCompletion.elements, [])
    }
}
