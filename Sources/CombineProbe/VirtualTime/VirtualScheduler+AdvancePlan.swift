extension VirtualScheduler {
    /// One `advance(by:)` or `advance(to:)`, sync or async: it runs every
    /// action due until its target, in order, each at its own instant, then
    /// moves the clock to the target.
    struct AdvancePlan: WorldStepPlan {
        let scheduler: VirtualScheduler
        let site: CallSite
        /// The target, in nanoseconds since the start, once the plan began.
        var limit: Int64 = 0
        /// `advance(by:)`'s interval; `.zero` for `advance(to:)`, which
        /// `advancesBy` tells apart. Not an optional of the generic stride:
        /// reading one looked its type's metadata up (some 500
        /// instructions) wherever the code was not specialized.
        let interval: Stride
        /// Whether it is an `advance(by:)`.
        let advancesBy: Bool
        /// The target as a date: `advance(to:)`'s, or, once the plan began,
        /// the one `advance(by:)` moves to.
        var date: SchedulerTimeType

        init(_ scheduler: VirtualScheduler, by interval: Stride, at site: CallSite) {
            self.scheduler = scheduler
            self.site = site
            self.interval = interval
            advancesBy = true
            date = scheduler.start
        }

        init(_ scheduler: VirtualScheduler, to date: SchedulerTimeType, at site: CallSite) {
            self.scheduler = scheduler
            self.site = site
            interval = .zero
            advancesBy = false
            self.date = date
        }

        /// Reads the target, relative to the time when the plan begins.
        /// False, after a test failure at `site`, for a negative or
        /// non-finite interval, or a date in the past.
        mutating func begin() -> Bool {
            if advancesBy {
                // Not `target(advancingBy:at:)`: an optional tuple of the
                // generic date would cost a look-up of its type metadata.
                guard let nanoseconds = scheduler.nanoseconds(advancingBy: interval, at: site) else { return false }
                let target = scheduler.target(after: interval, nanoseconds: nanoseconds)
                limit = target.offset
                date = target.date
            } else {
                guard let target = scheduler.target(advancingTo: date, at: site) else { return false }
                limit = target
            }
            return true
        }

        /// Runs the next action due by the target; once none is left, moves
        /// the clock there. (No settling after the clock moves: the world
        /// was quiet after the last action, or at the start when none ran,
        /// and moving the clock runs nothing.)
        mutating func step(worldSettles: Bool) -> StepMove {
            if scheduler.runNextAction(atOrBefore: limit) { return .goOn }
            scheduler.moveClock(to: limit, date: date)
            scheduler.reporter.deliverPending()
            return .done
        }
    }
}
