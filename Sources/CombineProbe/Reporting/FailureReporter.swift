import Foundation
import XCTest
#if canImport(Testing)
import Testing
#endif

/// The test framework that runs the current test.
enum TestFramework: Sendable, Equatable {
    /// XCTest (or no test framework at all).
    case xcTest
    /// Swift Testing.
    case swiftTesting

    /// The framework running the test on the current task.
    ///
    /// ``detected`` when it can be told; otherwise XCTest while XCTest was
    /// never seen and no Swift Testing test ran in this process (an `async`
    /// XCTest test before its first call on the main thread), and Swift
    /// Testing once one of its tests ran here or while XCTest is between
    /// tests: XCTest drops a failure recorded while none of its tests runs
    /// (Apple's may stop the process), where Swift Testing still shows it.
    ///
    /// Reading it also records the failures kept for the framework found:
    /// those whose framework was unknown (``OrphanFailures``), in XCTest;
    /// those of the current Swift Testing test (`PendingTestFailures`).
    static var current: TestFramework {
        if let known = currentDelivering { return known }
        let phase = XCTestBoundaries.phase
        return (phase == .unobserved || phase == .unknown) && !swiftTestingRan.withLock({ $0 }) ? .xcTest : .swiftTesting
    }

    /// ``detected``, after recording the failures kept for it (see
    /// ``current``).
    private static var currentDelivering: TestFramework? {
        let known = detected
        if known == .xcTest { OrphanFailures.deliverToXCTest() }
        if known == .swiftTesting { PendingTestFailures.deliverToCurrentTest() }
        return known
    }

    /// Whether a Swift Testing test was ever current in this process.
    private static let swiftTestingRan = Locked(false)

    /// Whether a Swift Testing test was ever current in this process (as
    /// far as ``detected`` saw).
    static var swiftTestingHasRun: Bool { swiftTestingRan.withLock { $0 } }

    #if canImport(Testing)
    /// Whether a Swift Testing test is current on this task.
    static var swiftTestingIsCurrent: Bool {
        // Matched, not compared with nil: no copy of the test's value.
        if case .some = Test.current { return true }
        return false
    }
    #endif

    /// The framework running the current code when the frameworks say so:
    /// Swift Testing when one of its tests is current on this task; XCTest
    /// while one of its tests runs (its observer says so, see
    /// ``XCTestBoundaries``); nil otherwise, where a failure could belong
    /// to either. The decision is ``decide(_:)``'s.
    static var detected: TestFramework? {
        var facts = Facts(
            swiftTestingTest: false, xcTest: XCTestBoundaries.phase,
            onMainThread: MainThread.isCurrent, holdsTheMainQueue: false)
        #if canImport(Testing)
        // Matched, not compared with nil: no copy of the test's value.
        if case .some = Test.current { facts.swiftTestingTest = true }
        #endif
        if facts.swiftTestingTest {
            if !swiftTestingRan.withLock({ $0 }) { swiftTestingRan.withLock { $0 = true } }
        } else if (facts.xcTest == .unobserved || facts.xcTest == .unknown) && facts.onMainThread {
            facts.holdsTheMainQueue = MainActorCheck.holdsTheMainQueue
        }
        let framework = decide(facts)
        if facts.xcTest == .unobserved && facts.onMainThread {
            XCTestBoundaries.observe(xcTestRunsATest: framework == .xcTest)
        }
        return framework
    }

    /// What the frameworks and the thread say about the current code.
    struct Facts: Sendable, Equatable {
        /// A Swift Testing test is current on this task (`Test.current`).
        var swiftTestingTest: Bool
        /// Whether an XCTest test runs, as its observer knows.
        var xcTest: XCTestBoundaries.Phase
        /// The code runs on the main thread.
        var onMainThread: Bool
        /// The code runs inside a block of the main queue that it holds, not
        /// the test runner's (``MainActorCheck/holdsTheMainQueue``; read only
        /// when it matters: on the main thread, before XCTest is observed).
        var holdsTheMainQueue: Bool
    }

