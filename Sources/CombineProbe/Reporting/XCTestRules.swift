import Foundation
import XCTest
#if canImport(Testing)
import Testing
#endif

/// The one place where CombineProbe calls the test frameworks: it records
/// failures (`XCTFail`, a test case's own record, Swift Testing's
/// `Issue.record`), and would wait on and fulfil an `XCTestExpectation` if
/// it ever did. No other file of the library calls those APIs (a test
/// greps the sources for them).
///
/// Apple's XCTest raises an exception that stops the test process for what
/// corelibs-XCTest forgives; on Linux such a slip goes unseen. In strict
/// mode — `COMBINEPROBE_STRICT_XCTEST=1` in the environment, read once —
/// every call here checks Apple's rule first (see ``Rule``), and a
/// violation is loud:
///
/// - a line `strict XCTest: <rule> at <library file>:<line> (…)` on
///   standard error, naming the failure's place in the test when there is
///   one;
/// - a failure recorded on the test that runs now, in its framework;
/// - and the process exits with status 1 when it ends, whatever its tests
///   said (``FailingExit``), so that the run fails even when no test was running.
///
/// Outside strict mode the checks cost nothing but a flag's read.
enum XCTestRules {
    /// Apple's rules, as CombineProbe could break them.
    enum Rule: String, Sendable, CaseIterable {
        /// Apple: "API violation - called -[XCTestExpectation fulfill]
        /// after the wait context has ended"; corelibs ignores it.
        case fulfillAfterWait = "fulfill() after its wait ended"
        /// Apple: "no associated XCTestRun object"; corelibs drops it.
        case recordOnIdleTestCase = "a failure recorded on a test case that is not running"
        /// Apple: the main queue cannot drain while one of its blocks (or a
        /// main-actor job) waits, so `DispatchQueue.main` deliveries never
        /// arrive; corelibs' run loop may deliver them all the same.
        case waitInMainQueueBlock = "a wait running the main run loop inside a main-queue block"
        /// XCTest drops (or, on Apple, may abort on) a failure recorded while
        /// none of its tests runs; Swift Testing does not attribute an issue
        /// to a test off that test's task; a framework not running the
        /// current test never shows it.
        case wrongFramework = "a failure routed to a framework that is not running the current test"
    }

    /// A broken rule, with its place.
    struct Violation: Sendable, CustomStringConvertible {
        let rule: Rule
        /// Where the library made the call (`CombineProbe/File.swift:12`).
        let origin: String
        /// What the call was about, and the test's place when there is one.
        let detail: String

        var description: String { "strict XCTest: \(rule.rawValue) at \(origin) (\(detail))" }
    }

    /// Collects the violations instead of reporting them, on this task: for
    /// the tests of the rules themselves, which then see the checks whether
    /// strict mode is on or not. A call that breaks a rule while a collector
    /// is set is not made.
    final class Collector: Sendable {
        private let found = Locked<[Violation]>([])
        var violations: [Violation] { found.withLock { $0 } }
        func add(_ violation: Violation) { found.withLock { $0.append(violation) } }
    }

    /// The collector of the current task, if any (see ``Collector``).
    @TaskLocal static var collector: Collector?

    /// Whether Apple's rules are checked: `COMBINEPROBE_STRICT_XCTEST=1`,
    /// read once.
    static let isStrict: Bool = ProcessInfo.processInfo.environment["COMBINEPROBE_STRICT_XCTEST"] == "1"

    /// Whether a call made now is checked.
    private static var checks: Bool { isStrict || collector != nil }

    // MARK: The calls

    /// `XCTFail`, at `site`. Rule: XCTest runs the current test.
    static func xcTestFail(_ message: String, at site: CallSite, fileID: StaticString = #fileID, line: UInt = #line) {
        if checks, let problem = xcTestIsNotRunningTheCurrentTest(),
           !violate(.wrongFramework, origin: fileID, line, "XCTFail \(problem), for the failure at \(site): \(message)") {
            return
        }
        XCTFail(message, file: site.filePath, line: site.line)
    }

    /// Records a failure on `testCase` itself, as XCTest's waiter records
    /// its own. Rules: the test case runs, and XCTest runs the current test.
    static func record(
        _ message: String, at site: CallSite, on testCase: XCTestCase, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        if checks {
            if !FailureReporter.isRunning(testCase) {
                guard violate(.recordOnIdleTestCase, origin: fileID, line,
                    "\(testCase.name) has no run in progress, for the failure at \(site): \(message)") else { return }
            } else if let problem = xcTestIsNotRunningTheCurrentTest() {
                guard violate(.wrongFramework, origin: fileID, line,
                    "record on \(testCase.name) \(problem), for the failure at \(site): \(message)") else { return }
            }
        }
        #if canImport(ObjectiveC) || COMBINEPROBE_XCTEST_STAND_INS
        let location = XCTSourceCodeLocation(filePath: String(describing: site.filePath), lineNumber: Int(site.line))
        testCase.record(XCTIssue(
            type: .assertionFailure, compactDescription: message,
            sourceCodeContext: XCTSourceCodeContext(location: location)))
        #else
        testCase.recordFailure(
            withDescription: message, inFile: String(describing: site.filePath), atLine: Int(site.line), expected: true)
        #endif
    }

