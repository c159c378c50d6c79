import Foundation

// How a virtual scheduler keeps its actions: inserting one-shot and
// repeating schedules in its action queue, cancelling them, and running the
// next one due while moving the clock.

extension VirtualScheduler {
    // MARK: Scheduling internals

    /// Inserts the repeating schedule of `action`, first due at `date`, every
    /// `interval` (`nanoseconds`, above 0); it re-inserts itself each time it
    /// runs, under the same identifier and at the same
    /// place among ties (see ``insert(_:at:due:id:interval:nanoseconds:_:)``).
    ///
    /// Its parameters are plain values, not an optional or a tuple of the
    /// generic stride: those would cost a look-up of their type metadata on
    /// every call.
    ///
    /// Returns where its first run waits, and whether its later runs wait
    /// elsewhere (the scheduler inserts them again itself, each in a slot
    /// of its own).
    func enqueue(
        at date: SchedulerTimeType, interval: Stride, nanoseconds: Int64, _ action: @escaping () -> Void
    ) -> (first: ScheduledAction, movesBetweenSlots: Bool) {
        // The date is kept with the action only when the clock cannot
        // compute it back from the due time.
        let (due, isExact) = offsetAndExactness(of: date)
        return state.withLock { state in
            let id = state.queue.makeID()
            if isExact && countsNanoseconds {
                return (state.queue.insert(due: due, id: id, now: state.elapsed, interval: nanoseconds, repeats: true, run: action), false)
            }
            return (insert(&state, at: date, due: due, id: id, interval: interval, nanoseconds: nanoseconds, action), true)
        }
    }

    /// Inserts `action` due at `date`, once: `enqueue` without an interval,
    /// so that no stride (`.zero`) is made, nor its type looked up, on the
    /// path of every `schedule(after:)`.
    @discardableResult
    func enqueueOnce(at date: SchedulerTimeType, _ action: @escaping () -> Void) -> ScheduledAction {
        // The date is kept with the action only when the clock cannot
        // compute it back from the due time.
        let (due, isExact) = offsetAndExactness(of: date)
        // Made outside the lock, so that the locked closure captures no
        // value of the generic type (whose layout it would look up).
        let exact = isExact ? nil : Self.cell(date)
        return state.withLock { state in
            let id = state.queue.makeID()
            // A date at or before now never moves the clock: not kept.
            return state.queue.insert(due: due, id: id, now: state.elapsed, date: due <= state.elapsed ? nil : exact, run: action)
        }
    }

    /// A cell holding `date`. Not inlined: see
    /// `measuredOffsetAndExactness(of:)`.
    @inline(never)
    static func cell(_ date: SchedulerTimeType) -> AnyObject {
        VirtualDate(date)
    }

    /// Inserts the next run of a repeating schedule whose dates are not whole
    /// nanoseconds (a `Date`'s): each run keeps its exact date.
    ///
    /// A repeating schedule runs like a real Dispatch or RunLoop timer: every
    /// `interval` from its first date, and each run keeps the schedule's
    /// place in the order of creation, so ties with later schedules run in
    /// creation order. A run that falls due late (the first date was already
    /// past) runs once, and the next run is the first one of that grid after
    /// the current time: missed runs are not played in a burst. A schedule
    /// ends when its next run would be past the largest representable time.
    @discardableResult
    func insert(
        _ state: inout VirtualClockState, at date: SchedulerTimeType, due: Int64, id: UInt64,
        interval: Stride, nanoseconds: Int64, _ action: @escaping () -> Void
    ) -> ScheduledAction {
        // unowned(unsafe): the queue's closures are only ever called by the
        // scheduler's own `runNextAction`, so the scheduler is alive whenever
        // one runs (a strong reference would be a cycle).
        let run = { [unowned(unsafe) self] in
            self.state.withLock { state in
                let current = max(state.elapsed, due)
                let next = ActionQueue.nextRun(after: due, every: nanoseconds, current: current)
                // At the end of representable time, a schedule cannot run
                // again later: it ends there.
                guard next > current else { return }
                let nextDate = next == ActionQueue.adding(due, nanoseconds)
                    ? date.advanced(by: interval) : self.date(at: next)
                insert(&state, at: nextDate, due: next, id: id, interval: interval, nanoseconds: nanoseconds, action)
            }
            runAction(at: date, due: due, action)
        }
        return state.queue.insert(due: due, id: id, now: state.elapsed, interval: nanoseconds, run: run)
    }

