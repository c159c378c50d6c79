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
/// - a line `strict XCTest: <rule> at <place> (…)` on standard error,
///   where the place is the user's call that led there (the assertion, the
///   wait, the double's creation), and the library's own call of the
///   framework follows in the parentheses;
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
        /// The user's place that led to the call: the assertion, the wait,
        /// the double's creation (`AppTests/LoginTests.swift:12`).
        let origin: String
        /// What the call was about.
        let detail: String
        /// Where the library called the framework
        /// (`CombineProbe/Reporting/FailureReporter.swift:268`).
        let libraryCall: String

        var description: String { "strict XCTest: \(rule.rawValue) at \(origin) (\(detail); CombineProbe's call at \(libraryCall))" }
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

    /// `XCTFail`, at `site`. Rules: XCTest runs the current test; and a
    /// failure that belongs to the XCTest test numbered `owner` (a
    /// double's: see `DeferredFailureReporter`) is recorded while that test
    /// runs, not in another.
    static func xcTestFail(
        _ message: String, at site: CallSite, ownedBy owner: Int? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        if checks {
            if let problem = xcTestIsNotRunningTheCurrentTest() {
                guard violate(.wrongFramework, at: site, fileID, line, "XCTFail \(problem): \(message)") else { return }
            } else if let owner, let running = XCTestBoundaries.testNumber, owner != running {
                guard violate(.recordOnIdleTestCase, at: site, fileID, line,
                    "XCTFail for XCTest test \(owner), which ended, while test \(running) runs: \(message)") else { return }
            }
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
                guard violate(.recordOnIdleTestCase, at: site, fileID, line,
                    "\(testCase.name) has no run in progress: \(message)") else { return }
            } else if let problem = xcTestIsNotRunningTheCurrentTest() {
                guard violate(.wrongFramework, at: site, fileID, line,
                    "record on \(testCase.name) \(problem): \(message)") else { return }
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
            let place = Place(fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
            guard violate(.wrongFramework, at: place, fileID, line, "Issue.record \(running): \(message)") else { return }
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
    ///
    /// The check reads its own facts (``mainQueueBlockRunsHere``), not the
    /// predicate the waiters choose their path by
    /// (`MainActorCheck.holdsTheMainQueue`): a slip in that predicate is
    /// what the check is there to catch.
    static func checkMainRunLoopWait(for what: String, at site: CallSite, fileID: StaticString = #fileID, line: UInt = #line) {
        guard checks, MainThread.isCurrent, mainQueueBlockRunsHere else { return }
        _ = violate(.waitInMainQueueBlock, at: site, fileID, line, what)
    }

    /// A mark of the rules' own on the main queue: set on it once, read
    /// back only by code that runs in one of its blocks.
    private static let mainQueueMark: UncheckedSendable<DispatchSpecificKey<UInt8>> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return UncheckedSendable(key)
    }()

    /// Whether the code on the main thread runs inside a block of the main
    /// queue (a `DispatchQueue.main` callback, a main-actor job) other than
    /// the test runner's own, from facts of the rules' own: the queue's
    /// mark (above); where the runner runs every test inside a block of the
    /// main queue (SwiftPM's XCTest runner on Linux, as XCTest's observer
    /// saw), a run loop running beneath the caller — whose callout this is —
    /// or a task whose job this is.
    static var mainQueueBlockRunsHere: Bool {
        guard DispatchQueue.getSpecific(key: mainQueueMark.value) == 1 else { return false }
        guard XCTestBoundaries.runnerHoldsTheMainQueue else { return true }
        if RunLoop.current.currentMode != nil { return true }
        return withUnsafeCurrentTask { $0 != nil }
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
           !violate(.fulfillAfterWait, at: site, fileID, line,
               "expectation \"\(expectation.expectationDescription)\" of this wait") {
            return
        }
        expectation.fulfill()
    }

    // MARK: Violations

    /// Reports a broken rule (see ``XCTestRules``), or hands it to the
    /// task's collector. Returns whether the call is made all the same, as
    /// corelibs-XCTest would make it: yes, unless a collector took it.
    private static func violate(_ rule: Rule, at site: CallSite, _ fileID: StaticString, _ line: UInt, _ detail: String) -> Bool {
        violate(rule, at: Place(site), fileID, line, detail)
    }

    /// The user's place that led to a call of the seam, as either framework
    /// spells places.
    private struct Place {
        let fileID: String
        let filePath: String
        let line: Int
        let column: Int
        /// The place as XCTest takes it, when it came as one.
        let site: CallSite?

        init(fileID: String, filePath: String, line: Int, column: Int) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
            site = nil
        }

        init(_ site: CallSite) {
            fileID = "\(site.fileID)"
            filePath = "\(site.filePath)"
            line = Int(site.line)
            column = Int(site.column)
            self.site = site
        }
    }

    private static func violate(_ rule: Rule, at place: Place, _ fileID: StaticString, _ line: UInt, _ detail: String) -> Bool {
        let violation = Violation(rule: rule, origin: "\(place.fileID):\(place.line)", detail: detail, libraryCall: "\(fileID):\(line)")
        if let collector {
            collector.add(violation)
            return false
        }
        defer { fflush(nil) }
        FailingExit.add(.strictXCTestViolation)
        FileHandle.standardError.write(Data("\(violation)\n".utf8))
        // On the running test too, in its own framework, past the checks,
        // at the user's place.
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: violation.description), sourceLocation: SourceLocation(
                fileID: place.fileID, filePath: place.filePath, line: place.line, column: place.column))
            return true
        }
        #endif
        if XCTestBoundaries.phase == .running {
            let site = place.site ?? CallSite(fileID: fileID, filePath: fileID, line: line, column: 1)
            XCTFail(violation.description, file: site.filePath, line: site.line)
        }
        return true
    }
}
