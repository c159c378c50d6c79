@testable import CombineProbe
import Foundation
import XCTest

/// Apple's XCTest rules, as `XCTestRules` checks them (strict mode, or a
/// collector as here), and the seam itself: no other file of the library
/// calls the frameworks.
final class XCTestRulesTests: FailureCapturingTestCase {
    /// Runs `body` with a collector, and returns what it collected.
    private func violations(_ body: () -> Void) -> [XCTestRules.Violation] {
        let collector = XCTestRules.Collector()
        XCTestRules.$collector.withValue(collector) { body() }
        return collector.violations
    }

    private func site(_ line: UInt = #line) -> CallSite {
        CallSite(fileID: #fileID, filePath: #filePath, line: line, column: 1)
    }

    func testEveryFrameworkCallOfTheLibraryGoesThroughTheSeam() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CombineProbe")
            // The Combine-shim lane reaches the sources through a symbolic link.
            .resolvingSymlinksInPath()
        // `fulfill()` is XCTestExpectation's: no expectation, no fulfil
        // (the recorder's own waiters have a `fulfill` closure of their own).
        let calls = [
            "XCTFail(", "Issue.record(", "recordFailure(", ".record(XCTIssue", "XCTWaiter", "XCTestExpectation",
            "expectation(description:", "waitForExpectations(",
        ]
        var found: [String] = []
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") && file != "Reporting/XCTestRules.swift" {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") || code.hasPrefix("///") { continue }
                for call in calls where code.contains(call) { found.append("\(file):\(number + 1): \(call)") }
            }
        }
        XCTAssertGreaterThan(files.count, 100)
        XCTAssertEqual(found, [], "call the frameworks through XCTestRules")
    }

    func testAFulfillAfterItsWaitEndedBreaksTheRule() {
        let expectation = XCTestExpectation(description: "late")
        XCTAssertEqual(XCTestRules.wait(for: [expectation], timeout: 0.01, at: site()), .timedOut)
        let line = #line + 1
        let found = violations { XCTestRules.fulfill(expectation, at: site(41)) }
        XCTAssertEqual(found.map(\.rule), [.fulfillAfterWait])
        // The user's place first (the wait's), the library's call last.
        XCTAssertEqual(found.first?.origin, "CombineProbeTests/XCTestRulesTests.swift:41")
        XCTAssertEqual(found.first?.detail, "expectation \"late\" of this wait")
        XCTAssertEqual(found.first?.libraryCall, "CombineProbeTests/XCTestRulesTests.swift:\(line)")
        XCTAssertEqual(
            found.first?.description,
            "strict XCTest: fulfill() after its wait ended at CombineProbeTests/XCTestRulesTests.swift:41 "
                + "(expectation \"late\" of this wait; CombineProbe's call at CombineProbeTests/XCTestRulesTests.swift:\(line))")
    }

    func testAFulfillBeforeItsWaitBreaksNoRule() {
        let expectation = XCTestExpectation(description: "early")
        let found = violations {
            XCTestRules.fulfill(expectation, at: site())
            XCTAssertEqual(XCTestRules.wait(for: [expectation], timeout: 1, at: site()), .completed)
        }
        XCTAssertEqual(found.map(\.rule), [])
    }

    func testAFailureRecordedOnAnIdleTestCaseBreaksTheRule() {
        let helper = IdleHelperCase.make()
        let found = violations { XCTestRules.record("lost", at: site(7), on: helper) }
        XCTAssertEqual(found.map(\.rule), [.recordOnIdleTestCase])
        XCTAssertEqual(found.first?.detail.hasSuffix("has no run in progress: lost"), true)
        XCTAssertEqual(found.first?.origin, "CombineProbeTests/XCTestRulesTests.swift:7")
    }

    func testAFailureRecordedOnTheRunningTestCaseBreaksNoRule() {
        _ = TestFramework.detected
        var found: [XCTestRules.Violation] = []
        let line = #line + 1
        let (failures, _) = captureFailures { found = violations { XCTestRules.record("kept", at: site(), on: self) } }
        XCTAssertEqual(found.map(\.rule), [])
        XCTAssertEqual(failures.map(\.message), ["kept"])
        XCTAssertEqual(failures.map(\.line), [line])
    }

    func testIssueRecordDuringAnXCTestTestBreaksTheRule() {
        _ = TestFramework.detected
        XCTAssertEqual(XCTestBoundaries.phase, .running)
        #if canImport(Testing)
        let found = violations { XCTestRules.recordIssue("elsewhere", at: site().sourceLocation) }
        XCTAssertEqual(found.map(\.rule), [.wrongFramework])
        XCTAssertEqual(found.first?.detail, "Issue.record while an XCTest test runs: elsewhere")
        XCTAssertEqual(found.first?.origin.hasPrefix("CombineProbeTests/XCTestRulesTests.swift:"), true)
        #endif
    }

    func testASynchronousTestRunsTheMainRunLoopOutsideAnyBlockItHolds() {
        XCTAssertFalse(MainActorCheck.holdsTheMainQueue)
        XCTAssertEqual(violations { XCTestRules.checkMainRunLoopWait(for: "wait", at: site()) }.map(\.rule), [])
    }

    @MainActor
    func testAWaitRunningTheMainRunLoopInsideAMainQueueBlockBreaksTheRule() async {
        XCTAssertTrue(MainActorCheck.holdsTheMainQueue)
        let found = violations { XCTestRules.checkMainRunLoopWait(for: "XCTWaiter.wait", at: site(9)) }
        XCTAssertEqual(found.map(\.rule), [.waitInMainQueueBlock])
        XCTAssertEqual(found.first?.detail, "XCTWaiter.wait")
        XCTAssertEqual(found.first?.origin, "CombineProbeTests/XCTestRulesTests.swift:9")
    }

    func testAMainQueueCallbackInsideASynchronousTestHoldsTheMainQueue() {
        let held = LockedValue<Bool?>(nil)
        let done = expectation(description: "callback")
        DispatchQueue.main.async {
            held.value = MainActorCheck.holdsTheMainQueue
            done.fulfill()
        }
        wait(for: [done], timeout: longTimeout)
        XCTAssertEqual(held.value, true)
    }
}
