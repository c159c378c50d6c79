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
    /// The source of the work scheduled now, if it has one of its own, on
    /// this thread: read once for each action scheduled while a schedule is
    /// explored. It also names the work, for a report.
    ///
    /// ``withSource(_:_:)`` runs its body synchronously, so the work is the
    /// thread's, not the task's: a thread-local value, read in some 20
    /// instructions where a task-local one took about 150, and set without
    /// the allocation a task-local binding makes. It holds the source's
    /// address, which the caller of `withSource` keeps alive while the body
    /// runs: setting it allocates nothing. A task started in the body does
    /// not inherit it: the work it schedules later is not the double's.
    /// (Where no thread-local key can be had, a task-local value serves
    /// instead.)
    static var current: ScheduleSource? {
        #if !canImport(WinSDK)
        if let threadKey {
            guard let source = pthread_getspecific(threadKey) else { return nil }
            return Unmanaged<ScheduleSource>.fromOpaque(source).takeUnretainedValue()
        }
        #endif
        return taskLocalSource
    }

    /// Runs `body`, which schedules the work of `source`.
    static func withSource<T>(_ source: ScheduleSource, _ body: () throws -> T) rethrows -> T {
        #if !canImport(WinSDK)
        if let threadKey {
            let enclosing = pthread_getspecific(threadKey)
            // Unretained: `source` is this call's argument, alive until it
            // returns, and the value is put back before it does.
            pthread_setspecific(threadKey, Unmanaged.passUnretained(source).toOpaque())
            defer { pthread_setspecific(threadKey, enclosing) }
            return try body()
        }
        #endif
        return try $taskLocalSource.withValue(source, operation: body)
    }

    /// The source, where no thread-local key can be had (Windows, or a
    /// process that used up its keys).
    @TaskLocal private static var taskLocalSource: ScheduleSource?

    #if !canImport(WinSDK)
    /// The key of the thread-local value: made once, never deleted (a
    /// thread's value is set only within `withSource`, which restores the
    /// enclosing one, so no destructor is needed); nil if the process has
    /// used up its keys (`PTHREAD_KEYS_MAX`).
    private static let threadKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
    #endif
}

/// One source of scheduled work for an explored schedule (see
/// ``ScheduleLabel``): an object, compared by identity, which names its
/// work when a report asks ("the answer to search(_:) with ("s")").
///
/// The name is its words, then the subject's: a mock's answers are named
/// after the call's arguments, some 7,000 instructions each, which a
/// schedule that passes never reads, so the subject is a closure, called
/// only then; and one the caller has already (a mock's description of its
/// call) serves as it is, with no closure made around it.
final class ScheduleSource: Sendable {
    private let words: StaticString
    private let subject: @Sendable () -> String

    /// A source whose work is named `words` followed by what `subject`
    /// returns.
    init(_ words: StaticString, _ subject: @escaping @Sendable () -> String) {
        self.words = words
        self.subject = subject
    }

    /// The name of the work, written now.
    var name: String { "\(words)\(subject())" }
}

/// A scheduler that may follow an explored schedule: a ``VirtualScheduler``
/// made while one is explored.
protocol ScheduleChoosing {
    /// The explored schedule it follows, if any.
    var scheduleChoices: ScheduleChoices? { get }
}

extension VirtualScheduler: ScheduleChoosing {}
