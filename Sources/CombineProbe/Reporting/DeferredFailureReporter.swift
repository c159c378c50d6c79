/// Reports failures at a fixed place — where a mock or a stub was created —
/// in the framework that ran the test that created it.
///
/// A Swift Testing issue can only be recorded from the test's own task. A
/// failure detected on another thread (a mock called from a background queue,
/// a request answered on URLSession's queue) is kept, and delivered the next
/// time the test touches the object, or when the object goes away: never
/// lost, never sent to the wrong framework.
final class DeferredFailureReporter: Sendable {
    let site: CallSite
    let framework: TestFramework
    private let pending = Locked<[String]>([])

    init(site: CallSite, framework: TestFramework = .current) {
        self.site = site
        self.framework = framework
    }

    /// Records the failure now if the current task can, or keeps it.
    func report(_ message: String) {
        if TestFramework.canRecordNow(for: framework) {
            FailureReporter.fail(message, at: site, in: framework)
        } else {
            pending.withLock { $0.append(message) }
        }
    }

    /// Records the failures kept by ``report(_:)``.
    func deliverPending() {
        let messages: [String] = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for message in messages {
            FailureReporter.fail(message, at: site, in: framework)
        }
    }

    deinit {
        deliverPending()
    }
}
