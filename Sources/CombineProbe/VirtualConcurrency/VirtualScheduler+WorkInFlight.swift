import Foundation

// Work outside virtual time that feeds it — a double's background answer,
// a NetworkStub's request in flight (see `InFlightWork`) — lands before any
// step moves time on, whatever the step: `advance`, `run`, a wait, a record
// assertion, sync or async. Every action a step runs is taken by
// `runNextAction(atOrBefore:)` or by `run()`'s `RunPlan.step()`, which ask
// `landWorkInFlight()` first: one rule (issue 41, C: before, only a wait let such work land,
// and an `advance` ran the next action while a double's answer was still on
// its way).

extension VirtualScheduler {
    /// Lets the current test's work in flight land, within the grace period
    /// of real time (the default timeout), before the step takes its next
    /// action. Once a step gave up on some work, it does not wait for work
    /// again (its wait says what did not land). Returns what is still in
    /// flight after the grace period, and whether there was any work at all.
    ///
    /// Nothing in flight, the common case: one look under a lock.
    @discardableResult
    func landWorkInFlight() -> (pending: [String], hadAny: Bool) {
        guard !InFlightWork.shared.isEmpty else { return ([], false) }
        let gaveUp = steps.withLock { $0.gaveUpOnWork }
        let grace = gaveUp.isEmpty ? ProbeSettings.current.defaultTimeout * ProbeSettings.current.timeoutMultiplier : 0
        let (pending, hadAny) = InFlightWork.shared.settle(owner: .current, grace: grace)
        if !pending.isEmpty, gaveUp.isEmpty {
            steps.withLock { $0.gaveUpOnWork = pending }
        }
        return (pending, hadAny)
    }

    /// ``landWorkInFlight()`` without blocking the caller's thread: it
    /// suspends in the caller's isolation (the main actor stays free for
    /// what lands). What a step's quiet waits for (see `quiescence(at:)`).
    func landWorkInFlight(isolation: isolated (any Actor)? = #isolation) async -> (pending: [String], hadAny: Bool) {
        guard !InFlightWork.shared.isEmpty else { return ([], false) }
        let gaveUp = steps.withLock { $0.gaveUpOnWork }
        let grace = gaveUp.isEmpty ? ProbeSettings.current.defaultTimeout * ProbeSettings.current.timeoutMultiplier : 0
        let (pending, hadAny) = await InFlightWork.shared.settled(owner: .current, grace: grace, isolation: isolation)
        if !pending.isEmpty, gaveUp.isEmpty {
            steps.withLock { $0.gaveUpOnWork = pending }
        }
        return (pending, hadAny)
    }

    /// What the current step gave up waiting for (see
    /// ``landWorkInFlight()``), in the order it began.
    var workGivenUpOn: [String] {
        steps.withLock { $0.gaveUpOnWork }
    }
}
