#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Who a job is: its address and the runtime's id for it. A task's job is
/// the task itself, so the key of a task's job is the task's key, the same
/// at every enqueue of the task; the id keeps a task that reuses the
/// memory of a finished one from passing for it.
struct JobKey: Hashable, Sendable {
    let address: UInt
    /// The task's id, 0 for a job that is not a task (an actor's turn, for
    /// example), or when the runtime does not say.
    let id: UInt64

    /// Whether the job is a task's, as far as the runtime says: when it
    /// cannot say, every job counts as a task's.
    var isTask: Bool { id != 0 || !JobKey.idsAreKnown }

    init?(_ job: UnownedJob) {
        guard MemoryLayout<UnownedJob>.size == MemoryLayout<UInt>.size else { return nil }
        address = unsafeBitCast(job, to: UInt.self)
        id = JobKey.taskID(job)
    }

    /// The current task's key, if a task runs here.
    static var currentTask: JobKey? {
        guard MemoryLayout<UnsafeCurrentTask>.size == MemoryLayout<UInt>.size,
              let address = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UInt.self) } })
        else { return nil }
        // A task is a job: the same pointer.
        return JobKey(unsafeBitCast(address, to: UnownedJob.self))
    }

    private typealias TaskIDFunction = @convention(thin) (UnownedJob) -> UInt64

    /// `swift_task_getJobTaskId` of the Concurrency runtime (what
    /// `UnownedJob.description` prints): a task's id, 0 for other jobs.
    private static let taskIDFunction: TaskIDFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getJobTaskId") else { return nil }
        return unsafeBitCast(symbol, to: TaskIDFunction.self)
    }()

    private static var idsAreKnown: Bool { taskIDFunction != nil }

    private static func taskID(_ job: UnownedJob) -> UInt64 {
        taskIDFunction?(job) ?? 0
    }
}
