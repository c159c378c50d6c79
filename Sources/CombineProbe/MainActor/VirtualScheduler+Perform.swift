import Foundation

// Where a virtual scheduler's actions run, action by action.
//
// Every move of time goes through the step driver
// (`VirtualScheduler+StepDriver.swift`), which runs its steps where the
// actions run: on the main actor for a main-actor scheduler, with one hop
// for the whole move of time. And below it, every scheduled action runs
// through `perform(_:)`, which checks the context again: an action reached
// from another thread anyway never runs a main-actor scheduler's action off
// the main actor.

extension VirtualScheduler {
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
