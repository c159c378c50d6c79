import Foundation

/// How a recorded-values or recorded-events assertion waits before it
/// compares: not at all, in real time, or in a virtual scheduler's time.
/// The wait never fails by itself: the comparison that follows does.
struct RecordAssertionWait {
    /// Waits for `condition`, and describes how long it waited ("1 second",
    /// "1s of virtual time"); nil when it did not wait.
    let run: (_ recording: any WaitableRecording, _ condition: WaitCondition, _ site: CallSite) -> String?
    /// Whether the wait was in real time: a timed recorder then earns a hint.
    let isRealTime: Bool

    static func realTime(_ timeout: TimeInterval?) -> RecordAssertionWait {
        RecordAssertionWait(run: { recording, condition, site in
            guard let timeout else { return nil }
            let plan = WaitPlan<Void>(
                recording: recording, condition: condition, name: "recorder", goal: "the expected records",
                isInverted: false, failsOnTimeout: false,
                conclude: { WaitConclusion(isFulfilled: true, summary: "", recordedNothing: false, result: .success(())) })
            try? SynchronousWaiter.wait(for: plan, timeout: timeout, description: "", at: site, in: .current)
            return WaitPlan<Void>.format(ProbeSettings.effectiveTimeout(timeout))
        }, isRealTime: true)
    }

    static func virtual<T, O>(_ timeout: VirtualScheduler<T, O>.Stride?, on scheduler: VirtualScheduler<T, O>) -> RecordAssertionWait {
        RecordAssertionWait(run: { recording, condition, site in
            let plan = WaitPlan<Void>(
                recording: recording, condition: condition, name: "recorder", goal: "the expected records",
                isInverted: false, failsOnTimeout: false,
                conclude: { WaitConclusion(isFulfilled: true, summary: "", recordedNothing: false, result: .success(())) })
            let wait = VirtualWait(
                scheduler: scheduler, expectation: PlannedExpectation(plan: plan), timeout: timeout,
                description: "", site: site)
            try? wait.finish(scheduler.drive(wait))
            return "\(wait.timeout) of virtual time"
        }, isRealTime: false)
    }

    /// A sentence that follows a real-time shortfall, when the recorder's
    /// events are timed by a virtual scheduler: that scheduler, not the
    /// clock on the wall, moves the code under test.
    /// Without a timed recorder, the hint names the virtual schedulers of
    /// the test that have actions pending, if any.
    func hint(_ recording: any WaitableRecording, at site: CallSite) -> String {
        guard isRealTime else { return "" }
        if (recording as? any VirtualTimedRecording)?.isTimedByVirtualScheduler == true {
            return ". " + VirtualTimeHint.assertion
        }
        guard let pending = PendingVirtualSchedulers.pendingWork(at: site) else { return "" }
        return ". " + VirtualTimeHint.pendingAssertion(pending)
    }
}

/// An expectation made of a wait plan, for the waits that take an
/// expectation.
struct PlannedExpectation<Output>: PublisherExpectation {
    let plan: WaitPlan<Output>

    func get() throws -> Output { try plan.conclude().result.get() }
    func makeWaitPlan() -> WaitPlan<Output> { plan }
}

/// A recording that may be timed by a virtual scheduler.
protocol VirtualTimedRecording {
    var isTimedByVirtualScheduler: Bool { get }
}

extension RecorderStorage: VirtualTimedRecording {
    var isTimedByVirtualScheduler: Bool { clock != nil }
}

/// What a real-time wait says when the recorder is timed by a virtual
/// scheduler.
enum VirtualTimeHint {
    static let assertion = "This recorder is timed by a virtual scheduler: pass `scheduler:` to wait in virtual time"
    static let wait = "(This recorder is timed by a virtual scheduler: real time does not move it; "
        + "wait with `scheduler.wait(for:timeout:)`, in virtual time.)"

    /// For an assertion on a recorder that is not timed, while `pending`
    /// (see `PendingVirtualSchedulers`) describes virtual schedulers with
    /// actions pending.
    static func pendingAssertion(_ pending: String) -> String {
        "\(pending); if the code under test runs on one, pass `scheduler:` to wait in virtual time"
    }

    /// For a real-time wait on a recorder that is not timed (see
    /// ``pendingAssertion(_:)``).
    static func pendingWait(_ pending: String) -> String {
        "(\(pending); if the code under test runs on one, wait with `scheduler.wait(for:timeout:)`, in virtual time.)"
    }
}
