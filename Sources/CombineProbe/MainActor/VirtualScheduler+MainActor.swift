import Foundation

// Where a virtual scheduler runs its actions: on the caller's thread, or on
// the main actor for a scheduler made with `actionsOn: .mainActor` (see
// VirtualActionContext).

extension VirtualScheduler {
    /// Whether the scheduler's actions run on the main actor.
    public var runsActionsOnMainActor: Bool { actionContext == .mainActor }

    /// Runs `body`, a synchronous move of time, where the scheduler's
    /// actions run: here, unless they run on the main actor and this is not
    /// the main thread; then on the main actor, while this thread waits.
    /// Nil when the main actor did not take the work within the grace
    /// period: `body` did not run.
    // Inlined: where the caller's `T` is known, no metadata of `T?` is
    // looked up at run time (some 450 instructions a call otherwise).
    @inline(__always)
    func onActionThread<T>(_ body: () -> T) -> T? {
        guard actionContext == .mainActor, !MainActorCheck.isCurrent else { return body() }
        return MainActorHop.perform(grace: Self.mainActorGrace, body)
    }

    /// `onActionThread(_:)`, reporting at `site` when the main actor did not
    /// take the work.
    @inline(__always)
    func onActionThread<T>(_ call: String, at site: CallSite, _ body: () -> T) -> T? {
        if let value = onActionThread(body) { return value }
        FailureReporter.fail(mainActorBlockedMessage(call), at: site)
        return nil
    }

    /// How long a synchronous move of time from another thread waits for the
    /// main actor to take its work, in seconds of real time.
    static var mainActorGrace: Double {
        ProbeSettings.current.defaultTimeout * ProbeSettings.current.timeoutMultiplier
    }

    /// The failure of a synchronous move of time whose work the main actor
    /// did not take.
    func mainActorBlockedMessage(_ call: String) -> String {
        "VirtualScheduler.\(call): this scheduler runs its actions on the main actor (actionsOn: .mainActor), "
            + "and this synchronous call came from another thread, but the main thread did not take the work "
            + "within \(Self.mainActorGrace) s of real time: is it blocked, waiting for this thread? Nothing ran, "
            + "and virtual time did not move (it is \(elapsed)). " + mainActorBlockedAdvice(call)
    }

    /// What to do instead of a synchronous move of time that the main
    /// actor did not take: its async form where there is one.
    private func mainActorBlockedAdvice(_ call: String) -> String {
        if Self.hasAsyncForm(call) {
            return "Move time with `await scheduler.\(call)` from an async test (it hops to the main actor), "
                + "or run the test on the main actor (@MainActor)."
        }
        return "Run the test on the main actor (@MainActor), or do not block the main thread while this call runs."
    }

    /// Whether a synchronous move of time has an async form that hops to
    /// the main actor by itself.
    static func hasAsyncForm(_ call: String) -> Bool {
        ["advance(by:)", "advance(to:)", "run()", "wait(for:timeout:)"].contains(call)
    }
}
