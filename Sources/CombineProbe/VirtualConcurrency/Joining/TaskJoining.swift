import Dispatch
import Foundation
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
    private typealias Original = GlobalEnqueueHook.Original
    private typealias Hook = GlobalEnqueueHook.Hook

    /// A world's executor, held weakly: a world ends with its scheduler.
    ///
    /// The table never makes the last strong reference to an executor
    /// under its lock: an executor's deinit, run there, could enqueue a
    /// job, and the hook would take the lock again. So a world is found by
    /// its number, or by its unowned executor (a task's preference), and
    /// only the world found is loaded, and returned.
    private struct World {
        let number: UInt64
        let unowned: UnownedTaskExecutor
        weak var executor: VirtualTaskExecutor?
    }

    private struct Table {
        /// The worlds registered, by number, some of them maybe over.
        var worlds: [UInt64: World] = [:]
        /// How many worlds the table holds before the next registration
        /// forgets those that ended: twice as many as lived at the last
        /// pruning, at least 16. (A world can outlive its test by up to the
        /// hold limit, kept by its timer: an exploration's tight loop of
        /// schedules held some 200 at once, and pruning them all at every
        /// registration cost 52,000 instructions per schedule.)
        var pruneAt = 16
        /// The tasks that joined a world, by key: the world's number.
        var members: [JobKey: UInt64] = [:]
        /// The number of the next world.
        var nextNumber: UInt64 = 1
        /// The global-enqueue hook, ours once installed: the jobs that are
        /// not a world's go to the hook set before ours, if any.
        var hook: GlobalEnqueueHook?
        /// The last tasks seen leaving the main thread for the global
        /// executor without joining, while a world lives: main-actor tasks
        /// (a `Task { }` started in `@MainActor` code), for the diagnosis
        /// of a refused sleep. At most ``mainActorTasksKept``.
        var leftTheMainActor = KeptKeys(capacity: TaskJoining.mainActorTasksKept)
        /// The live worlds whose scope's tasks join them (a scope whose
        /// settings say `joinsTasks`, an exploration's schedule): while
        /// there is one, jobs leaving the main actor depart through
        /// `MainActorDepartures`. Their numbers, each noted once, when it
        /// is new; an array rather than a set: few live at once, and a
        /// set's insert and remove hashed and allocated, some 1,000
        /// instructions for each explored schedule (issue 43).
        var joiningWorlds = LiveWorldNumbers()
        /// Timer consumers that their tick resumed, until their resumption
        /// is enqueued (or they run again): it runs on a thread of its own
        /// (see `TickResumes`).
        var resumedByTicks: Set<JobKey> = []

        /// The world `number`, while it lives.
        func world(_ number: UInt64?) -> VirtualTaskExecutor? {
            guard let number else { return nil }
            return worlds[number]?.executor
        }

        /// The live world whose executor a task prefers.
        func world(preferred: UnownedTaskExecutor) -> VirtualTaskExecutor? {
            for world in worlds.values where world.unowned == preferred {
                if let executor = world.executor { return executor }
            }
            return nil
        }
    }

    private static let table = Locked(Table())

    /// Whether the hook is in place: false where the runtime does not
    /// export it (then no task joins, and the world is what it was: tasks
    /// with the executor's preference).
    static let isAvailable: Bool = install()

    private static func install() -> Bool {
        guard var hook = GlobalEnqueueHook(ours: { job, original in TaskJoining.route(job, original) }) else { return false }
        table.withLock { table in
            hook.install()
            table.hook = hook
        }
        return true
    }

    /// Checks that the hook is still ours, and puts it back if another
    /// library took it (see ``GlobalEnqueueHook``): when a world is made,
    /// and when a step moves time. Says so on standard error, once for each
    /// kind of interference.
    static func checkHook() {
        guard isAvailable else { return }
        let found = table.withLock { table in table.hook?.check() }
        if let found { report(found) }
    }

    /// Says on standard error what another library did to the hook.
    private static func report(_ found: GlobalEnqueueHook.Interference) {
        FileHandle.standardError.write(Data("CombineProbe: \(found.description).\n".utf8))
    }

    /// What another library last did to the hook, if anything (see
    /// ``GlobalEnqueueHook/Interference``).
    static var hookInterference: GlobalEnqueueHook.Interference? {
        guard isAvailable else { return nil }
        return table.withLock { $0.hook?.interference }
    }

    /// A number for a new world, never given before.
    static func nextWorldNumber() -> UInt64 {
        table.withLock { table in
            defer { table.nextNumber += 1 }
            return table.nextNumber
        }
    }

    /// Notes a new world, numbered `number`: from now on, tasks its code
    /// starts join it. Forgets the worlds that ended, and their tasks.
    static func register(_ executor: VirtualTaskExecutor, number: UInt64) {
        guard isAvailable else { return }
        checkHook()
        // Which worlds ended, seen outside the lock (see World), once the
        // table holds twice as many as lived at the last look.
        let registered = table.withLock { $0.worlds.count >= $0.pruneAt ? $0.worlds : [:] }
        let ended = Set(registered.values.filter { $0.executor == nil }.map(\.number))
        table.withLock { table in
            if !registered.isEmpty {
                for number in ended { table.worlds[number] = nil }
                if !ended.isEmpty { table.members = table.members.filter { !ended.contains($0.value) } }
                table.pruneAt = max(16, 2 * table.worlds.count)
            }
            table.worlds[number] = World(number: number, unowned: executor.asUnownedTaskExecutor(), executor: executor)
        }
    }

    /// A number for a new world whose scope's tasks join it, noted as such
    /// (see ``noteJoiningWorld(_:)``), after checking the hook (see
    /// ``checkHook()``): one lock, made by a world before its executor.
    static func newJoiningWorld() -> UInt64 {
        let available = isAvailable
        // The hook checked under the same lock (see `checkHook()`).
        let (number, found) = table.withLock { table -> (UInt64, GlobalEnqueueHook.Interference?) in
            defer { table.nextNumber += 1 }
            guard available else { return (table.nextNumber, nil) }
            let found = table.hook?.check()
            table.joiningWorlds.add(table.nextNumber)
            return (table.nextNumber, found)
        }
        if let found { report(found) }
        return number
    }

    /// Notes that the world `number` is the one a scope's tasks join: while
    /// it lives, jobs leaving the main actor depart through
    /// `MainActorDepartures`, where their tasks join it.
    static func noteJoiningWorld(_ number: UInt64) {
        note { $0.joiningWorlds.add(number) }
    }

    /// Notes that the world `number` ended (its executor's deinit).
    static func worldEnded(_ number: UInt64) {
        note { $0.joiningWorlds.remove(number) }
    }

    /// Writes the table, where the hook is in place.
    private static func note(_ change: (inout Table) -> Void) {
        guard isAvailable else { return }
        table.withLock(change)
    }

    /// Makes the current task a member of the world its scope joins, when
    /// it is a departure from the main actor running now (see
    /// `MainActorDepartures`): a main-actor task, whose task-locals could
    /// not be read when it left the main actor, joins when it sleeps on the
    /// world's time or awaits a double's answer. (Not on a mere question:
    /// a `@MainActor` test's own task, which departs the same way when it
    /// calls a nonisolated async function, must not become the world's.)
    /// Returns that world, nil if none.
    @discardableResult
    static func adoptCurrentDeparture() -> VirtualTaskExecutor? {
        guard isAvailable, MainActorDepartures.isRunningHere, let key = JobKey.currentTask,
              let world = ScheduleChoices.current?.joiningWorld.executor ?? ProbeScope.current?.joiningWorld?.executor
        else { return nil }
        table.withLock { $0.members[key] = world.worldNumber }
        return world
    }

    /// Notes that a timer's tick resumes `consumer`, a task waiting for
    /// the tick: its resumption, when it reaches the global executor and
    /// no world takes it, runs on a thread of its own (see `TickResumes`).
    static func tickResumes(_ consumer: JobKey) {
        note { _ = $0.resumedByTicks.insert(consumer) }
    }

    /// Notes that `consumer`, resumed by a tick, runs again: forgets it, if
    /// its resumption did not reach the global executor (it was resumed
    /// before it finished suspending, and went on where it was). Returns
    /// whether it was so.
    @discardableResult
    static func tickResumeArrived(_ consumer: JobKey) -> Bool {
        guard isAvailable else { return false }
        return table.withLock { $0.resumedByTicks.remove(consumer) != nil }
    }

    /// How many worlds the table holds, how many of them still live, and
    /// how many it may hold before it forgets those that ended.
    static var worldCounts: (held: Int, live: Int, pruneAt: Int) {
        let (worlds, pruneAt) = table.withLock { ($0.worlds, $0.pruneAt) }
        return (worlds.count, worlds.values.filter { $0.executor != nil }.count, pruneAt)
    }

    /// The live world numbered `number`.
    static func world(numbered number: UInt64) -> VirtualTaskExecutor? {
        table.withLock { $0.world(number) }
    }

    /// How many main-actor tasks ``Table/leftTheMainActor`` keeps: enough
    /// for the parallel tests of a suite (a key is 16 bytes).
    static let mainActorTasksKept = 4096

    /// Whether the current task was seen leaving the main actor for the
    /// global executor without joining (see `route`): a task that runs on
    /// the main actor, which tasks do not join through this door.
    static var currentTaskLeftTheMainActor: Bool {
        guard isAvailable, let key = JobKey.currentTask else { return false }
        return table.withLock { $0.leftTheMainActor.contains(key) }
    }

    /// Whether the current task joined the world numbered `number`.
    static func currentTaskJoined(world number: UInt64) -> Bool {
        guard isAvailable, let key = JobKey.currentTask else { return false }
        return table.withLock { $0.members[key] == number }
    }

    /// Whether the current task prefers `executor` (a task of the world
    /// started with `Task(executorPreference:)`, the body of `withTasks`).
    static func currentTaskPrefers(_ executor: VirtualTaskExecutor) -> Bool {
        withUnsafeCurrentTask { $0?.unownedTaskExecutor } == executor.asUnownedTaskExecutor()
    }

    /// Whether the current task is a member of `executor`'s world: it
    /// prefers the world's executor, or it joined the world. The one answer
    /// to "is this task the world's?" (a wall test checks that no other file
    /// reads a task's executor preference or the members).
    static func currentTaskIsMember(of executor: VirtualTaskExecutor) -> Bool {
        currentTaskPrefers(executor) || currentTaskJoined(world: executor.worldNumber)
    }

    /// Whether the current task is a member of `executor`'s world, or a
    /// departure from the main actor that joins it now (see
    /// ``adoptCurrentDeparture()``): what a sleep on the world's time asks.
    static func currentTaskIsOrBecomesMember(of executor: VirtualTaskExecutor) -> Bool {
        currentTaskIsMember(of: executor) || adoptCurrentDeparture() === executor
    }

    /// The hook: sends `job` to a world's executor, or where it went before.
    /// One lock in every case; a new task started outside any world also
    /// reads two task-locals of the task that starts it.
    private static func route(_ job: UnownedJob, _ original: Original) {
        guard let key = JobKey(job) else { return original(job) }
        let current = JobKey.currentTask
        let departing = MainActorDepartures.isRunningHere
        // A task enqueued by another task that runs here: the runtime
        // enqueues a new task's first job from the task that starts it. Task
        // ids only grow, so a task with a lower id than the running one
        // existed before it, and is being resumed by it, not started (a
        // test's task resumed by a task it started must not join).
        let creator = key.isTask ? current.flatMap { $0 == key || (key.id != 0 && key.id < $0.id) ? nil : $0 } : nil
        let preferred = creator == nil ? nil : withUnsafeCurrentTask { $0?.unownedTaskExecutor }
        let (found, anyWorld, joining, previous, tickResume) = table.withLock {
            table -> (VirtualTaskExecutor?, Bool, Bool, Hook?, Bool) in
            let tickResume = !table.resumedByTicks.isEmpty && table.resumedByTicks.remove(key) != nil
            // A world whose scope's tasks join it counts before its
            // executor is made: the first task that joins makes it.
            let joining = !table.joiningWorlds.isEmpty
            guard joining || !table.worlds.isEmpty else { return (nil, false, false, table.hook?.previous, tickResume) }
            if let member = table.world(table.members[key]) { return (member, true, joining, nil, tickResume) }
            guard let creator else { return (nil, true, joining, table.hook?.previous, tickResume) }
            // A new task: it joins the world of a creator that joined one,
            // or that prefers a world's executor.
            var world = table.world(table.members[creator])
            if world == nil, let preferred { world = table.world(preferred: preferred) }
            if let world { table.members[key] = world.worldNumber }
            return (world, true, joining, table.hook?.previous, tickResume)
        }
        if let found { return found.enqueueJoined(job) }
        if anyWorld, let world = key.isTask ? scopeWorld(of: creator, joining: key) : VirtualTaskExecutor.runningWorld {
            return world.enqueueJoined(job)
        }
        // A timer's consumer on its way back from its tick, which the step
        // waits for: not on the shared pool (see `TickResumes`).
        if tickResume { return TickResumes.run(job) }
        let leavesTheMainActor = current == nil && MainActorCheck.isCurrent
        if anyWorld, key.isTask, leavesTheMainActor { noteLeavingTheMainActor(key) }
        // Leaving the main actor while a joining world lives: in order,
        // counted by the worlds' quiet, until the task shows whose it is.
        // So does what a departure enqueues on its way (a task switching,
        // with no task current), and what it asks for while it runs in a
        // scope whose tasks join (an actor's turn); what a departure of
        // another test asks for goes where it went before.
        if joining, leavesTheMainActor || (departing && (current == nil || scopeJoins)) {
            return MainActorDepartures.take(job)
        }
        if let previous {
            previous(job, original)
        } else {
            original(job)
        }
    }

    /// Whether the current task runs in a scope whose tasks join a world
    /// that lives.
    private static var scopeJoins: Bool {
        ScheduleChoices.current?.joiningWorld.lives == true || ProbeScope.current?.joiningWorld?.lives == true
    }

    /// Notes `key`, a task enqueued for the global executor from the main
    /// actor's thread (the main thread, or the thread draining the main
    /// queue: see `MainActorCheck`) with no task running there, which
    /// joined no world. Measured
    /// on Swift 6.3.1: a task leaving the main actor (a `Task { }` started
    /// in `@MainActor` code, calling a nonisolated async function) is
    /// enqueued that way, with no current task, so its task-locals and
    /// its creator cannot be read, and it cannot join here; a task started
    /// by synchronous code on the main thread, outside any task, looks the
    /// same. The diagnosis of its refused sleep then names the main actor.
    private static func noteLeavingTheMainActor(_ key: JobKey) {
        guard JobKey.currentTask == nil else { return }
        table.withLock { $0.leftTheMainActor.insert(key) }
    }

    /// The world of the scope whose code starts a new task (an
    /// exploration's schedule, a scope whose settings say `joinsTasks`),
    /// which the task joins; nil if none, or if no task starts it.
    private static func scopeWorld(of creator: JobKey?, joining key: JobKey) -> VirtualTaskExecutor? {
        guard creator != nil,
              let world = ScheduleChoices.current?.joiningWorld.executor ?? ProbeScope.current?.joiningWorld?.executor
        else { return nil }
        table.withLock { $0.members[key] = world.worldNumber }
        return world
    }
}

/// The last keys inserted, at most `capacity`, the oldest forgotten first.
struct KeptKeys: Sendable {
    private var order: [JobKey] = []
    private var members: Set<JobKey> = []
    private var oldest = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func contains(_ key: JobKey) -> Bool {
        members.contains(key)
    }

    mutating func insert(_ key: JobKey) {
        guard members.insert(key).inserted else { return }
        if order.count < capacity {
            order.append(key)
        } else {
            members.remove(order[oldest])
            order[oldest] = key
            oldest = (oldest + 1) % capacity
        }
    }
}
