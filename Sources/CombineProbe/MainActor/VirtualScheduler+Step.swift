import Foundation

// The one place that decides where a virtual scheduler's actions run.
//
// Every synchronous move of time — `advance(by:)`, `advance(to:)`, `run()`,
// `wait(for:timeout:)`, `start(created:subscribed:cancelled:)`, the record
// assertions that wait in virtual time — is a step: `step(_:at:_:)` notes
// it (see `beginStep()`), and runs its body where the actions run (see
// `onActionThread(_:)`). The async moves of time hop to the main actor once
// for the whole call. And below them all, every scheduled action runs
// through `perform(_:)`, which checks the context again: an entry point that
// forgot to step still never runs a main-actor scheduler's action off the
// main actor.

extension VirtualScheduler {
    /// Runs `body`, a synchronous move of time, as one step where the
    /// scheduler's actions run. Nil when the main actor did not take the
    /// work within the grace period, after a test failure at `site` that
    /// names `call`: `body` did not run.
    func step<T>(_ call: String, at site: CallSite, _ body: () -> T) -> T? {
        beginStep()
        defer { endStep() }
        return onActionThread(call, at: site, body)
    }

    /// Runs `body`, a synchronous move of time, as one step where the
    /// scheduler's actions run; nil, with no failure, when the main actor
    /// did not take the work: the caller says what that means.
    func stepReportingNothing<T>(_ body: () -> T) -> T? {
        beginStep()
        defer { endStep() }
        return onActionThread(body)
    }

    /// Runs one scheduled action where the scheduler's actions run. Every
    /// action the scheduler runs comes through here.
    ///
    /// A step on a main-actor scheduler already runs on the main actor, so
    /// this is one comparison. Should some move of time reach an action
    /// from another thread anyway, the action is handed to the main actor
    /// and waited for, rather than run where a `@MainActor` sink would stop
    /// the process; if the main actor does not take it within the grace
    /// period, it does not run, and the test fails at the line that created
    /// the scheduler.
    @inline(__always)
    func perform(_ action: () -> Void) {
        if actionContext == .mainActor, !MainActorCheck.isCurrent {
            performOnMainActor(action)
        } else {
            action()
        }
    }

    @inline(never)
    private func performOnMainActor(_ action: () -> Void) {
        if MainActorHop.perform(grace: Self.mainActorGrace, action) != nil { return }
        reporter.report(
            "VirtualScheduler: an action due at \(elapsed) had to run on the main actor (actionsOn: .mainActor), "
            + "and the main thread did not take it within \(Self.mainActorGrace) s of real time: is it blocked, "
            + "waiting for the thread that moves time? The action did not run.")
    }
}
