/// What the work scheduled on this task or thread is, for an explored
/// schedule: its name ("the answer to search(_:) with ("s")"), for the
/// report, and its source, which says which ties are races.
///
/// Two actions due at the same instant race when they come from different
/// sources: different doubles' answers, different sleeps, or code that
/// scheduled them at different instants. Actions of one source keep their
/// order, as a serial queue keeps the order of the work one piece of code
/// hands it (`receive(on:)` schedules a value, then the completion). The
/// doubles set a source of their own around the work they schedule, and
/// virtual sleeps around their wake-ups; other work's source is the instant
/// it was scheduled at. Nothing reads these when no schedule is explored.
enum ScheduleLabel {
    /// What the work scheduled now is: its name and its source.
    struct Work: Sendable {
        /// Its name, for the report: written when a report asks (a mock's
        /// answer is named after the call's arguments, some 7,000
        /// instructions each, which a schedule that passes never reads).
        let name: @Sendable () -> String
        /// Its source.
        let source: ScheduleSource
    }

    /// The work scheduled now, if it has a source of its own: one task-local
    /// value, read once for each action scheduled while a schedule is
    /// explored.
    @TaskLocal static var current: Work?

    /// Runs `body`, which schedules the work of `source`, named `name`.
    static func withSource<T>(
        _ source: ScheduleSource, named name: @escaping @Sendable () -> String, _ body: () throws -> T
    ) rethrows -> T {
        try $current.withValue(Work(name: name, source: source), operation: body)
    }
}

/// One source of scheduled work for an explored schedule (see
/// ``ScheduleLabel``): an object, compared by identity.
final class ScheduleSource: Sendable {
    init() {}
}

/// A scheduler that may follow an explored schedule: a ``VirtualScheduler``
/// made while one is explored.
protocol ScheduleChoosing {
    /// The explored schedule it follows, if any.
    var scheduleChoices: ScheduleChoices? { get }
}

extension VirtualScheduler: ScheduleChoosing {}
