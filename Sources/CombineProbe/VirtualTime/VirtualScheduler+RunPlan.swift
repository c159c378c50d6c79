import Foundation

extension VirtualScheduler {
    /// One `run()`: where its horizon ends, and how many actions it ran.
    /// Its ends are read when it begins (see ``begin()``): after the world
    /// settled, for an async run, so that what the world's tasks scheduled
    /// meanwhile counts as work pending when the run started.
    struct RunPlan: WorldStepPlan {
        let scheduler: VirtualScheduler
        let maximumActions: Int
        let site: CallSite
        var horizon: Int64 = 0
        /// Where the horizon ends, in nanoseconds since the start and as a
        /// date (two fields, not a tuple of the generic date, whose type
        /// metadata each step would look up).
        var endOffset: Int64 = 0
        /// The first identifier of the schedules made during the run.
        var firstNewID: UInt64 = 0
        /// Where chains of one-shot actions made during the run end: the
        /// horizon past the later of now and the last one-shot action
        /// pending when the run started, so that finite work, however far
        /// off, and what it schedules run, and an endless chain (a task
        /// sleeping in a loop) does not.
        var chainEnd: Int64 = 0
        var actions = 0
        /// Last: the fields before them are at offsets known when compiling,
        /// those after a generic field are looked up at run time.
        var endDate: SchedulerTimeType
        let horizonStride: Stride

        init(_ scheduler: VirtualScheduler, horizon: Stride, maximumActions: Int = VirtualScheduler.maximumRunActions, at site: CallSite) {
            self.scheduler = scheduler
            self.maximumActions = maximumActions
            self.site = site
            endDate = scheduler.start
            horizonStride = horizon
        }

        /// Reads where the run ends. False, after a test failure at `site`,
        /// when the horizon is negative or not finite.
        mutating func begin() -> Bool {
            scheduler.reporter.deliverPending()
            let horizon = horizonStride
            guard horizon >= .zero, let nanoseconds = StrideNanoseconds.finite(horizon) else {
                FailureReporter.fail("VirtualScheduler.run(horizon: \(StrideNanoseconds.describe(horizon))): the horizon must be zero or positive, and finite; nothing ran.", at: site)
                return false
            }
            self.horizon = nanoseconds
            let end = scheduler.target(after: horizon, nanoseconds: nanoseconds)
            endOffset = end.offset
            let (madeSoFar, latest) = scheduler.state.withLock { ($0.queue.schedulesMade, $0.queue.latestOneShotDue()) }
            firstNewID = madeSoFar + 1
            chainEnd = max(end.offset, latest.map { ActionQueue.adding($0, nanoseconds) } ?? end.offset)
            endDate = end.date
            return true
        }

        /// Runs the next action; done when the run is over (nothing left,
        /// or endless work stopped with a test failure).
        mutating func step(worldSettles: Bool) -> StepMove {
            if runNextAction() { return .goOn }
            scheduler.reporter.deliverPending()
            return .done
        }

        /// Runs the next action; false when the run is over (nothing left,
        /// or endless work stopped with a test failure).
        ///
        /// One lock round trip per action: the head is read, and taken when
        /// it runs, under the same lock.
        private mutating func runNextAction() -> Bool {
            let scheduler = scheduler
            // Work outside virtual time lands first, as before any action a
            // step takes (see VirtualWorld+Quiet).
            scheduler.world.landWorkInFlight()
            let endOffset = endOffset
            let chainEnd = chainEnd
            let firstNewID = firstNewID
            let isAtMaximum = actions >= maximumActions
            var stop: ActionQueue.Head?
            // Written, not returned: see `runNextAction(atOrBefore:)`.
            var action: (() -> Void)?
            scheduler.state.withLock { state in
                guard let head = state.queue.peek() else { return }
                let pastTheEnd = head.interval == nil
                    ? head.due > chainEnd && head.id >= firstNewID
                    : head.due > endOffset
                if pastTheEnd || isAtMaximum {
                    stop = head
                    return
                }
                var due: Int64 = 0
                var date: AnyObject?
                action = state.queue.popFirst(elapsed: state.elapsed, due: &due, date: &date)
                scheduler.moveClock(&state, toDue: due, exactDate: date)
            }
            if let action = consume action {
                scheduler.perform(action)
                actions += 1
                return true
            }
            guard let head = stop else { return false }
            return stopped(at: head)
        }

        /// What the horizon's failure adds about a repeating schedule that
        /// the code under test may never have made: the scheduler cannot
        /// tell which code made it (on Linux the operators' frames have no
        /// names), so it names the operator known to leave one behind.
        static var repeatingLeftoverHint: String {
            #if COMBINEPROBE_OPENCOMBINE
            " (If the code under test makes no repeating schedule, an operator made it: OpenCombine 0.14.0's timeout "
                + "schedules its timer as a repeating one, and keeps it after the timeout fired or the upstream completed. "
                + "Advance by a fixed time past the timeout, or cancel the subscription; see Pitfalls, Linux and OpenCombine.)"
            #else
            ""
            #endif
        }

        /// Ends the run before `head`, with a test failure: a repeating
        /// schedule past the horizon, or a chain at its maximum of actions.
        /// Not inlined: its temporaries of the generic types would make
        /// `step()` look their type metadata up on every action.
        @inline(never)
        private func stopped(at head: ActionQueue.Head) -> Bool {
            if let interval = head.interval, head.due > endOffset {
                scheduler.moveClock(to: endOffset, date: endDate)
                scheduler.reporter.deliverPending()
                let pending = scheduler.pendingActionCount
                FailureReporter.fail(
                    "VirtualScheduler.run() stopped at its horizon of \(VirtualTime(nanoseconds: horizon)) of virtual time "
                    + "(virtual time is now \(scheduler.elapsed)): a repeating schedule, every \(VirtualTime(nanoseconds: interval)), "
                    + "is due again at \(VirtualTime(nanoseconds: head.due)), and never runs out "
                    + "(\(pending) action\(pending == 1 ? "" : "s") still scheduled). "
                    + "Advance by a fixed time instead, cancel the repeating schedule, or pass a larger horizon."
                    + Self.repeatingLeftoverHint,
                    at: site)
                return false
            }
            if head.interval == nil && head.due > chainEnd && head.id >= firstNewID {
                let elapsed = scheduler.elapsed
                scheduler.reporter.deliverPending()
                let pending = scheduler.pendingActionCount
                FailureReporter.fail(
                    "VirtualScheduler.run() stopped at virtual time \(elapsed): a chain of one-shot actions scheduled during "
                    + "the run keeps scheduling the next — a task sleeping in a loop on the scheduler's clock or sleep(for:), "
                    + "or an action that schedules itself again — and the next is due at \(VirtualTime(nanoseconds: head.due)), "
                    + "past the horizon of \(VirtualTime(nanoseconds: horizon)) beyond the work scheduled when the run started "
                    + "(\(pending) action\(pending == 1 ? "" : "s") still scheduled, \(actions) run). "
                    + "Advance by a fixed time instead, end the loop (cancel its task), or pass a larger horizon.",
                    at: site)
                return false
            }
            // Stopped with the head in place: the chain ran its maximum.
            scheduler.reporter.deliverPending()
            FailureReporter.fail(
                "VirtualScheduler.run() stopped after running \(actions) actions (virtual time is now \(scheduler.elapsed)): "
                + "the scheduled work keeps scheduling more, and the next action is due at \(VirtualTime(nanoseconds: head.due)). "
                + "Advance by a fixed time instead, or end the chain.",
                at: site)
            return false
        }
    }
}
