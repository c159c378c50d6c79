@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The end-of-test report of an exhaustive recorder comes exactly once,
/// after the test's own failures, to the test that made the recorder.

/// A `ProbeTestCase` whose test throws while an exhaustive recorder of its
/// body goes away: the thrown error is reported first, then the recorder.
final class ThrowingExhaustiveTestCaseTests: ProbeTestCase {
    override class var probeSettings: ProbeSettings.Overrides { .init(exhaustive: true) }

    private let lock = NSLock()
    private var capturing = false
    private var recorded: [(message: String, line: Int)] = []
    private var recordLine = 0

    override func invokeTest() {
        lock.lock()
        capturing = true
        lock.unlock()
        super.invokeTest()
        lock.lock()
        capturing = false
        let recorded = self.recorded
        lock.unlock()
        XCTAssertEqual(recorded.count, 2, "\(recorded)")
        guard recorded.count == 2 else { return }
        XCTAssertTrue(recorded[0].message.contains("TestFailure"), "the test's own error first: \(recorded)")
        XCTAssertEqual(recorded[1].message,
            "failed - Exhaustive recorder created at CombineProbeTests/ExhaustiveReportTimingTests.swift:\(recordLine) "
                + "ends the test with 2 unconsumed events [1, finished]. "
                + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents().")
        XCTAssertEqual(recorded[1].line, recordLine)
    }

    private func capture(_ message: String, _ line: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard capturing else { return false }
        recorded.append((message, line))
        return true
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if capture(issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0) { return }
        super.record(issue)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capture(description, lineNumber) { return }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #endif

    func testAThrowingTestReportsItsErrorFirst() throws {
        let recorder = [1].publisher.record(); recordLine = #line
        XCTAssertTrue(recorder.isExhaustive)
        throw TestFailure()
    }
}

/// Holds an object until another thread lets it go.
// @unchecked Sendable: `value` is set on the test's thread, then only
// touched by the one queue block that releases it.
final class ReleaseBox: @unchecked Sendable {
    var value: AnyObject?

    /// Releases the object on a background thread, and returns once done.
    func releaseOnAnotherThread() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                precondition(!Thread.isMainThread)
                self.value = nil
                continuation.resume()
            }
        }
    }
}

@Suite struct ExhaustiveReportTimingSwiftTests {
    static let prefix = "Exhaustive recorder created at CombineProbeTests/ExhaustiveReportTimingTests.swift:"

    /// Without a scope, a recorder released on another thread keeps its
    /// report for its test, which records it at its next CombineProbe call.
    @Test("A recorder released on another thread reports to its test (fails on purpose)", .tags(.failurePath))
    func aRecorderReleasedOnAnotherThreadReportsToItsTest() async {
        let box = ReleaseBox()
        var line = 0
        let messages = Messages()
        await withKnownIssue {
            box.value = [1].publisher.record(exhaustive: true); line = #line
            await box.releaseOnAnotherThread()
            _ = Just(0).record()
        } matching: { issue in
            messages.append(issue)
            return true
        }
        #expect(messages.all == ["\(Self.prefix)\(line) ends the test with 2 unconsumed events [1, finished]. "
            + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents(). (line \(line))"])
    }

    #if compiler(>=6.1)
    /// The trait's scope: run as Swift Testing runs it around a test case
    /// that throws (the case's error is recorded when its body has ended).
    @Test("With the trait, a throwing test reports its error first (fails on purpose)", .tags(.failurePath))
    func withTheTraitAThrowingTestReportsItsErrorFirst() async throws {
        let test = try #require(Test.current)
        let messages = Messages()
        let line = Self.recordThenThrowLine
        try await withKnownIssue {
            try await ProbeSettingsTrait.exhaustiveRecorders.provideScope(for: test, testCase: nil) {
                do { try Self.recordThenThrow() } catch { Issue.record(error) }
            }
        } matching: { issue in
            messages.append(issue)
            return true
        }
        #expect(messages.all == [
            "error TestFailure()",
            "\(Self.prefix)\(line) ends the test with 2 unconsumed events [1, finished]. "
                + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents(). (line \(line))",
        ])
    }

    private static let recordThenThrowLine = #line + 2
    private static func recordThenThrow() throws {
        let recorder = [1].publisher.record()
        #expect(recorder.isExhaustive)
        throw TestFailure()
    }

    /// A recorder of a test with the trait released on another thread is
    /// reported to its test, when the test ends.
    @Test("With the trait, a recorder released on another thread reports to its test (fails on purpose)", .tags(.failurePath))
    func withTheTraitARecorderReleasedOnAnotherThreadReportsToItsTest() async throws {
        let test = try #require(Test.current)
        let messages = Messages()
        let box = ReleaseBox()
        let line = #line + 3
        try await withKnownIssue {
            try await ProbeSettingsTrait.exhaustiveRecorders.provideScope(for: test, testCase: nil) {
                box.value = [1].publisher.record()
                await box.releaseOnAnotherThread()
            }
        } matching: { issue in
            messages.append(issue)
            return true
        }
        #expect(messages.all == ["\(Self.prefix)\(line) ends the test with 2 unconsumed events [1, finished]. "
            + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents(). (line \(line))"])
    }

    /// The trait provides its scope around the whole test function.
    @Test(.exhaustiveRecorders) func theTraitScopesTheTestFunction() {
        #expect(ProbeSettingsTrait.exhaustiveRecorders.scopeProvider(for: Test.current!, testCase: nil) != nil)
        #expect(ProbeSettingsTrait.exhaustiveRecorders.scopeProvider(for: Test.current!, testCase: Test.Case.current) == nil)
        #expect(ProbeSettings.current.exhaustive)
    }
    #endif
}

/// The issues a test recorded, in order: their comment (or error) and line.
// @unchecked Sendable: `items` is read and written under `lock`.
final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    func append(_ issue: Issue) {
        let text: String
        if case let .errorCaught(error) = issue.kind {
            text = "error \(error)"
        } else {
            text = issue.comments.map(\.rawValue).joined() + " (line \(issue.sourceLocation?.line ?? 0))"
        }
        lock.lock()
        items.append(text)
        lock.unlock()
    }
}
