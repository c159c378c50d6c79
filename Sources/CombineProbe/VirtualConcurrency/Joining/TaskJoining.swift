import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tasks that join a virtual world: a `Task { }`, a `Task.detached { }`, or
/// an operator's own task, started by world code, runs on the world's
/// ``VirtualTaskExecutor`` rather than on the global executor, in virtual
/// time, ordered and explored with the world's other jobs.
///
/// Swift passes no task executor preference on to unstructured tasks, so
/// nothing in the language brings them in. The Concurrency runtime offers
/// one door: every job bound for the global executor goes through
/// `swift_task_enqueueGlobal_hook` when it is set (the door
/// swift-concurrency-extras' `withMainSerialExecutor` uses). The hook,
/// installed the first time a virtual executor is made, decides for each
/// job:
///
/// - A task that joined a world (its address and task id are on the
///   world's list) goes to that world's executor: every time it leaves an
///   actor, wakes from a continuation, yields.
/// - A new task joins the world of the task that starts it, when that task
///   is world code: it joined already, or it prefers the world's executor
///   (a task of the world, the body of `withTasks`), or it runs in a scope
///   whose settings say `joinsTasks` (`.probeSettings(joinsTasks: true)`, a
///   `ProbeTestCase`, an exploration's body) and that made a world.
/// - A job that is not a task's (an actor's turn) goes to the world whose
///   job asked for it, when one did: a world task calling an actor runs
///   the actor in the world.
/// - Any other job goes where it went before: the previous hook, if
///   another library set one before us, or the global executor. Tests
///   without a world, and tasks of other tests, are untouched.
///
/// The hook runs inside the runtime's enqueue, on whatever thread
/// enqueues; it takes one lock and, for a new task, reads the creator's
/// task-locals.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TaskJoining {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// A world's executor, held weakly: a world ends with its scheduler.
    private struct World {
        let id: ObjectIdentifier
        weak var executor: VirtualTaskExecutor?
    }

    private struct Table {
        /// The live worlds.
        var worlds: [World] = []
        /// The tasks that joined a world, by key: the world's id.
        var members: [JobKey: ObjectIdentifier] = [:]
        /// The hook that was set before ours, if any: jobs that are not
        /// ours go to it.
        var previous: Hook?

        /// The live world `id`.
        func world(_ id: ObjectIdentifier?) -> VirtualTaskExecutor? {
            guard let id else { return nil }
            return worlds.first { $0.id == id }?.executor
        }
    }

    private static let table = Locked(Table())

    /// Whether the hook is in place: false where the runtime does not
    /// export it (then no task joins, and the world is what it was: tasks
    /// with the executor's preference).
    static let isAvailable: Bool = install()

    private static func install() -> Bool {
        guard MemoryLayout<UnownedJob>.size == MemoryLayout<UInt>.size,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        table.withLock { $0.previous = slot.pointee }
        slot.pointee = { job, original in TaskJoining.route(job, original) }
        return true
    }

    /// Notes a new world: from now on, tasks its code starts join it.
    static func register(_ executor: VirtualTaskExecutor) {
        guard isAvailable else { return }
        table.withLock { $0.worlds.append(World(id: ObjectIdentifier(executor), executor: executor)) }
    }

    /// Forgets a world that ended, and its tasks.
    static func forget(_ id: ObjectIdentifier) {
        guard isAvailable else { return }
        table.withLock { table in
            table.worlds.removeAll { $0.id == id }
            table.members = table.members.filter { $0.value != id }
        }
    }

    /// The live world whose executor is `id`.
    static func world(withID id: ObjectIdentifier) -> VirtualTaskExecutor? {
        table.withLock { $0.world(id) }
    }

    /// Whether the current task joined the world of `executor`.
    static func currentTaskJoined(_ executor: VirtualTaskExecutor) -> Bool {
        guard isAvailable, let key = JobKey.currentTask else { return false }
        let id = ObjectIdentifier(executor)
        return table.withLock { $0.members[key] == id }
    }

    /// The hook: sends `job` to a world's executor, or where it went before.
    private static func route(_ job: UnownedJob, _ original: Original) {
        if let world = world(for: job) {
            world.enqueueJoined(job)
            return
        }
        if let previous = table.withLock({ $0.previous }) {
            previous(job, original)
        } else {
            original(job)
        }
    }

    /// The world `job` belongs to, if any (see the rules above).
    private static func world(for job: UnownedJob) -> VirtualTaskExecutor? {
        guard let key = JobKey(job) else { return nil }
        let (member, anyWorld) = table.withLock { table -> (VirtualTaskExecutor?, Bool) in
            guard !table.worlds.isEmpty else { return (nil, false) }
            return (table.world(table.members[key]), true)
        }
        guard anyWorld else { return nil }
        if let member { return member }
        guard key.isTask else { return VirtualTaskExecutor.runningWorld }
        // A task enqueued by another task that runs here: the runtime
        // enqueues a new task's first job from the task that starts it.
        guard let creator = JobKey.currentTask, creator != key, let world = worldOfCode(creator) else { return nil }
        table.withLock { $0.members[key] = ObjectIdentifier(world) }
        return world
    }

    /// The world whose code the current task (`creator`) runs, if any.
    private static func worldOfCode(_ creator: JobKey) -> VirtualTaskExecutor? {
        let preferred = withUnsafeCurrentTask { $0?.unownedTaskExecutor }
        let world = table.withLock { table -> VirtualTaskExecutor? in
            if let member = table.world(table.members[creator]) { return member }
            guard let preferred else { return nil }
            return table.worlds.lazy.compactMap(\.executor).first { $0.asUnownedTaskExecutor() == preferred }
        }
        if let world { return world }
        return ScheduleChoices.current?.joiningWorld.executor ?? ProbeScope.current?.joiningWorld?.executor
    }
}
