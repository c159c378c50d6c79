import Foundation
import XCTest

#if COMBINEPROBE_COMBINE_SHIM && !canImport(ObjectiveC)
typealias FailureCapturingBase = IssueRecordingTestCase
#else
typealias FailureCapturingBase = XCTestCase
#endif

/// A failure that a test recorded while ``FailureCapturingTestCase`` was
/// capturing.
struct CapturedFailure: CustomStringConvertible, Sendable {
    let message: String
    let file: String
    let line: Int
    /// The description exactly as XCTest received it: `XCTFail`'s start
    /// with "failed - ", those recorded on the test case itself do not.
    var rawMessage: String = ""

    var description: String { "\(file):\(line): \(message)" }
}

/// A test case that can capture the failures recorded by the code under test,
/// so that a test asserts them instead of failing.
///
/// corelibs-XCTest has no `XCTExpectFailure`, so this overrides the method
/// every XCTest failure goes through: `record(_:)` on Apple platforms, and in
/// the Combine-shim lane, which derives it from a stand-in with that method
/// (Support/XCTIssueStandIn.swift); `recordFailure(withDescription:…)` on
/// Linux.
class FailureCapturingTestCase: FailureCapturingBase {
    private let captureLock = NSLock()
    private var captured: [CapturedFailure]?
    /// Every failure captured so far, for explorations (see
    /// `CapturedFailureCounting`).
    private var capturedCount = 0

    /// Short timeouts for waits that are expected to time out.
    let shortTimeout: TimeInterval = 0.05
    /// Generous timeouts for waits that are expected to succeed.
    let longTimeout: TimeInterval = 10

    /// XCTFail's messages read "failed - <message>".
    private static func message(_ description: String) -> String {
        description.hasPrefix("failed - ") ? String(description.dropFirst(9)) : description
    }

    #if canImport(ObjectiveC) || COMBINEPROBE_COMBINE_SHIM
    override func record(_ issue: XCTIssue) {
        let message = Self.message(issue.compactDescription)
        let file = issue.sourceCodeContext.location?.fileURL.path ?? ""
        let line = issue.sourceCodeContext.location?.lineNumber ?? 0
        if capture(CapturedFailure(message: message, file: file, line: line, rawMessage: issue.compactDescription)) { return }
        super.record(issue)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let message = Self.message(description)
        if capture(CapturedFailure(message: message, file: filePath, line: lineNumber, rawMessage: description)) { return }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #endif

    private func capture(_ failure: CapturedFailure) -> Bool {
        captureLock.lock()
        defer { captureLock.unlock() }
        guard captured != nil else { return false }
        captured!.append(failure)
        capturedCount += 1
        return true
    }

    /// How many failures were captured so far: an exploration counts them as
    /// its schedules' failures.
    var capturedFailureCount: Int {
        captureLock.lock()
        defer { captureLock.unlock() }
        return capturedCount
    }

    /// Runs `body`, and returns the failures it recorded along with its result.
    func captureFailures<T>(_ body: () throws -> T) -> (failures: [CapturedFailure], result: Result<T, any Error>) {
        startCapturing()
        let result = Result { try body() }
        return (stopCapturing(), result)
    }

    /// Runs async `body`, and returns the failures it recorded along with its
    /// result.
    func captureFailures<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async -> (failures: [CapturedFailure], result: Result<T, any Error>) {
        startCapturing()
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        return (stopCapturing(), result)
    }

    /// Starts capturing, for failures recorded after the test method
    /// returns (teardown blocks); the returned closure stops and returns
    /// them. Call it from `tearDown()`.
    func startCapturingUntilTearDown() -> () -> [CapturedFailure] {
        startCapturing()
        return { self.stopCapturing() }
    }

    private func startCapturing() {
        captureLock.lock()
        precondition(captured == nil, "captureFailures calls do not nest")
        captured = []
        captureLock.unlock()
    }

    private func stopCapturing() -> [CapturedFailure] {
        captureLock.lock()
        defer { captured = nil; captureLock.unlock() }
        return captured ?? []
    }

    /// Asserts that exactly the failures with the given message prefixes were
    /// recorded, in order, all at `line` of this file.
    func assertFailures(
        _ failures: [CapturedFailure],
        _ prefixes: [String],
        at line: Int,
        file: StaticString = #filePath,
        callerLine: UInt = #line
    ) {
        XCTAssertEqual(failures.count, prefixes.count, "recorded failures: \(failures)", file: file, line: callerLine)
        for (failure, prefix) in zip(failures, prefixes) {
            XCTAssertTrue(failure.message.hasPrefix(prefix), "\(failure.message.debugDescription) does not start with \(prefix.debugDescription)", file: file, line: callerLine)
            XCTAssertEqual(failure.line, line, "failure recorded at the wrong line: \(failure)", file: file, line: callerLine)
            XCTAssertEqual(failure.file, "\(file)", "failure recorded in the wrong file: \(failure)", file: file, line: callerLine)
        }
    }

    /// Asserts that `result` is a failure with `expected` error.
    func assertThrows<T, E: Error & Equatable>(
        _ result: Result<T, any Error>,
        _ expected: E,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        switch result {
        case .success(let value):
            XCTFail("expected \(expected) to be thrown, got \(value)", file: file, line: line)
        case .failure(let error):
            XCTAssertEqual(error as? E, expected, "unexpected error \(error)", file: file, line: line)
        }
    }

    /// Asserts that `result` is a success.
    @discardableResult
    func assertSucceeds<T>(_ result: Result<T, any Error>, file: StaticString = #filePath, line: UInt = #line) -> T? {
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }
}

/// What an XCTest failure for a fulfilled inverted expectation starts with:
/// XCTest's own waiter's words on this platform.
#if canImport(ObjectiveC)
let invertedFulfilled = "Fulfilled inverted expectation"
#else
let invertedFulfilled = "Asynchronous wait failed - Fulfilled inverted expectation"
#endif

/// A description as XCTest's waiter quotes it after ``invertedFulfilled``:
/// in double quotes on Apple platforms, single quotes in corelibs-XCTest.
func quotedAsInverted(_ description: String) -> String {
    #if canImport(ObjectiveC)
    "\"\(description)\""
    #else
    "'\(description)'"
    #endif
}

/// What an XCTest failure for a wait that timed out starts with, up to the
/// number of seconds: XCTest's own waiter's words on this platform (Swift
/// Testing's issues start with Apple's: "Asynchronous wait failed: Exceeded
/// timeout of").
#if canImport(ObjectiveC)
let waiterTimedOut = "Asynchronous wait failed: Exceeded timeout of"
#else
let waiterTimedOut = "Asynchronous wait failed - Exceeded timeout of"
#endif

/// The error of the failing publishers in these tests.
struct TestFailure: Error, Equatable {}

/// An expectation without a description, as an XCTest failure for a
/// fulfilled inverted expectation names it after ``invertedFulfilled``: bare
/// on Apple platforms, in corelibs-XCTest's single quotes, where its waiter
/// writes `''` for an empty description.
func invertedName(_ name: String) -> String {
    #if canImport(ObjectiveC)
    name
    #else
    "'\(name)'"
    #endif
}