    /// The one decision of which framework gets a failure, from
    /// ``Facts``: what the frameworks say, never the thread alone.
    ///
    /// Before XCTest's observer knows, the main thread outside any block of
    /// the main queue that the caller holds is XCTest's: it runs its
    /// synchronous tests there. A block of the main queue on the main thread
    /// is no sign of XCTest: on Apple platforms the main-queue callbacks (and
    /// main-actor jobs) of Swift Testing tests run there too.
    static func decide(_ facts: Facts) -> TestFramework? {
        if facts.swiftTestingTest { return .swiftTesting }
        switch facts.xcTest {
        case .running:
            return .xcTest
        case .between:
            return nil
        case .unobserved, .unknown:
            return facts.onMainThread && !facts.holdsTheMainQueue ? .xcTest : nil
        }
    }

    /// Whether a failure for a test run by `framework` can be recorded from
    /// the current thread. A Swift Testing issue needs the test's own task;
    /// XCTest accepts failures from any thread while one of its tests runs.
    static func canRecordNow(for framework: TestFramework) -> Bool {
        switch framework {
        case .xcTest: XCTestBoundaries.phase != .between
        case .swiftTesting: currentDelivering == .swiftTesting
        }
    }
}

/// The reporters holding failures whose framework was unknown when they
/// were detected (see ``DeferredFailureReporter``). XCTest runs one test at a
/// time, so where XCTest is known to be at work — its main thread, an
/// `XCTestCase` wait — their failures are recorded at once. Swift Testing
/// runs tests in parallel: there, a failure is recorded only by the test
/// that touches the double's own publisher, never by a neighbour.
enum OrphanFailures {
    private static let reporters = Locked<[DeferredFailureReporter]>([])

    /// How long a failure waits to be claimed before it is recorded through
    /// both frameworks, from whatever thread.
    static let deadline: TimeInterval = 1

    /// Writes the failures that no test claimed to standard error when the
    /// process exits (registered once, by the first failure kept).
    private static let writtenAtExit: Void = {
        atexit { OrphanFailures.writeUnclaimedFailures() }
    }()

    static func keep(_ reporter: DeferredFailureReporter) {
        _ = writtenAtExit
        reporters.withLock { reporters in
            if !reporters.contains(where: { $0 === reporter }) { reporters.append(reporter) }
        }
    }

    /// Writes the failures still kept to standard error.
    static func writeUnclaimedFailures() {
        for reporter in reporters.withLock({ $0 }) { reporter.writeUnclaimedFailures() }
    }

    /// Records the kept failures in XCTest.
    static func deliverToXCTest() {
        let kept = reporters.withLock { reporters in
            defer { reporters.removeAll() }
            return reporters
        }
        for reporter in kept { reporter.deliver(in: .xcTest) }
    }
}

/// Records test failures in the framework that runs the test.
enum FailureReporter {
    /// Records the failure of a wait. In XCTest, when the test case is known,
    /// it is recorded on the test case itself, as XCTest's own waiter records
    /// its failures (not through `XCTFail`, whose messages start with
    /// "failed - "): the message then starts with the waiter's own words.
    static func failWait(_ message: String, at site: CallSite, in framework: TestFramework, testCase: XCTestCase?) {
        if FailureCapture.capture(message, at: site, in: framework) { return }
        guard framework == .xcTest, let testCase, isRunning(testCase) else {
            fail(message, at: site, in: framework)
            return
        }
        XCTestRules.record(message, at: site, on: testCase)
    }

    /// Whether `testCase` runs now: it has a run that started and did not
    /// stop. Apple's XCTest raises an exception that stops the test
    /// process for a failure recorded on a test case with no run
    /// ("no associated XCTestRun object") — a helper test case, a test case
    /// whose test ended before a task of it failed —, where corelibs-XCTest
    /// drops it: such a failure goes through `XCTFail` instead, to the test
    /// that runs.
    static func isRunning(_ testCase: XCTestCase) -> Bool {
        guard let run = testCase.testRun else { return false }
        return run.startDate != nil && run.stopDate == nil
    }

