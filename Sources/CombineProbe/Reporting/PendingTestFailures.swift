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
/// Such a failure is written to standard error at once, and recorded in its
/// test the next time that test calls CombineProbe (records a publisher,
/// waits, reads an expectation…). A scope — the `.exhaustiveRecorders`
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
        pending.withLock { $0.append(Pending(test: test, message: message, site: site)) }
        FileHandle.standardError.write(Data(
            "CombineProbe: \(site): \(message) (detected outside test \(test.name); recorded when it next uses CombineProbe)\n".utf8))
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
