#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The work scheduled now, if it has a source of its own, on this
    /// thread: read once for each action scheduled while a schedule is
    /// explored.
    ///
    /// ``withSource(_:named:_:)`` runs its body synchronously, so the work
    /// is the thread's, not the task's: a thread-local value, read in some
    /// 20 instructions where a task-local one took about 150, and set
    /// without the allocation a task-local binding makes. A task started in
    /// the body does not inherit it: the work it schedules later is not the
    /// double's. (Where no thread-local key can be had, a task-local value
    /// serves instead.)
    static var current: Work? {
        #if !canImport(WinSDK)
        if let threadKey {
            guard let box = pthread_getspecific(threadKey) else { return nil }
            return Unmanaged<WorkBox>.fromOpaque(box).takeUnretainedValue().work
        }
        #endif
        return taskLocalWork
    }

    /// Runs `body`, which schedules the work of `source`, named `name`.
    static func withSource<T>(
        _ source: ScheduleSource, named name: @escaping @Sendable () -> String, _ body: () throws -> T
    ) rethrows -> T {
        let work = Work(name: name, source: source)
        #if !canImport(WinSDK)
        if let threadKey {
            let enclosing = pthread_getspecific(threadKey)
            let box = Unmanaged.passRetained(WorkBox(work))
            pthread_setspecific(threadKey, box.toOpaque())
            defer {
                pthread_setspecific(threadKey, enclosing)
                box.release()
            }
            return try body()
        }
        #endif
        return try $taskLocalWork.withValue(work, operation: body)
    }

    /// The work, where no thread-local key can be had (Windows, or a
    /// process that used up its keys).
    @TaskLocal private static var taskLocalWork: Work?

    #if !canImport(WinSDK)
    /// The key of the thread-local value: made once, never deleted (a
    /// thread's value is set only within `withSource`, which restores the
    /// enclosing one, so no destructor is needed); nil if the process has
    /// used up its keys (`PTHREAD_KEYS_MAX`).
    private static let threadKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// The work, in an object whose address the thread-local value holds.
    private final class WorkBox: Sendable {
        let work: Work
        init(_ work: Work) { self.work = work }
    }
    #endif
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
