#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the Concurrency runtime says of a job, and of the code running now,
/// beyond its public API: read through two exported runtime functions, so
/// that the executor can tell the jobs that run none of the test's code
/// (see `VirtualTaskExecutor`'s `runsNext`). When the runtime does not have
/// them, every job counts as one that runs the test's code: nothing is
/// taken for granted.
enum RuntimeJobs {
    /// The kind of job that only resumes a task awaiting a continuation:
    /// `Task.yield()` enqueues one, and when it runs, it puts the task back
    /// among the ready jobs (`JobKind::NullaryContinuation` of the runtime's
    /// ABI, `MetadataValues.h`: the fourth kind after `First_Reserved`, 192;
    /// what `ExecutorJob.kind` returns on Swift 6.2 and later).
    static let nullaryContinuationKind: UInt8 = 195

    private typealias FlagsFunction = @convention(thin) (UnownedJob) -> Int
    private typealias ExecutorFunction = @convention(thin) () -> (UInt, UInt)

    /// `swift_task_getJobFlags`: a job's flags, whose low byte is its kind
    /// (it reads the field every job has, a task's or not).
    private static let flagsFunction: FlagsFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getJobFlags") else { return nil }
        return unsafeBitCast(symbol, to: FlagsFunction.self)
    }()

    /// `swift_task_getCurrentExecutor`: the serial executor the code
    /// running now is isolated to; its identity is 0 for nonisolated code
    /// (the generic executor).
    private static let executorFunction: ExecutorFunction? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getCurrentExecutor") else { return nil }
        return unsafeBitCast(symbol, to: ExecutorFunction.self)
    }()

    /// Whether `job` only resumes a task (see ``nullaryContinuationKind``):
    /// it runs none of the test's code.
    static func onlyResumesATask(_ job: UnownedJob, key: JobKey?) -> Bool {
        guard let flagsFunction, let key, key.id == 0 else { return false }
        return UInt8(truncatingIfNeeded: flagsFunction(job)) == nullaryContinuationKind
    }

    /// Whether the code running now is nonisolated: isolated to no actor.
    /// False when the runtime does not say.
    static var runsNonisolated: Bool {
        guard let executorFunction else { return false }
        return executorFunction().0 == 0
    }
}