    #if canImport(Testing)
    /// Swift Testing's `Issue.record`, at `location`. Rule: a Swift Testing
    /// test is current on this task, so that the issue is that test's.
    static func recordIssue(
        _ message: String, at location: SourceLocation, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        if checks, Test.current == nil {
            let running = XCTestBoundaries.phase == .running ? "while an XCTest test runs" : "with no Swift Testing test on this task"
            guard violate(.wrongFramework, origin: fileID, line,
                "Issue.record \(running), for the failure at \(location.fileID):\(location.line): \(message)") else { return }
        }
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }

    /// `Issue.record` for a failure that no test claimed (see
    /// `OrphanFailures`): recorded as no test's, on purpose, and so not
    /// checked.
    static func recordUnclaimedIssue(_ message: String, at location: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }
    #endif

    /// Why XCTest does not run the current test, if it does not: a Swift
    /// Testing test is current on this task; XCTest is between tests; or
    /// Swift Testing runs this process's tests and XCTest was never seen.
    private static func xcTestIsNotRunningTheCurrentTest() -> String? {
        #if canImport(Testing)
        if Test.current != nil { return "inside a Swift Testing test" }
        #endif
        switch XCTestBoundaries.phase {
        case .between: return "while no XCTest test runs"
        case .unobserved where TestFramework.swiftTestingHasRun: return "while Swift Testing runs the tests and XCTest was not seen"
        default: return nil
        }
    }

    // MARK: Waits

    /// Checks, before a wait that runs the main run loop to let main-queue
    /// deliveries in (an `XCTWaiter`, or ``SynchronousWaiter``'s loop), that
    /// it does not run inside a main-queue block, where those deliveries
    /// cannot arrive on Apple platforms.
    static func checkMainRunLoopWait(for what: String, at site: CallSite, fileID: StaticString = #fileID, line: UInt = #line) {
        guard checks, Thread.isMainThread, MainActorCheck.holdsTheMainQueue else { return }
        _ = violate(.waitInMainQueueBlock, origin: fileID, line, "\(what) at \(site)")
    }

    /// The expectations whose `XCTWaiter` wait ended, held weakly.
    private static let waitsEnded = Locked<[ObjectIdentifier: WeakExpectation]>([:])

    // @unchecked Sendable: its one field is only reached inside
    // `waitsEnded.withLock`, under that lock, and only to compare identities.
    private struct WeakExpectation: @unchecked Sendable {
        weak var expectation: XCTestExpectation?
    }

    /// `XCTWaiter().wait(for:timeout:)`. Rule: not inside a main-queue
    /// block; and once it returns, its expectations must not be fulfilled
    /// again (see ``fulfill(_:at:fileID:line:)``).
    static func wait(
        for expectations: [XCTestExpectation], timeout: TimeInterval, at site: CallSite,
        fileID: StaticString = #fileID, line: UInt = #line
    ) -> XCTWaiter.Result {
        checkMainRunLoopWait(for: "XCTWaiter.wait", at: site, fileID: fileID, line: line)
        let result = XCTWaiter().wait(for: expectations, timeout: timeout)
        // Kept whatever the mode, so that a later check knows.
        waitsEnded.withLock { ended in
            ended = ended.filter { $0.value.expectation != nil }
            for expectation in expectations {
                ended[ObjectIdentifier(expectation)] = WeakExpectation(expectation: expectation)
            }
        }
        return result
    }

    /// `expectation.fulfill()`. Rule: its wait has not ended.
    static func fulfill(_ expectation: XCTestExpectation, at site: CallSite, fileID: StaticString = #fileID, line: UInt = #line) {
        if checks, waitsEnded.withLock({ $0[ObjectIdentifier(expectation)]?.expectation === expectation }),
           !violate(.fulfillAfterWait, origin: fileID, line,
               "expectation \"\(expectation.expectationDescription)\" of the wait at \(site)") {
            return
        }
        expectation.fulfill()
    }

    // MARK: Violations

    /// Reports a broken rule (see ``XCTestRules``), or hands it to the
    /// task's collector. Returns whether the call is made all the same, as
    /// corelibs-XCTest would make it: yes, unless a collector took it.
    private static func violate(_ rule: Rule, origin fileID: StaticString, _ line: UInt, _ detail: String) -> Bool {
        let violation = Violation(rule: rule, origin: "\(fileID):\(line)", detail: detail)
        if let collector {
            collector.add(violation)
            return false
        }
        defer { fflush(nil) }
        FailingExit.add(.strictXCTestViolation)
        FileHandle.standardError.write(Data("\(violation)\n".utf8))
        // On the running test too, in its own framework, past the checks.
        let site = CallSite(fileID: fileID, filePath: fileID, line: line, column: 1)
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: violation.description), sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(fileID)", line: Int(line), column: 1))
            return true
        }
        #endif
        if XCTestBoundaries.phase == .running {
            XCTFail(violation.description, file: site.filePath, line: site.line)
        }
        return true
    }
}
