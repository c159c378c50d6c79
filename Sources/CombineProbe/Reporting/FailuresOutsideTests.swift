import Foundation

/// Failures detected while neither framework runs a test: in an XCTest
/// `class func setUp()` or `tearDown()`, between two XCTest tests, in a
/// process where no Swift Testing test ever ran.
///
/// Neither framework would show such a failure: corelibs-XCTest drops an
/// `XCTFail` with no test running (Apple's may stop the process), and Swift
/// Testing's `Issue.record` reaches no one in a process that XCTest runs.
/// So it is written to standard error at once, with its place, as a
/// compiler would write an error, and the process exits with status 1 when
/// it ends (``FailingExit``): the run fails, never passes with it unseen.
enum FailuresOutsideTests {
    /// The words on the line after each such failure on standard error.
    static let explanation =
        "(detected while no test runs: neither XCTest nor Swift Testing would show it, so the run fails)"

    /// Reports `message` at `site`, a failure of no test, with `reason`
    /// on the line after it.
    static func report(_ message: String, at site: CallSite, because reason: String = explanation) {
        FailingExit.add(.failureOutsideTests)
        FileHandle.standardError.write(Data("\(site.filePath):\(site.line): error: \(message)\n  \(reason)\n".utf8))
    }

    /// Whether no test of either framework runs now, from what the
    /// frameworks say: no Swift Testing test on this task, none ever in this
    /// process, and XCTest's observer saw its last test end (or was
    /// registered from XCTest's class-level `setUp()` or `tearDown()`, see
    /// ``XCTestBoundaries/observe(xcTestRunsATest:)``).
    static var noTestRuns: Bool {
        #if canImport(Testing)
        if TestFramework.swiftTestingIsCurrent { return false }
        #endif
        return XCTestBoundaries.phase == .between && !TestFramework.swiftTestingHasRun
    }
}
