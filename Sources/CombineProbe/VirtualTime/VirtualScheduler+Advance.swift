import Foundation

// Moving a virtual scheduler's time from synchronous code: `advance(by:)`,
// `advance(to:)` and `run(horizon:)`.

extension VirtualScheduler {
    /// Moves virtual time forward by `interval`, running every action that
    /// falls due meanwhile, in order, each at its own instant.
    ///
    /// `advance()` (by zero) runs the actions already due.
    ///
    /// A negative or non-finite interval is a test failure at the caller's
    /// line, and time does not move.
    ///
    /// - parameter interval: How far to move time.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func advance(
        by interval: Stride = .zero,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = step("advance(by:)", at: site) { advance(by: interval, at: site) }
    }

    private func advance(by interval: Stride, at site: CallSite) {
        // Not `target(advancingBy:at:)`: an optional tuple of the generic
        // date would cost a look-up of its type metadata.
        guard let nanoseconds = nanoseconds(advancingBy: interval, at: site) else { return }
        let target = target(after: interval, nanoseconds: nanoseconds)
        advance(to: target.offset, date: target.date)
    }

    /// Where `advance(by: interval)` moves to; nil, after a test failure at
    /// `site`, when the interval is negative or not finite.
    func target(advancingBy interval: Stride, at site: CallSite) -> (offset: Int64, date: SchedulerTimeType)? {
        guard let nanoseconds = nanoseconds(advancingBy: interval, at: site) else { return nil }
        return target(after: interval, nanoseconds: nanoseconds)
    }

    /// The nanoseconds of `advance(by: interval)`; nil, after a test failure
    /// at `site`, when the interval is negative or not finite.
    func nanoseconds(advancingBy interval: Stride, at site: CallSite) -> Int64? {
        reporter.deliverPending()
        guard interval >= .zero, let nanoseconds = StrideNanoseconds.finite(interval) else {
            FailureReporter.fail("VirtualScheduler.advance(by: \(StrideNanoseconds.describe(interval))): the interval must be zero or positive, and finite; virtual time did not move (it is \(elapsed)).", at: site)
            return nil
        }
        return nanoseconds
    }

    /// Moves virtual time forward to `date`, running every action that falls
    /// due until then, in order, each at its own instant.
    ///
    /// A `date` before ``now`` is a test failure at the caller's line, and
    /// time does not move.
    ///
    /// - parameter date: The instant to move to.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func advance(
        to date: SchedulerTimeType,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = step("advance(to:)", at: site) {
            guard let target = target(advancingTo: date, at: site) else { return }
            advance(to: target, date: date)
        }
    }

    /// The offset of `date` for `advance(to: date)`; nil, after a test
    /// failure at `site`, when it is in the past.
    func target(advancingTo date: SchedulerTimeType, at site: CallSite) -> Int64? {
        reporter.deliverPending()
        let target = offset(of: date)
        let elapsed = state.withLock { $0.elapsed }
        guard target >= elapsed else {
            FailureReporter.fail("VirtualScheduler.advance(to:): \(VirtualTime(nanoseconds: target)) is in the past (virtual time is \(VirtualTime(nanoseconds: elapsed))); virtual time did not move.", at: site)
            return nil
        }
        return target
    }

    func advance(to limit: Int64, date: SchedulerTimeType) {
        while runNextAction(atOrBefore: limit) {}
        moveClock(to: limit, date: date)
        reporter.deliverPending()
    }

    /// The default horizon of ``run(horizon:fileID:filePath:line:column:)``:
    /// one hour of virtual time.
    public static var defaultHorizon: Stride { .seconds(3600) }

    /// Runs every scheduled action, and those they schedule, until nothing is
    /// left, each at its own instant: all finite work is drained, however
    /// far in the future it falls due.
    ///
    /// Only endless work is bounded. A repeating schedule never runs out, so
    /// its runs stop at `horizon` from now. A chain of one-shot actions
    /// scheduled during the run — a task sleeping in a loop, an action that
    /// schedules itself again — stops at `horizon` past the later of now and
    /// the last one-shot action pending when the run started, and a chain at
    /// one instant after ``maximumRunActions`` actions. Either way a test
    /// failure at the caller's line describes the work that is left: advance
    /// by a fixed time instead, or end it. When everything ran, ``now`` is
    /// the instant of the last action.
    ///
    /// - parameter horizon: How much virtual time endless work may run
    ///   through; one hour by default. A timer that fires every
    ///   millisecond runs 3.6 million times in an hour: pass a shorter
    ///   horizon for such tests.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func run(
        horizon: Stride = defaultHorizon,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = step("run()", at: site) {
            run(horizon: horizon, maximumActions: Self.maximumRunActions, site: site)
        }
    }

    /// `run(horizon:)`, with a bound on the actions a chain may run.
    func run(horizon: Stride, maximumActions: Int, site: CallSite) {
        guard var run = RunPlan(self, horizon: horizon, maximumActions: maximumActions, site: site) else { return }
        while run.step() {}
        reporter.deliverPending()
    }

    /// One `run()`: where its horizon ends, and how many actions it ran.
    struct RunPlan {
        let scheduler: VirtualScheduler
        let horizon: Int64
        /// Where the horizon ends, in nanoseconds since the start and as a
        /// date (two fields, not a tuple of the generic date, whose type
        /// metadata each step would look up).
        let endOffset: Int64
        let maximumActions: Int
        /// The first identifier of the schedules made during the run.
        let firstNewID: UInt64
        /// Where chains of one-shot actions made during the run end: the
        /// horizon past the later of now and the last one-shot action
        /// pending when the run started, so that finite work, however far
        /// off, and what it schedules run, and an endless chain (a task
        /// sleeping in a loop) does not.
        let chainEnd: Int64
        let site: CallSite
        var actions = 0
        /// Last: the fields before it are at offsets known when compiling,
        /// those after a generic field are looked up at run time.
        let endDate: SchedulerTimeType

        /// Nil, after a test failure at `site`, when the horizon is negative
        /// or not finite.
        init?(_ scheduler: VirtualScheduler, horizon: Stride, maximumActions: Int, site: CallSite) {
            scheduler.reporter.deliverPending()
            guard horizon >= .zero, let nanoseconds = StrideNanoseconds.finite(horizon) else {
                FailureReporter.fail("VirtualScheduler.run(horizon: \(StrideNanoseconds.describe(horizon))): the horizon must be zero or positive, and finite; nothing ran.", at: site)
                return nil
            }
            self.scheduler = scheduler
            self.horizon = nanoseconds
            let end = scheduler.target(after: horizon, nanoseconds: nanoseconds)
            endOffset = end.offset
            let (madeSoFar, latest) = scheduler.state.withLock { ($0.queue.schedulesMade, $0.queue.latestOneShotDue()) }
            firstNewID = madeSoFar + 1
            chainEnd = max(end.offset, latest.map { ActionQueue.adding($0, nanoseconds) } ?? end.offset)
            self.maximumActions = maximumActions
            self.site = site
            endDate = end.date
        }

        /// Runs the next action; false when the run is over (nothing left,
        /// or endless work stopped with a test failure).
        ///
        /// One lock round trip per action: the head is read, and taken when
        /// it runs, under the same lock.
        mutating func step() -> Bool {
            let scheduler = scheduler
            // Work outside virtual time lands first, as before any action a
            // step takes (see VirtualScheduler+WorkInFlight).
            scheduler.landWorkInFlight()
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

    /// How many actions ``run(horizon:fileID:filePath:line:column:)`` runs at
    /// most: a chain of one-shot actions that keeps scheduling more work
    /// would otherwise never end.
    public static var maximumRunActions: Int { 10_000_000 }
}
