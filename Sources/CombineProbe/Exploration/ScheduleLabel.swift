/// What the work scheduled on this task or thread is, in words ("the answer
/// to search(query:)"), for the report of an explored schedule: a virtual
/// scheduler that explores schedules keeps it with each action, and names
/// the actions a failing schedule reordered by it.
///
/// The doubles set it around the work they schedule; virtual sleeps name
/// their wake-ups. Nothing reads it when no schedule is explored.
enum ScheduleLabel {
    /// The name of the work scheduled now.
    @TaskLocal static var current: String?
}

/// A scheduler that may follow an explored schedule: a ``VirtualScheduler``
/// made while one is explored.
protocol ScheduleChoosing {
    /// The explored schedule it follows, if any.
    var scheduleChoices: ScheduleChoices? { get }
}

extension VirtualScheduler: ScheduleChoosing {}
