import CombineProbe
import Foundation
import XCTest

/// A test case that never runs: a helper whose `wait(for:timeout:)` a test
/// borrows.
final class IdleHelperCase: XCTestCase {
    static func make() -> IdleHelperCase {
        #if canImport(ObjectiveC)
        return IdleHelperCase()
        #else
        return IdleHelperCase(name: "idle", testClosure: { _ in })
        #endif
    }
}

/// A test case whose test ended: its run started and stopped (a test case
/// kept from an earlier test, whose task fails later).
final class EndedHelperCase: XCTestCase {
    private let ended: XCTestRun = {
        let run = XCTestRun(test: XCTestSuite(name: "ended"))
        run.start()
        run.stop()
        return run
    }()

    override var testRun: XCTestRun? { ended }

    static func make() -> EndedHelperCase {
        #if canImport(ObjectiveC)
        return EndedHelperCase()
        #else
        return EndedHelperCase(name: "ended", testClosure: { _ in })
        #endif
    }
}

/// A wait's failure is recorded on the test case that waited only while it
/// runs: Apple's XCTest stops the process for a failure recorded on a test
/// case with no run (corelibs-XCTest drops it). A helper's failure goes to
/// the test that runs.
final class IdleTestCaseWaitTests: FailureCapturingTestCase {
    func testAWaitOnAnIdleTestCaseFailsTheRunningTest() {
        let helper = IdleHelperCase.make()
        XCTAssertNil(helper.testRun)
        let recorder = PassthroughSubject<Int, Never>().record()
        let (failures, _) = captureFailures { try helper.wait(for: recorder.next(), timeout: shortTimeout) }
        assertFailures(failures, ["Asynchronous wait failed"], at: #line - 1)
    }

    /// The case the doc comment of `FailureReporter.isRunning` names: a
    /// test case whose test ended, not one that never ran (issue 42, B.4;
    /// the strict lane's seed 6 is reached here only).
    func testAWaitOnATestCaseWhoseTestEndedFailsTheRunningTest() {
        let helper = EndedHelperCase.make()
        XCTAssertNotNil(helper.testRun?.stopDate)
        let recorder = PassthroughSubject<Int, Never>().record()
        let (failures, _) = captureFailures { try helper.wait(for: recorder.next(), timeout: shortTimeout) }
        assertFailures(failures, ["Asynchronous wait failed"], at: #line - 1)
    }
}
