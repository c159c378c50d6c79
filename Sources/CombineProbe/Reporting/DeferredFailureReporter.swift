import Foundation

/// Reports failures at a fixed place — where a mock or a stub was created —
/// in the framework that ran the test that created it.
///
/// A Swift Testing issue can only be recorded from the test's own task. A
/// failure detected on another thread (a mock called from a background queue,
/// a request answered on URLSession's queue) is kept, and delivered the next
/// time the test touches the object, or when the object goes away: never
/// lost, never sent to the wrong framework.
///
/// A reporter made where the framework cannot be told at all (a free-function
/// double called by the code under test on a background thread) keeps its
/// failures until the test touches its publisher (subscribes to it) from a
/// place where the framework is known, and records them through both
/// frameworks (and writes them to standard error) if nothing claimed them
/// within ``OrphanFailures/deadline``, or writes them to standard error if
/// the process exits first: recording them through the wrong framework would
/// drop them.
final class DeferredFailureReporter: Sendable {
    let site: CallSite
    /// The framework of the test that made the object; nil when unknown.
    let framework: TestFramework?
    /// The Swift Testing test (and task) that made the object, as
    /// `DeliveryGate.currentTest` spells it; empty otherwise.
    let owner: String
    /// The number of the XCTest test that made the object (see
    /// `XCTestBoundaries.currentTest()`), when XCTest's observer knew it.
    let xcTest: Int?
    private let pending = Locked<[String]>([])

    /// - parameter endsWithItsTest: Whether the object belongs to the XCTest
    ///   test that made it (a double), so that its failures after that test
    ///   ended fail the run from standard error (see `itsXCTestEnded`);
    ///   false for an object that later tests may share (a scheduler).
    init(site: CallSite, framework: TestFramework? = .current, endsWithItsTest: Bool = true) {
        self.site = site
        self.framework = framework
        owner = framework == .swiftTesting ? DeliveryGate.currentTest : ""
        xcTest = framework == .xcTest && endsWithItsTest ? XCTestBoundaries.currentTest() : nil
    }

    /// Whether the XCTest test that made the object has ended: XCTest runs
    /// another test now, or none. Its failures then belong to no running
    /// test: recorded in the next one, they would fail a test that did
    /// nothing wrong, and between tests XCTest drops them.
    private var itsXCTestEnded: Bool {
        guard framework == .xcTest, let xcTest else { return false }
        return XCTestBoundaries.phase == .between || XCTestBoundaries.currentTest() != xcTest
    }

    /// Reports `message`, detected after the XCTest test that made the
    /// object ended, as a failure of no test (``FailuresOutsideTests``):
    /// standard error, with the object's place, and a failing run.
    private func reportAfterItsTestEnded(_ message: String) {
        FailuresOutsideTests.report(message, at: site, because: Self.afterItsTestEnded)
    }

    /// Why a failure went to standard error: its XCTest test had ended.
    static let afterItsTestEnded =
        "(detected after the XCTest test that made this double had ended: no running test owns it, so the run fails)"

    /// Records the failure now if the current task can, or keeps it. A
    /// failure of a Swift Testing test detected on another thread while
    /// that test runs `XCTExpectFailures` is captured there.
    func report(_ message: String) {
        guard let framework = framework ?? TestFramework.detected else {
            keepUnattributed(message)
            return
        }
        if itsXCTestEnded {
            reportAfterItsTestEnded(message)
        } else if TestFramework.canRecordNow(for: framework) {
            FailureReporter.fail(message, at: site, in: framework, xcTest: xcTest)
        } else if !owner.isEmpty, let scope = FailureCapture.open(in: owner) {
            scope.keep(message, at: site)
        } else {
            pending.withLock { $0.append(message) }
        }
    }

    /// Records the failures kept by ``report(_:)``, if their framework is
    /// known here.
    func deliverPending() {
        deliver(in: framework ?? TestFramework.detected)
    }

    /// Records the kept failures in `framework`, if it can be recorded from
    /// here; keeps them otherwise.
    ///
    /// XCTest's failures wait for one of its tests to run: recorded between
    /// tests, XCTest would drop them (Apple's may stop the process).
    func deliver(in framework: TestFramework?) {
        guard let framework else { return }
        if itsXCTestEnded {
            for message in takePending() { reportAfterItsTestEnded(message) }
            return
        }
        let canRecord = TestFramework.canRecordNow(for: framework)
        guard canRecord || (self.framework == framework && framework == .swiftTesting) else { return }
        let messages: [String] = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for message in messages {
            FailureReporter.fail(message, at: site, in: framework, xcTest: xcTest)
        }
    }

    private func keepUnattributed(_ message: String) {
        pending.withLock { $0.append(message) }
        // Standard error only for a failure that no test claims: one that a
        // test records is shown by its framework, and a passing test that
        // expects it (withKnownIssue) stays quiet.
        OrphanFailures.keep(self)
        DispatchQueue.global().asyncAfter(deadline: .now() + OrphanFailures.deadline) { [self] in
            let messages: [String] = pending.withLock { pending in
                defer { pending.removeAll() }
                return pending
            }
            for message in messages {
                writeUnclaimed(message, "no test claimed it within \(WaitPlan<Void>.format(OrphanFailures.deadline)); "
                    + "recorded in the framework that runs a test now, if one does")
                FailureReporter.failUnclaimed(message, at: site)
            }
        }
    }

    /// Writes the failures still kept to standard error: called when the
    /// process exits, so that none is lost unseen.
    func writeUnclaimedFailures() {
        for message in pending.withLock({ $0 }) {
            writeUnclaimed(message, "the process exited before a test claimed it")
        }
    }

    private func writeUnclaimed(_ message: String, _ fate: String) {
        FileHandle.standardError.write(Data(
            "CombineProbe: \(site): \(message) (detected outside the test; \(fate))\n".utf8))
    }

    private func takePending() -> [String] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    deinit {
        deliverPending()
        // Those kept for an XCTest test gone (see deliver(in:)) fail the
        // run; the others are not lost unseen either.
        for message in takePending() {
            if framework == .xcTest {
                reportAfterItsTestEnded(message)
            } else {
                writeUnclaimed(message, "its test had ended")
            }
        }
    }
}
