import Foundation
#if canImport(Testing)
import Testing
#endif

/// The Swift Testing test a failure belongs to: its identifier, and its
/// name for messages.
struct TestIdentity: Sendable, Equatable {
    let id: String
    let name: String

    /// The test running on the current task, if any.
    static var current: TestIdentity? {
        #if canImport(Testing)
        guard let test = Test.current else { return nil }
        return TestIdentity(id: String(describing: test.id), name: test.name)
        #else
        return nil
        #endif
    }
}

/// Failures of a Swift Testing test detected where that test cannot record
/// them: an exhaustive recorder made outside any scope (no trait, no
/// `withOverrides`) that goes away on another thread. Recorded from there,
/// the issue would belong to no test ("Test «unknown»") and the test would
/// pass.
///
/// Such a failure is recorded in its test the next time that test calls
/// CombineProbe (records a publisher, waits, reads an expectation…), or
/// written to standard error when the process exits if that never happens.
/// A scope — the `.exhaustiveRecorders`
/// trait, `ProbeSettings.withOverrides` — checks its recorders on the test's
/// own task, and never needs this.
enum PendingTestFailures {
    private struct Pending {
        let test: TestIdentity
        let message: String
        let site: CallSite
    }

    private static let pending = Locked<[Pending]>([])

    /// Keeps a failure for `test`; without a test, records it now.
    static func keep(_ message: String, at site: CallSite, for test: TestIdentity?) {
        guard let test else {
            FailureReporter.fail(message, at: site, in: .swiftTesting)
            return
        }
        _ = writtenAtExit
        pending.withLock { $0.append(Pending(test: test, message: message, site: site)) }
    }

    /// Writes the failures that no test claimed to standard error when the
    /// process exits (registered once, by the first failure kept): a failure
    /// that its test records is shown by the framework, and a passing test
    /// that expects it stays quiet.
    private static let writtenAtExit: Void = {
        atexit { PendingTestFailures.writeUnclaimedFailures() }
    }()

    static func writeUnclaimedFailures() {
        for failure in pending.withLock({ $0 }) {
            FileHandle.standardError.write(Data(("CombineProbe: \(failure.site): \(failure.message) "
                + "(detected outside test \(failure.test.name), which did not use CombineProbe again)\n").utf8))
        }
    }

    /// Records the failures kept for the test running on the current task.
    static func deliverToCurrentTest() {
        guard pending.withLock({ !$0.isEmpty }), let test = TestIdentity.current else { return }
        let mine: [Pending] = pending.withLock { pending in
            let mine = pending.filter { $0.test == test }
            pending.removeAll { $0.test == test }
            return mine
        }
        for failure in mine {
            FailureReporter.fail(failure.message, at: failure.site, in: .swiftTesting)
        }
    }
}
