/// The runs of one schedule, which the sync and the async loops make alike:
/// the first; again, with fresh choices, while real time disturbed the last
/// (see `ScheduleChoices.disturbedByTime`), up to
/// ``ExplorationRunner/disturbedRetries`` times; and then, when the
/// exploration checks replays (``ScheduleExploration/checksReplays``), once
/// more with choices that compare their points with the last run's: the
/// replay checker, around whatever strategy chose the schedule. The last run
/// before the check counts, disturbed or not; the check's own outcome does
/// not.
///
/// ```swift
/// var attempts = runner.attempts(schedule, choices)
/// while let (schedule, choices) = attempts.next() {
///     attempts.ran(try body(schedule) ? .passed : .failed(nil))
/// }
/// if let result = runner.conclude(attempts) { return result }
/// ```
struct ScheduleAttempts {
    /// The schedule and the choices of the last run that counts.
    private(set) var schedule: ExploredSchedule
    private(set) var choices: ScheduleChoices
    /// How the last run that counts ended.
    private(set) var outcome: ScheduleOutcome = .passed
    /// The choices of the replay check, once it ran.
    private(set) var replay: ScheduleChoices?
    /// Makes the replay check's choices from the last run's; nil when the
    /// exploration does not check replays.
    private let checkingReplay: ((ScheduleChoices) -> ScheduleChoices)?
    private var attempt = -1

    init(schedule: ExploredSchedule, choices: ScheduleChoices, checkingReplay: ((ScheduleChoices) -> ScheduleChoices)?) {
        self.schedule = schedule
        self.choices = choices
        self.checkingReplay = checkingReplay
    }

    /// The schedule and the choices of the next run, or nil when the
    /// schedule's runs are over.
    mutating func next() -> (ExploredSchedule, ScheduleChoices)? {
        if replay != nil { return nil }
        if attempt >= 0 {
            guard choices.disturbedByTime, attempt < ExplorationRunner.disturbedRetries else {
                guard let checkingReplay else { return nil }
                let again = checkingReplay(choices)
                replay = again
                return (schedule, again)
            }
            choices.close()
            choices = ScheduleChoices(path: choices.path, orders: choices.orders, plan: choices.plan)
            schedule = schedule.again(with: choices)
        }
        attempt += 1
        return (schedule, choices)
    }

    /// Takes note of how the run ``next()`` gave ended; the replay check's
    /// outcome is not the schedule's.
    mutating func ran(_ outcome: ScheduleOutcome) {
        if replay == nil { self.outcome = outcome }
    }
}

/// How one schedule ended.
enum ScheduleOutcome {
    case passed
    /// Failed, with the error it threw, described, if any.
    case failed(String?)
}
