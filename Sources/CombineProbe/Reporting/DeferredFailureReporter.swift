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
/// place where the framework is known, writes them at once to standard
/// error, and records them through both frameworks if nothing claimed them
/// within ``OrphanFailures/deadline``: recording them through the wrong
/// framework would drop them.
final class DeferredFailureReporter: Sendable {
    let site: CallSite
    /// The framework of the test that made the object; nil when unknown.
    let framework: TestFramework?
    private let pending = Locked<[String]>([])

    init(site: CallSite, framework: TestFramework? = .current) {
        self.site = site
        self.framework = framework
    }

    /// Records the failure now if the current task can, or keeps it.
    func report(_ message: String) {
        guard let framework = framework ?? TestFramework.detected else {
            keepUnattributed(message)
            return
        }
        if TestFramework.canRecordNow(for: framework) {
            FailureReporter.fail(message, at: site, in: framework)
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
    func deliver(in framework: TestFramework?) {
        guard let framework, TestFramework.canRecordNow(for: framework) || self.framework == framework else { return }
        let messages: [String] = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for message in messages {
            FailureReporter.fail(message, at: site, in: framework)
        }
    }

    private func keepUnattributed(_ message: String) {
        pending.withLock { $0.append(message) }
        FileHandle.standardError.write(Data(
            "CombineProbe: \(site): \(message) (detected outside the test; recorded when the test next uses this double)\n".utf8))
        OrphanFailures.keep(self)
        DispatchQueue.global().asyncAfter(deadline: .now() + OrphanFailures.deadline) { [self] in
            let messages: [String] = pending.withLock { pending in
                defer { pending.removeAll() }
                return pending
            }
            for message in messages {
                FailureReporter.fail(message, at: site, in: .xcTest)
                FailureReporter.fail(message, at: site, in: .swiftTesting)
            }
        }
    }

    deinit {
        deliverPending()
    }
}
