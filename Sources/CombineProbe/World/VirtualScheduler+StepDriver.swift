// The step driver: every move of time of a virtual scheduler — `advance`,
// `run`, `start`, the waits in virtual time and the record assertions that
// wait, sync or async — goes through `drive(_:_:at:)` or
// `drive(_:at:isolation:)`, and nothing else runs a step's loop (see
// `WorldRulesWallTests`). The driver decides:
// - that a step is under way (the world's `beginStep(at:)`/`endStep(at:)`);
// - where the steps run: on the caller's thread, or on the main actor for a
//   scheduler made with `actionsOn: .mainActor` (one hop for the whole move
//   of time);
// - when the world settles: before the first step of an async move of
//   time, and after each step (see `VirtualWorld.settle(at:)`).
// A plan (`WorldStepPlan`) says what one step does.

extension VirtualScheduler {
    /// Runs a synchronous move of time to its end, where the scheduler's
    /// actions run. False when the main actor did not take the work within
    /// the grace period: nothing ran, after a test failure at `site` that
    /// names `call` (no failure when `site` is nil: the caller says what
    /// that means).
    @inline(__always)
    @discardableResult
    func drive<Plan: WorldStepPlan>(_ plan: inout Plan, _ call: String, at site: CallSite?) -> Bool {
        beginStep()
        defer { endStep() }
        func steps() {
            guard plan.begin() else { return }
            while plan.step(worldSettles: false) == .goOn {}
        }
        guard let site else { return onActionThread(steps) != nil }
        return onActionThread(call, at: site, steps) != nil
    }

    /// Runs an async move of time to its end, letting the virtual world
    /// settle before its first step and after each one: a task that a
    /// step woke runs until it is quiet again before time moves on. On a
    /// main-actor scheduler the whole move of time runs on the main actor
    /// (one hop there and back). Returns the plan, with what it found.
    func drive<Plan: WorldStepPlan>(
        _ plan: Plan, at site: CallSite, isolation: isolated (any Actor)? = #isolation
    ) async -> Plan {
        beginStep()
        defer { endStep() }
        if actionContext == .mainActor {
            StepProfile.hop(MainActorCheck.isCurrent ? 0 : 2) // there and back
            return await driveOnMainActor(UncheckedSendable(plan), at: site).value
        }
        return await settleAndStep(plan, at: site)
    }

    @MainActor
    private func driveOnMainActor<Plan: WorldStepPlan>(_ plan: UncheckedSendable<Plan>, at site: CallSite) async -> UncheckedSendable<Plan> {
        UncheckedSendable(await settleAndStep(plan.value, at: site))
    }

    /// The async loop, in the caller's isolation.
    private func settleAndStep<Plan: WorldStepPlan>(
        _ plan: Plan, at site: CallSite, isolation: isolated (any Actor)? = #isolation
    ) async -> Plan {
        var plan = plan
        // Once the world gave up settling (a task blocking its thread: a
        // test failure said so), the steps no longer wait for it.
        var settling = await world.settle(at: site)
        guard plan.begin() else { return plan }
        while true {
            switch plan.step(worldSettles: settling) {
            case .goOn:
                break
            case .done:
                return plan
            case .doneUnlessTheWorldMoves:
                // Work that landed during the step (a request's completion
                // resuming a task of the world) may have handed the world a
                // job: it runs before the plan's end is taken as final.
                guard settling else { return plan }
                let jobsRun = world.jobsRun
                settling = await world.settle(at: site)
                if world.jobsRun == jobsRun { return plan }
            }
            if settling { settling = await world.settle(at: site) }
        }
    }

    /// Notes that a move of time starts (see `VirtualWorld.beginStep(at:)`).
    private func beginStep() {
        world.beginStep(at: elapsed)
    }

    /// Notes that a move of time ended; the last one to end abandons the
    /// sleeps from outside that it left behind due already.
    private func endStep() {
        let abandoned = world.endStep(at: elapsed)
        if !abandoned.isEmpty { abandon(abandoned) }
    }
}
