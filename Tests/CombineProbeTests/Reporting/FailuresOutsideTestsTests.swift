@testable import CombineProbe
import Foundation
import XCTest

/// A failure detected while neither framework runs a test — an XCTest
/// `class func tearDown()` or `setUp()`, between two tests — belongs to no
/// test. Neither framework would show it (XCTest drops it; Swift Testing's
/// `Issue.record` goes nowhere in a process that XCTest runs), so it goes to
/// standard error and the process fails.
///
/// The real cases run in a child process: the test binary itself, running
/// one of the child test cases below (which do nothing unless the
/// environment names them), so that what the process writes and its exit
/// status can be read.
final class FailuresOutsideTestsTests: XCTestCase {
    /// The line of the failing assertion in the children's `tearDown()`.
    static let tearDownLine = ClassTearDownFailureChild.assertionLine

    func testAFailureInClassTearDownAfterATestUsedTheLibraryFailsTheProcess() throws {
        try assertChildFails(usesTheLibraryFirst: true)
    }

    func testAFailureInClassTearDownWithNoEarlierUseFailsTheProcess() throws {
        try assertChildFails(usesTheLibraryFirst: false)
    }

    private func assertChildFails(usesTheLibraryFirst: Bool, line: UInt = #line) throws {
        #if os(Linux)
        let mode = usesTheLibraryFirst ? "after-use" : "no-use"
        let child = try ChildTestProcess.run(
            "CombineProbeTests.ClassTearDownFailureChild", environment: [ClassTearDownFailureChild.variable: mode])
        XCTAssertNotEqual(child.status, 0, "the child passed: \(child.output)", line: line)
        let expected = "FailuresOutsideTestsTests.swift:\(Self.tearDownLine): error: XCTAssertRecordedValues failed"
        XCTAssertTrue(child.output.contains(expected), "expected \(expected) in: \(child.output)", line: line)
        XCTAssertTrue(child.output.contains("while no test runs"), child.output, line: line)
        // Once, not twice.
        XCTAssertEqual(child.output.components(separatedBy: "XCTAssertRecordedValues failed").count - 1, 1, child.output, line: line)
        #else
        throw XCTSkip("the child process runs the corelibs-XCTest binary (Linux); on Apple platforms xctest hosts the bundle")
        #endif
    }
}

/// The child of ``FailuresOutsideTestsTests``: inert unless
/// `COMBINEPROBE_CHILD_CLASS_TEARDOWN` is set (`after-use`: its test uses the
/// library first; `no-use`: it does not).
final class ClassTearDownFailureChild: XCTestCase {
    static let variable = "COMBINEPROBE_CHILD_CLASS_TEARDOWN"
    static var mode: String? { ProcessInfo.processInfo.environment[variable] }
    static let assertionLine = #line + 7

    override class func tearDown() {
        super.tearDown()
        guard mode != nil else { return }
        let recorder = [1].publisher.record()
        // The failing assertion: `assertionLine` points here.
        XCTAssertRecordedValues(recorder, [2])
    }

    func testTheChild() {
        guard Self.mode == "after-use" else { return }
        XCTAssertRecordedValues([1].publisher.record(), [1])
    }
}

/// The test binary, run again as a child process on one test case.
enum ChildTestProcess {
    struct Result {
        let status: Int32
        /// Standard output and standard error, together.
        let output: String
    }

    static func run(_ testCase: String, environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [testCase]
        var env = ProcessInfo.processInfo.environment
        env["COMBINEPROBE_STRICT_XCTEST"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
