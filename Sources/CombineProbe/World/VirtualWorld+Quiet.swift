import Foundation

// When the world is quiet: the one definition, asked by every step of every
// move of time (`advance`, `run`, `start`, the waits, the record assertions,
// sync or async) through the scheduler's step driver.
//
// - The timers' consumers have run after their ticks (`TicksInFlight`).
// - The executor has no job running, ready or held, and its main-actor
//   round trips are over (`VirtualTaskExecutor.quiescence(grace:)`).
// - The work in flight that feeds the world — a double's background answer,
//   a NetworkStub's request (`InFlightWork`) — has landed: before every
//   action a step takes (`landWorkInFlight()`), and, where the world's
//   tasks join (app code as written awaits such work), as part of the
//   async step's quiet (`settle(at:)`).

extension VirtualWorld {
    /// Waits until the world is quiet (see above), with a grace period of
    /// real time (the default timeout) for each part. When a part takes
    /// longer (a task blocking its thread, a blocked main thread), it gives
    /// up with a test failure at `site` that says what still runs, and
    /// returns false, so that the step stops waiting for quiet and time
    /// moves on: never a hang.
    ///
    /// It runs in the caller's isolation (`isolation`), and so do its
    /// waits: a step on the main actor waits there, with no hop to the
    /// global executor and back for each action.
    @discardableResult
    func settle(at site: CallSite, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        // Work in flight that the world's members started is part of the
        // world's quiet: once the world is quiet, it lands, and the world
        // settles again around what it handed back, until nothing lands
        // (issue 41, C: a step returned while an answer a woken task
        // awaited was still on its way, and the test read the model before
        // the task went on).
        while true {
            guard await settleTasks(at: site) else { return false }
            // Only a world whose scope's tasks join (joinsTasks, an
            // exploration): there, tasks the step woke await such work as
            // app code writes it. (Elsewhere the work lands before each
            // action: see `landWorkInFlight()`.)
            guard joinsTasks else { return true }
            let (pending, hadAny) = await landWorkInFlight(isolation: isolation)
            // Work given up on is said by the step that waits for it.
            if hadAny, !pending.isEmpty { return true }
            // Nothing landed, and no job reached the world since it was
            // quiet (an answer that landed just after: its task may have
            // run already, and handed the main actor its next job). A step
            // awaited by a task of the world (`withTasks`) is itself such
            // work: it only lets what it waits for land.
            if !hadAny, currentTaskIsMember || !arrivedSinceQuiet { return true }
        }
    }

    /// The timers' consumers, then the executor's jobs and round trips.
    private func settleTasks(at site: CallSite, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let grace = ProbeSettings.current.defaultTimeout * ProbeSettings.current.timeoutMultiplier
        // The timers' consumers first: what a tick's consumer does runs
        // before the world is asked whether it is quiet.
        if !ticksInFlight.isEmpty, await !ticksInFlight.settle(grace: grace, isolation: isolation) {
            FailureReporter.fail(
                "VirtualScheduler: a timer's consumer did not run within \(grace) s of real time after its tick "
                + "at virtual time \(elapsed()): is its actor or thread blocked? Virtual time moves on without it.",
                at: site)
            return false
        }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            guard let executor = joinableExecutor else { return true }
            if case let .timedOut(diagnosis) = await executor.quiescence(grace: grace, isolation: isolation) {
                FailureReporter.fail(
                    "VirtualScheduler: the async work of the virtual world did not become quiescent within \(grace) s of real time "
                    + "at virtual time \(elapsed()): \(diagnosis). Virtual time moves on without it.",
                    at: site)
                return false
            }
        }
        return true
    }

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
    /// what lands).
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