    /// The words XCTest's waiter starts with when a wait times out, on this
    /// platform, up to the names of the unfulfilled expectations; Swift
    /// Testing, which has no such legacy, gets the words of Apple's XCTest.
    ///
    /// - Apple's XCTest: `Asynchronous wait failed: Exceeded timeout of 1
    ///   seconds, with unfulfilled expectations: "DESC".` (`%g` seconds).
    /// - corelibs-XCTest: `Asynchronous wait failed - Exceeded timeout of 1.0
    ///   seconds, with unfulfilled expectations: DESC` (the `TimeInterval` as
    ///   Swift prints it).
    static func timeoutHeadline(after timeout: TimeInterval, in framework: TestFramework) -> String {
        // Milliseconds, as the timeout is multiplied: 0.15, not 0.15000000000000002.
        let seconds = (timeout * 1000).rounded() / 1000
        #if !canImport(ObjectiveC)
        if framework == .xcTest {
            return "Asynchronous wait failed - Exceeded timeout of \(seconds) seconds, with unfulfilled expectations: "
        }
        #endif
        let printed = seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int(seconds))" : "\(seconds)"
        return "Asynchronous wait failed: Exceeded timeout of \(printed) seconds, with unfulfilled expectations: "
    }

    /// How XCTest's waiter quotes an expectation's description, on this
    /// platform: in double quotes on Apple platforms (and in Swift Testing);
    /// in corelibs-XCTest, bare after a timeout and in single quotes after an
    /// inverted expectation was fulfilled.
    static func quote(_ description: String, invertedFulfilled: Bool, in framework: TestFramework) -> String {
        #if !canImport(ObjectiveC)
        if framework == .xcTest {
            return invertedFulfilled ? "'\(description)'" : description
        }
        #endif
        return "\"\(description)\""
    }

    /// Whether the name of an expectation without a description goes in
    /// ``quote(_:invertedFulfilled:in:)``'s quotes: where XCTest's waiter
    /// would quote an empty description visibly and there alone —
    /// corelibs-XCTest writes `Fulfilled inverted expectation ''`, so the
    /// name keeps those quotes (`'recorder.next().inverted'`). Elsewhere
    /// the name stands bare.
    static func quotesName(invertedFulfilled: Bool, in framework: TestFramework) -> Bool {
        #if !canImport(ObjectiveC)
        return invertedFulfilled && framework == .xcTest
        #else
        return false
        #endif
    }

    /// The words XCTest's waiter starts with when an inverted expectation is
    /// fulfilled, on this platform; Swift Testing has no such legacy.
    static func invertedFulfilledHeadline(in framework: TestFramework) -> String {
        #if canImport(ObjectiveC)
        return "Fulfilled inverted expectation"
        #else
        return framework == .xcTest ? "Asynchronous wait failed - Fulfilled inverted expectation" : "Fulfilled inverted expectation"
        #endif
    }

    /// Records a failure at `site`, in the framework that runs the current
    /// test.
    static func fail(_ message: String, at site: CallSite) {
        fail(message, at: site, in: .current)
    }

    /// Records a failure that no test claimed (see ``OrphanFailures``): in
    /// XCTest if one of its tests runs now, and as an issue of no test in
    /// Swift Testing.
    static func failUnclaimed(_ message: String, at site: CallSite) {
        if XCTestBoundaries.phase == .running { XCTestRules.xcTestFail(message, at: site) }
        #if canImport(Testing)
        XCTestRules.recordUnclaimedIssue(message, at: site.sourceLocation)
        #endif
    }

    /// Records a failure at `site`, in the given framework; while no test
    /// runs in either framework, writes it to standard error and makes the
    /// run fail (``FailuresOutsideTests``).
    ///
    /// `xcTest` is the number of the XCTest test the failure belongs to,
    /// when it belongs to one (a double's), for the strict lane's check.
    static func fail(_ message: String, at site: CallSite, in framework: TestFramework, xcTest: Int? = nil) {
        if FailureCapture.capture(message, at: site, in: framework) { return }
        if FailuresOutsideTests.noTestRuns {
            FailuresOutsideTests.report(message, at: site)
            return
        }
        switch framework {
        case .xcTest:
            XCTestRules.xcTestFail(message, at: site, ownedBy: xcTest)
        case .swiftTesting:
            #if canImport(Testing)
            XCTestRules.recordIssue(message, at: site.sourceLocation)
            #else
            XCTestRules.xcTestFail(message, at: site)
            #endif
        }
    }
}

#if canImport(Testing)
extension CallSite {
    /// The place, as Swift Testing spells it.
    var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: String(describing: fileID), filePath: String(describing: filePath),
            line: Int(line), column: Int(column))
    }
}
#endif
