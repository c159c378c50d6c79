@testable import CombineProbe
import Foundation
import XCTest

/// A test case of a user's own that keeps failures from XCTest to test a
/// failure path, as the guide shows, and counts them
/// (`CapturedFailureCounting`): an exploration sees its schedules fail.
/// Unlike `FailureCapturingTestCase`, it keeps every failure only while
/// `keeping` is set, and passes the others on.
final class ExplorationKeptFailuresTests: FailureKeepingBase, CapturedFailureCounting {
    private let lock = NSLock()
    private var keeping = false
    private var kept: [(message: String, line: Int)] = []

    var capturedFailureCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return kept.count
    }

    /// Keeps `message` if keeping; returns whether it did.
    private func keep(_ message: String, line: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard keeping else { return false }
        kept.append((message, line))
        return true
    }

    #if canImport(ObjectiveC) || COMBINEPROBE_COMBINE_SHIM
    override func record(_ issue: XCTIssue) {
        if keep(issue.compactDescription, line: issue.sourceCodeContext.location?.lineNumber ?? 0) { return }
        super.record(issue)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if keep(description, line: lineNumber) { return }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #endif

    /// Runs `body` keeping every failure, and returns them.
    private func keepingFailures(_ body: () async -> Void) async -> [(message: String, line: Int)] {
        setKeeping(true)
        await body()
        return setKeeping(false)
    }

    /// Starts or stops keeping; returns what was kept since it started.
    @discardableResult
    private func setKeeping(_ on: Bool) -> [(message: String, line: Int)] {
        lock.lock()
        defer { lock.unlock() }
        keeping = on
        if on { kept = [] }
        return kept
    }

    func testAnExplorationSeesTheFailuresATestCaseKeeps() async {
        var runs = 0
        let callLine = #line + 2
        let failures = await keepingFailures {
            exploreSchedules(50, seed: 7) { _ in
                runs += 1
                XCTAssertEqual(tiedOrder(2), [0, 1])
            }
        }
        XCTAssertEqual(runs, 2, "the exploration stops at the first failing schedule")
        XCTAssertEqual(failures.map(\.line), [callLine + 2, callLine], "\(failures)")
        XCTAssertTrue(failures.first?.message.contains("XCTAssertEqual failed: (\"[1, 0]\")") == true, "\(failures)")
        XCTAssertTrue(failures.last?.message.contains("Schedule 2 of at most 50 failed (seed 0.1; base seed 0x7).") == true,
                      "\(failures)")
    }

    func testAnAsyncExplorationSeesThemToo() async {
        let callLine = #line + 2
        let failures = await keepingFailures {
            await exploreSchedules(50) { _ in
                let order = await tiedOrderAsync(2)
                XCTAssertEqual(order, [0, 1])
            }
        }
        XCTAssertEqual(failures.map(\.line), [callLine + 2, callLine], "\(failures)")
        XCTAssertTrue(failures.last?.message.contains("Schedule 2 of at most 50 failed") == true, "\(failures)")
    }
}

#if COMBINEPROBE_COMBINE_SHIM && !canImport(ObjectiveC)
typealias FailureKeepingBase = IssueRecordingTestCase
#else
typealias FailureKeepingBase = XCTestCase
#endif
