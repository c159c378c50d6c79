/// Jobs that reach an explored world from outside its control.
///
/// In an explored schedule, every job of the virtual world comes from code
/// the schedule runs: the exploration's body and the tasks it starts (they
/// carry the schedule, ``ScheduleChoices/current``), the world's executor
/// itself, the scheduler's actions, and the main actor, whose work the
/// steps wait for. A job enqueued from anywhere else — a continuation
/// resumed by a real thread (a `DispatchQueue` block, a URLSession
/// callback), the runtime's timer after a real `Task.sleep` or another
/// clock's sleep — arrives when that thread gets there: its order with the
/// world's jobs is the threads', not the schedule's, and the schedule may
/// not replay.
///
/// Such arrivals are counted, not refused: the job runs as it did before.
/// A failing schedule's report, and the report of a schedule that did not
/// replay the same way when it ran twice, say how many came and when the
/// first did (``ExplorationFailure/uncontrolled``), so that a seed that
/// does not come back names its cause rather than leaving it to a guess.
enum UncontrolledArrivals {
    /// Notes the job being enqueued on an executor of the schedule
    /// `choices` from outside the world's executor, when the code that
    /// enqueues it does not run in the schedule either: not on the main
    /// thread, not in a task or thread that carries `choices`.
    static func check(_ choices: ScheduleChoices) {
        if ScheduleChoices.current === choices || MainActorCheck.isCurrent { return }
        choices.noteUncontrolledArrival()
    }

    /// What `choices` saw arrive from outside its control, in words; nil if
    /// nothing did.
    static func describe(_ choices: ScheduleChoices) -> String? {
        guard let (count, after) = choices.uncontrolledArrivals else { return nil }
        let jobs = count == 1 ? "1 job" : "\(count) jobs"
        let when = after == 0 ? "before its first choice point" : "after choice \(after - 1)"
        return "\(jobs) reached the virtual executor from outside the schedule (the first \(when)): "
            + "a continuation resumed by a real thread, a real Task.sleep or another clock's sleep, "
            + "which run when their thread gets there, not when the schedule says"
    }
}