    /// Moves the clock to an action's due time (never backwards), then runs
    /// it outside the lock.
    func runAction(at date: SchedulerTimeType, due: Int64, _ action: () -> Void) {
        state.withLock { state in
            if due > state.elapsed {
                currentDate.value = date
                state.dateIsCurrent = true
                state.elapsed = due
            }
        }
        action()
    }

    /// Schedules `action` at a time since the start (for scripted
    /// publishers and ``start(created:subscribed:cancelled:fileID:filePath:line:column:_:)``).
    func schedule(at time: VirtualTime, _ action: @escaping () -> Void) -> ScheduledAction {
        state.withLock { state in
            let id = state.queue.makeID()
            // Its date is the date of its due time: it is not kept.
            return state.queue.insert(due: time.nanoseconds, id: id, now: state.elapsed, run: action)
        }
    }

    /// Cancels an action scheduled by ``schedule(at:_:)``, and releases it
    /// at once (outside the lock: see `ActionQueue.cancel`).
    func cancelScheduled(_ action: ScheduledAction) {
        let released = state.withLock { $0.queue.cancel(action) }
        withExtendedLifetime(released) {}
    }

    // MARK: Moving time

    /// Runs the earliest action due at or before `limit` (nanoseconds since
    /// the start), if there is one. Returns false when there is none.
    ///
    /// The clock moves to the action's due time (never backwards) under the
    /// same lock that takes the action; the action runs outside the lock.
    func runNextAction(atOrBefore limit: Int64) -> Bool {
        // Work outside virtual time lands first: what it schedules is due at
        // the instant it was started (see VirtualWorld+Quiet).
        world.landWorkInFlight()
        // The action is written to a variable, not returned: a closure
        // returned through the lock's generic result would be wrapped in a
        // reabstraction thunk, allocated on every call.
        var action: (() -> Void)?
        state.withLock { state in
            var due: Int64 = 0
            var date: AnyObject?
            action = state.queue.popDue(atOrBefore: limit, elapsed: state.elapsed, due: &due, date: &date)
            if action != nil { moveClock(&state, toDue: due, exactDate: date) }
        }
        guard let action = consume action else { return false }
        perform(action)
        return true
    }

    /// Moves the clock to the due time of an action just taken from the
    /// queue (never backwards), and to its exact date if it has one. Called
    /// under the lock.
    @inline(__always)
    func moveClock(_ state: inout VirtualClockState, toDue due: Int64, exactDate: AnyObject?) {
        if due > state.elapsed {
            state.elapsed = due
            if let exactDate {
                setCurrentDate(from: exactDate)
                state.dateIsCurrent = true
            } else {
                state.dateIsCurrent = false
            }
        }
    }

    /// Makes the date in `exactDate` (a `VirtualDate`) the current date.
    /// Not inlined: see `measuredOffsetAndExactness(of:)`.
    @inline(never)
    func setCurrentDate(from exactDate: AnyObject) {
        currentDate.value = unsafeDowncast(exactDate, to: VirtualDate<SchedulerTimeType>.self).value
    }

    /// Moves the clock to `date` without running anything, if it is later
    /// than now.
    func moveClock(to date: SchedulerTimeType) {
        let offset = offset(of: date)
        state.withLock { moveClock(&$0, to: offset, date: date) }
    }

    /// Moves the clock to `offset` (and its `date`), if that is not earlier
    /// than now.
    func moveClock(to offset: Int64, date: SchedulerTimeType) {
        state.withLock { moveClock(&$0, to: offset, date: date) }
    }

    func moveClock(_ state: inout VirtualClockState, to offset: Int64, date: SchedulerTimeType) {
        if offset >= state.elapsed {
            currentDate.value = date
            state.dateIsCurrent = true
            state.elapsed = offset
        }
    }
}
