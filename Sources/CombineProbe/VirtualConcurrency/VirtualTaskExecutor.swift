import Dispatch

/// The task executor of a ``VirtualScheduler``: the async work that runs on
/// it is part of the scheduler's virtual world, and the scheduler's async
/// steps — `await advance(by:)`, `await run()`, `await wait(for:timeout:)`
/// — move time only while that work is quiescent: every job it has is run,
/// one at a time, in the order it was enqueued, until none is left, and the
/// `@MainActor` work around it has run too.
///
/// Work runs on it when it prefers it (SE-0417): the body of
/// ``VirtualScheduler/withTasks(isolation:_:)``, tasks made with
/// `Task(executorPreference: scheduler.executor)`, and the child tasks
/// (`async let`, task groups) and nonisolated async functions of those.
/// Swift does not pass a task executor preference on to unstructured tasks
/// (`Task { }`) nor to actor-isolated code (`@MainActor`), which keep their
/// own executors: see the Testing time guide.
///
/// Its jobs run on one serial queue of their own. Waiting for quiescence
/// is event-driven: the queue resumes the waiters when it has nothing left
/// to run — no polling, no `Task.yield()`.
///
/// New tasks started from outside the world while no step waits (by the
/// test, or by a scheduled action) are held and released together when a
/// step next waits, so that two tasks started back to back are one ready
/// set, ordered (and explored) the same way in every run, whatever the
/// threads' timing.
///
/// ## The main actor
///
/// `@MainActor` work runs on the main queue, which the executor does not
/// see. Once the executor is idle, it makes round trips through the main
/// queue, which is first in, first out: a round trip enqueued after a job
/// runs after it. A round trip is *clean* when, between its enqueueing and
/// its run, no job was enqueued on the executor and no action was scheduled
/// on the scheduler. A step waits for ``mainActorRoundTrips`` clean round
/// trips in a row, all enqueued after it began to wait; a round trip that
/// saw progress starts the count again (after the executor drained its new
/// jobs).
///
/// While a schedule is explored, the executor also lets the main actor
/// settle between two jobs: after each job, it takes the next only once
/// ``mainActorRoundTrips`` clean round trips in a row have run. A task that
/// awaited the main actor is back among the ready jobs before the next one
/// is chosen, whatever the threads' timing, so a seed meets the same choices
/// in every run. Each job of an explored world costs those round trips.
///
/// So, when a step returns: every main-queue job enqueued before it began
/// to wait has run, and so has each job those enqueue on the main queue in
/// turn, for chains of up to ``mainActorRoundTrips`` main-queue jobs in a
/// row that neither enqueue on the executor nor schedule on the scheduler:
/// a `Task { }` started on the main actor, which starts another; a
/// main-actor task resumed by a job of the executor (its first silent job),
/// which starts a `Task { }`. A job that does enqueue or schedule starts
/// the count again, so a chain of any length runs within one step as long
/// as no stretch of it is longer than that without coming back to the
/// world: a task going back and forth between the main actor and the
/// executor — each return to the executor is a job the world sees — ends
/// its 100 hops within one step with the default 3 round trips, in every
/// round (`MainActorHopChainTests`). A silent chain (a task of the world's
/// job on the main actor, which starts `Task { @MainActor in }`s one after
/// the other) is sure to run to its end only with as many round trips as
/// it has jobs; a step awaited on the main actor, resumed through the main
/// queue, lets one more run (see `MainActorHopChainTests` for the counts
/// measured). Not caught: longer silent chains, and work that leaves for
/// the global executor (a nonisolated async function called by a task
/// without the executor's preference), which runs in parallel, in no order
/// to rely on.
///
/// The round trips are the price: each is a turn of the main thread's run
/// loop (some 10–30 µs on Linux), ``mainActorRoundTrips`` of them at least
/// each time a step waits for quiescence. A step waiting on the main actor
/// is then resumed there, a main-actor job, whose turn costs two to three
/// times a round trip's on Linux (so it sends its round trips as blocks,
/// rather than making them as its own turns).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class VirtualTaskExecutor: TaskExecutor, Sendable {
    /// The default of ``mainActorRoundTrips``: 3.
    public static let defaultMainActorRoundTrips = 3

    /// How many clean round trips through the main queue in a row make the
    /// virtual world quiescent: the longest chain of silent main-actor hops
    /// (see "The main actor" above) that a step is sure to let run. 3 by
    /// default; a value below 0 counts as 0.
    ///
    /// Each round trip is a turn of the main thread's run loop. A world whose
    /// code never runs on the main actor (nonisolated services, tasks
    /// started with the executor's preference) can do without them:
    ///
    /// ```swift
    /// let scheduler = DispatchQueue.virtualScheduler()
    /// scheduler.executor.mainActorRoundTrips = 0 // no @MainActor code in this world
    /// ```
    ///
    /// With 0, a step waits only for the executor to drain: `@MainActor`
    /// work of the world then runs in parallel with time, in no order to rely
    /// on. Set it before the world's tasks start; a wait already under way
    /// keeps the value it began with.
    public var mainActorRoundTrips: Int {
        get { state.withLock { $0.roundTrips } }
        set { state.withLock { $0.roundTrips = max(newValue, 0) } }
    }

    /// How a wait for quiescence ended.
    enum Quiescence {
        /// Nothing is left to run, on the executor or the main actor.
        case reached
        /// The grace period passed first; the text says what was still
        /// running.
        case timedOut(String)
    }

    private struct Waiter {
        let id: Int
        /// The number of the first round trip enqueued after the waiter
        /// came: only round trips from this one on count for it.
        let firstTrip: Int
        /// The clean round trips in a row it waits for.
        let trips: Int
        let continuation: CheckedContinuation<Quiescence, Never>
        /// When it gives up, if it still waits then (see `watchdogFired(at:)`).
        let givesUpAt: DispatchTime
        /// Its grace period, for the diagnosis.
        let grace: Double
    }

    /// One round trip through the main queue, and what the world looked
    /// like when it was enqueued.
    private struct RoundTrip {
        let number: Int
        let enqueued: Int
        let scheduling: UInt64
    }

    private struct State {
        var jobs: [UnownedJob] = []
        /// Jobs enqueued from outside the world while no step waits (see
        /// ``enqueue(_:)``): released together, as one ready set, when a
        /// step next waits for quiescence, or after `holdLimit`.
        var held: [UnownedJob] = []
        /// Whether a release after `holdLimit` is on its way.
        var isReleaseArmed = false
        /// How many times held jobs were released by `holdLimit` rather than
        /// by a step (see ``releasesByTime``).
        var releasesByTime = 0
        /// Whether new tasks were released by the hold limit since a step
        /// last waited: a new task from outside arriving now does not form
        /// one ready set with them (see `enqueue`, and
        /// `ScheduleChoices.disturbedByTime`).
        var releasedByTimeSinceStep = false
        /// The jobs run so far, by address and task id (``JobKey``): a
        /// task's job is the task itself, so a job seen before is a task of
        /// the world resuming, and one never seen is a task's first job.
        /// (By address alone, a new task that the allocator put where a
        /// finished one had been passed for it, and was not held: a world
        /// serving several rounds lost their order after the first.)
        var seen: Set<JobKey> = []
        /// The waiting jobs that run before any other, with no choice (see
        /// "Jobs that run first" below).
        var runsNext: Set<JobKey> = []
        /// The job running now, while one runs.
        var running: JobKey?
        var next = 0
        var isDraining = false
        /// Jobs ever enqueued: a round trip that sees it unchanged knows no
        /// job came meanwhile.
        var enqueued = 0
        var jobsRun = 0
        /// When the job running now started, while one runs.
        var jobStarted: DispatchTime?
        /// Whether a round trip through the main queue is on its way.
        var isCheckingMainActor = false
        /// Round trips ever enqueued, and ever run.
        var tripsEnqueued = 0
        var tripsRun = 0
        /// The number of the first round trip of the current run of clean
        /// ones.
        var cleanSince = 0
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        /// When the armed watchdog fires; nil when none is armed. One timer
        /// serves every waiter (see `armWatchdog(by:)`), rather than one
        /// armed and cancelled per wait.
        var watchdogAt: DispatchTime?
        /// How many times the watchdog was armed, for tests.
        var watchdogsArmed = 0
        /// See ``VirtualTaskExecutor/mainActorRoundTrips``.
        var roundTrips = VirtualTaskExecutor.defaultMainActorRoundTrips
        /// The arrivals when a wait last found the world quiet (see
        /// ``VirtualTaskExecutor/arrivalsAtLastQuiet``).
        var arrivalsAtQuiet = 0

        /// Numbers the next round trip, seeing the world as it is now.
        mutating func makeTrip(scheduling: UInt64) -> RoundTrip {
            defer { tripsEnqueued += 1 }
            StepProfile.roundTrip()
            return RoundTrip(number: tripsEnqueued, enqueued: enqueued, scheduling: scheduling)
        }
    }

    private let state = Locked(State())
    /// The serial queue the world's jobs run on, made when it is first
    /// needed: a world that never runs a job (a Combine test explored, each
    /// of whose schedules makes a world) does not pay for it, some 7,500
    /// instructions on Linux.
    private let madeQueue = Locked<DispatchQueue?>(nil)
    private var queue: DispatchQueue {
        madeQueue.withLock { made in
            if let made { return made }
            let queue = DispatchQueue(label: "CombineProbe.VirtualTaskExecutor")
            queue.setSpecific(key: queueKey.value, value: true)
            queue.setSpecific(key: Self.worldKey.value, value: worldNumber)
            made = queue
            return queue
        }
    }
    /// Set on `queue`: tells a job enqueued by a job of the world. (In a
    /// box: an identity, never changed, not `Sendable` on every platform.)
    private let queueKey = UncheckedSendable(DispatchSpecificKey<Bool>())

    /// How long new tasks started from outside the world wait for a step
    /// before they run anyway, in seconds of real time: for a test that
    /// starts a task of the world and awaits it without moving time. Long
    /// enough for a test to start its tasks and reach its step on a busy
    /// machine.
    static let holdLimit = 0.05
    /// Reads the scheduler's count of scheduled actions: it grows by one
    /// for each action scheduled. Only called under `state`'s lock (so the calls never interleave),
    /// which then takes the scheduler's lock: never the other way round.
    private let scheduling: @Sendable () -> UInt64

    /// - parameter scheduling: The scheduler's count of scheduled actions (see `scheduling`).
    /// The explored schedule that orders the ready jobs, if one is
    /// explored (see ``ScheduleChoices``); nil runs them first in, first out.
    private let choices: ScheduleChoices?

    /// - parameter scopeJoining: The world a scope's tasks join, of the
    ///   scope the executor's world was made in; nil: the scope the
    ///   executor is made in.
    /// - parameter number: The world's number, if it has one already (see
    ///   `VirtualWorld`); nil takes a new one.
    init(
        scheduling: @escaping @Sendable () -> UInt64, choices: ScheduleChoices? = nil,
        scopeJoining: ScopeJoiningWorld? = nil, number: UInt64? = nil
    ) {
        self.scheduling = scheduling
        self.choices = choices
        worldNumber = number ?? TaskJoining.nextWorldNumber()
        let scope = scopeJoining ?? ProbeScope.current?.joiningWorld
        joinsScopeTasks = scope != nil || choices != nil
        TaskJoining.register(self, number: worldNumber)
        scope?.adopt(self)
        choices?.joiningWorld.adopt(self)
        // A world that had its number noted it already.
        if joinsScopeTasks, number == nil { TaskJoining.noteJoiningWorld(worldNumber) }
    }

    /// The world's number, never given to another (see `TaskJoining`).
    let worldNumber: UInt64

    /// Whether the world is made in a scope whose tasks join it (its
    /// settings say `joinsTasks`, or an exploration's schedule).
    let joinsScopeTasks: Bool

    deinit {
        TaskJoining.worldEnded(worldNumber)
    }

    /// Whether the jobs that left the main actor before now are over (see
    /// `MainActorDepartures`); if not, `then` runs on the main queue once
    /// they are. A round trip, on the main queue, goes on only then: a
    /// main-actor task on its way to the world (to its first sleep) is seen
    /// before the world is said quiet, and the departures of other tests
    /// that come later are not waited for.
    private func departuresAreOver(orThen then: @escaping @Sendable () -> Void) -> Bool {
        MainActorDepartures.areOver(through: MainActorDepartures.arrivals) {
            DispatchQueue.main.async { then() }
        }
    }

    /// Set on every executor's queue: which world runs there.
    private static let worldKey = UncheckedSendable(DispatchSpecificKey<UInt64>())

    /// The executor whose job runs on the current thread, if one does.
    static var runningWorld: VirtualTaskExecutor? {
        DispatchQueue.getSpecific(key: worldKey.value).flatMap(TaskJoining.world(numbered:))
    }

    /// Takes a job to run on the executor's serial queue, after the jobs
    /// enqueued before it.
    ///
    /// The first job of a new task, enqueued from outside the world — a task
    /// that the test, or a scheduled action, starts — while no step waits for
    /// quiescence is held, with those that follow it, and released as one
    /// ready set when a step next waits: so the order of the world's jobs
    /// does not depend on how far the test's thread got before the
    /// executor's. (A task of the world resuming, and a task that already
    /// prefers this executor moving itself onto it, run at once; held jobs
    /// that no step releases run after `holdLimit`.)
    ///
    /// - parameter job: The job.
    public func enqueue(_ job: consuming ExecutorJob) {
        enqueue(unowned: UnownedJob(job))
    }

    /// Takes a job of a task that joined the world (see `TaskJoining`),
    /// bound for the global executor: like ``enqueue(_:)``.
    func enqueueJoined(_ job: UnownedJob) {
        enqueue(unowned: job)
    }

    private func enqueue(unowned job: UnownedJob) {
        let fromOutside = DispatchQueue.getSpecific(key: queueKey.value) != true && !TaskJoining.currentTaskPrefers(self)
        if fromOutside, let choices { UncontrolledArrivals.check(choices) }
        let key = JobKey(job)
        let onlyResumes = RuntimeJobs.onlyResumesATask(job, key: key)
        let nonisolated = !fromOutside && RuntimeJobs.runsNonisolated
        let (startDraining, armRelease) = state.withLock { state -> (Bool, Bool) in
            if let key, onlyResumes || (nonisolated && key.id != 0 && key == state.running) {
                state.runsNext.insert(key)
            }
            if fromOutside, let key, !state.seen.contains(key), state.waiters.isEmpty, state.releasedByTimeSinceStep {
                // Tasks started back to back were split by real time (the
                // thread that starts them stalled past the hold limit): an
                // explored schedule runs again (see ScheduleExploration).
                choices?.noteDisturbedByTime()
            }
            if fromOutside, let key, !state.seen.contains(key), state.waiters.isEmpty, !state.isDraining {
                state.held.append(job)
                guard !state.isReleaseArmed else { return (false, false) }
                state.isReleaseArmed = true
                return (false, true)
            }
            if !state.held.isEmpty {
                state.enqueued += state.held.count
                state.jobs.append(contentsOf: state.held)
                state.held.removeAll()
            }
            state.jobs.append(job)
            state.enqueued += 1
            guard !state.isDraining else { return (false, false) }
            state.isDraining = true
            return (true, false)
        }
        if startDraining { queue.async { self.drain() } }
        if armRelease {
            StepProfile.timer()
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.holdLimit) { self.releaseHeld(byTime: true) }
        }
    }

    /// Notes that the current task moves itself onto the executor
    /// (`withTasks`): its jobs are not new tasks to hold.
    func admitCurrentTask() {
        guard let key = JobKey.currentTask else { return }
        state.withLock { _ = $0.seen.insert(key) }
    }

    /// Releases the held jobs, as one ready set.
    private func releaseHeld(byTime: Bool) {
        let startDraining = state.withLock { state -> Bool in
            if byTime { state.isReleaseArmed = false }
            guard !state.held.isEmpty else { return false }
            if byTime {
                state.releasesByTime += 1
                state.releasedByTimeSinceStep = true
            }
            state.enqueued += state.held.count
            state.jobs.append(contentsOf: state.held)
            state.held.removeAll()
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        if startDraining { queue.async { self.drain() } }
    }

    // Jobs that run first, with no choice.
    //
    // Some jobs a task's run makes are no point where the task could be
    // suspended on a device, and choosing among them offered orders that
    // lead to the same futures (issue 43: two tasks that yield once each
    // met 5 choices, and 20 schedules for their 6 orders; as plain
    // `Task { }`s, 11 choices and 924 schedules). Such a job runs before any
    // other waiting job, explored or not:
    //
    // - The job `Task.yield()` enqueues (see `RuntimeJobs`) only puts its
    //   task back among the ready jobs: it runs none of the test's code.
    //   Run at once, it makes its task ready as soon as can be, and the
    //   task can still run after any other job that a choice prefers: no
    //   order is lost.
    // - A task that joined the world (a plain `Task { }`, which prefers no
    //   executor) runs on this task executor, so at each switch to
    //   nonisolated code the runtime sends it back through the global
    //   executor: a hop that does not happen on a device, where the task
    //   goes on running. Told by the task enqueuing itself, from the job
    //   this executor runs for it, while nonisolated code runs (leaving an
    //   actor is a real suspension, and is not told so).

    /// Runs the jobs until none is left, then checks the main actor.
    private func drain() {
        while true {
            let job = state.withLock { state -> UnownedJob? in
                if state.next < state.jobs.count {
                    defer { state.next += 1; state.jobsRun += 1 }
                    if !state.runsNext.isEmpty, let index = state.jobs[state.next...].firstIndex(where: { job in
                        JobKey(job).map { state.runsNext.contains($0) } ?? false
                    }) {
                        // A job that runs first, with no choice (see above).
                        let job = state.jobs.remove(at: index)
                        state.jobs.insert(job, at: state.next)
                        if let key = JobKey(job) { state.runsNext.remove(key) }
                    } else if let choices, state.jobs.count - state.next > 1, choices.orders.contains(.readyJobs) {
                        let ready = state.jobs.count - state.next
                        let option = choices.choose(ready, kind: .readyJobs) { option in
                            { "ran ready job \(option + 1) of \(ready) of the virtual executor first" }
                        }
                        if option > 0 {
                            let job = state.jobs.remove(at: state.next + option)
                            state.jobs.insert(job, at: state.next)
                        }
                    }
                    state.jobStarted = .now()
                    state.running = JobKey(state.jobs[state.next])
                    if let key = JobKey(state.jobs[state.next]) { state.seen.insert(key) }
                    return state.jobs[state.next]
                }
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                state.isDraining = false
                state.jobStarted = nil
                state.running = nil
                return nil
            }
            guard let job else { return checkMainActor() }
            job.runSynchronously(on: asUnownedTaskExecutor())
            if choices != nil, settleMainActor() { return }
        }
    }

    /// While a schedule is explored, after each job: lets the main actor
    /// settle before the next job is taken, and returns true when the drain
    /// goes on after that (see `settled(_:)`); false when the world waits
    /// for no round trip (``mainActorRoundTrips`` is 0).
    ///
    /// A job of the world that awaits the main actor comes back from the
    /// main thread, as a new ready job, when that thread gets there: taking
    /// the next job at once made the ready set — how many jobs a choice
    /// chooses among, and whether there is a choice at all — depend on the
    /// threads' timing, and the same seed explored other schedules in
    /// another run (issue 42, C.8). So the drain stops, and goes on once
    /// ``mainActorRoundTrips`` round trips through the main queue in a row
    /// saw no progress, as a step waits for quiescence: the main-actor work
    /// the job started has run, and what came back from it is ready.
    private func settleMainActor() -> Bool {
        let trip = state.withLock { state -> SettlingTrip? in
            guard state.roundTrips > 0 else { return nil }
            // No job runs while the main actor settles.
            state.jobStarted = nil
            return SettlingTrip(clean: 0, enqueued: state.enqueued, scheduling: scheduling())
        }
        guard let trip else { return false }
        StepProfile.roundTrip()
        DispatchQueue.main.async { self.settled(trip) }
        return true
    }

    /// A round trip of the settling between two jobs, and the world as it
    /// was when it was sent.
    private struct SettlingTrip {
        /// The clean round trips in a row before it.
        let clean: Int
        let enqueued: Int
        let scheduling: UInt64
    }

    /// A round trip of `settleMainActor()` ran on the main queue: it is
    /// clean when no job was enqueued on the executor and no action was
    /// scheduled since it was sent. Sends the next one until
    /// ``mainActorRoundTrips`` clean ones in a row have run; then drains on.
    private func settled(_ trip: SettlingTrip, departuresOver: Bool = false) {
        if !departuresOver, !departuresAreOver(orThen: { self.settled(trip, departuresOver: true) }) { return }
        let next = state.withLock { state -> SettlingTrip? in
            let scheduling = scheduling()
            let clean = state.enqueued == trip.enqueued && scheduling == trip.scheduling ? trip.clean + 1 : 0
            guard clean < state.roundTrips else { return nil }
            return SettlingTrip(clean: clean, enqueued: state.enqueued, scheduling: scheduling)
        }
        if let next {
            StepProfile.roundTrip()
            DispatchQueue.main.async { self.settled(next) }
        } else {
            queue.async { self.drain() }
        }
    }

    /// Starts round trips through the main queue (see "The main actor"
    /// above) if a waiter waits, the executor is idle, and none is on its
    /// way already.
    ///
    /// `fromWaiter`: called by the waiter itself, whose continuation a
    /// resume here ends before it suspends (no hop).
    private func checkMainActor(fromWaiter: Bool = false) {
        let (reached, trip) = state.withLock { state -> ([Waiter], RoundTrip?) in
            guard !state.waiters.isEmpty, !state.isDraining else { return ([], nil) }
            // Waiters that need no round trip: the drained executor is
            // quiescence for them.
            let reached = state.waiters.filter { $0.trips == 0 }
            if !reached.isEmpty {
                state.waiters.removeAll { $0.trips == 0 }
                state.arrivalsAtQuiet = state.enqueued + state.held.count
            }
            guard !state.waiters.isEmpty, !state.isCheckingMainActor else { return (reached, nil) }
            state.isCheckingMainActor = true
            state.cleanSince = state.tripsEnqueued
            return (reached, state.makeTrip(scheduling: scheduling()))
        }
        if let trip { DispatchQueue.main.async { self.arrive(trip) } }
        if !fromWaiter { StepProfile.hop(reached.count) }
        for waiter in reached {
            waiter.continuation.resume(returning: .reached)
        }
    }

    /// A round trip ran on the main queue: every main-queue job enqueued
    /// before it has run. Resumes the waiters for which it ends
    /// ``mainActorRoundTrips`` clean round trips in a row, and enqueues the
    /// next one while others wait — from the main queue itself, so that it
    /// runs after whatever the jobs just run enqueued there.
    private func arrive(_ trip: RoundTrip, departuresOver: Bool = false) {
        if !departuresOver, !departuresAreOver(orThen: { self.arrive(trip, departuresOver: true) }) { return }
        let (reached, next) = state.withLock { state -> ([Waiter], RoundTrip?) in
            state.tripsRun += 1
            guard !state.isDraining else {
                // New jobs: the drain starts the round trips again once it
                // is over.
                state.isCheckingMainActor = false
                return ([], nil)
            }
            let scheduling = scheduling()
            var reached: [Waiter] = []
            if state.enqueued != trip.enqueued || scheduling != trip.scheduling {
                // Progress: jobs came and ran, or actions were scheduled.
                // Whatever they enqueued on the main queue is ahead of the
                // next round trip, which starts the count again.
                state.cleanSince = state.tripsEnqueued
            } else {
                let clean = trip.number + 1
                reached = state.waiters.filter { clean - max(state.cleanSince, $0.firstTrip) >= $0.trips }
                if !reached.isEmpty {
                    state.waiters.removeAll { clean - max(state.cleanSince, $0.firstTrip) >= $0.trips }
                    state.arrivalsAtQuiet = state.enqueued + state.held.count
                }
            }
            guard !state.waiters.isEmpty else {
                state.isCheckingMainActor = false
                return (reached, nil)
            }
            return (reached, state.makeTrip(scheduling: scheduling))
        }
        if let next { DispatchQueue.main.async { self.arrive(next) } }
        StepProfile.hop(reached.count)
        for waiter in reached {
            waiter.continuation.resume(returning: .reached)
        }
    }

    /// How many times the watchdog that ends overlong waits for quiescence
    /// was armed (see `armWatchdog(by:for:)`): one timer serves a run of
    /// steps.
    var watchdogsArmed: Int {
        state.withLock { $0.watchdogsArmed }
    }

    /// The number of jobs run so far.
    var jobsRun: Int {
        state.withLock { $0.jobsRun }
    }

    /// Whether a job is running, waits to run, or is held: the world is
    /// not quiescent now. (A job that a real thread enqueued after the
    /// last quiescence — a double's answer resuming a task — shows here
    /// before the thread's work counts as landed.)
    var hasWorkToRun: Bool {
        state.withLock { $0.isDraining || !$0.held.isEmpty }
    }

    /// How many times new tasks started from outside were released by the
    /// hold limit of real time (50 ms) rather than by a step: a test that
    /// took longer than that to reach its step after starting them (a busy
    /// machine) got them in the order they were started, one by one, not
    /// as one ready set.
    var releasesByTime: Int {
        state.withLock { $0.releasesByTime }
    }

    /// ``arrivals`` when a wait for quiescence last found the world quiet:
    /// a job that arrived since came after that quiet (and may have run
    /// already, handing the main actor its next job).
    var arrivalsAtLastQuiet: Int {
        state.withLock { $0.arrivalsAtQuiet }
    }

    /// How many jobs reached the executor so far, held ones included: a
    /// count that a job enqueued since an earlier reading changes, even if
    /// it ran already.
    var arrivals: Int {
        state.withLock { $0.enqueued + $0.held.count }
    }

    /// Returns once the virtual world is quiescent: the executor has no job
    /// left to run, and ``mainActorRoundTrips`` round trips through the main
    /// queue in a row, enqueued after this call began, saw no progress (see
    /// "The main actor" above). Called from a job of the executor itself, it
    /// returns once every other job has run. Gives up after `grace` of real
    /// time, saying what still runs.
    /// It waits in the caller's isolation (`isolation`): no hop to the
    /// global executor and back.
    func quiescence(grace: Double, isolation: isolated (any Actor)? = #isolation) async -> Quiescence {
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Quiescence, Never>) in
            // One lock: a round trip enqueued before this waiter existed
            // must not count for it.
            let (id, givesUpAt) = state.withLock { state -> (Int, DispatchTime) in
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                let givesUpAt = DispatchTime.now() + grace
                state.waiters.append(Waiter(
                    id: id, firstTrip: state.tripsEnqueued, trips: state.roundTrips, continuation: continuation,
                    givesUpAt: givesUpAt, grace: grace))
                state.releasedByTimeSinceStep = false
                return (id, givesUpAt)
            }
            releaseHeld(byTime: false)
            checkMainActor(fromWaiter: true)
            armWatchdog(by: givesUpAt, for: id)
        }
    }

    /// Makes sure the watchdog fires by `time`, if the waiter `id` still
    /// waits (reached already, it needs none). One watchdog serves every
    /// waiter: a wait that comes while it is armed for an earlier time
    /// arms nothing, so that a run of steps arms one timer per grace period
    /// rather than one per wait (the timer holds the executor weakly: it
    /// never keeps a world alive).
    private func armWatchdog(by time: DispatchTime, for id: Int) {
        let arm = state.withLock { state -> Bool in
            guard state.waiters.contains(where: { $0.id == id }) else { return false }
            if let armed = state.watchdogAt, armed <= time { return false }
            state.watchdogAt = time
            state.watchdogsArmed += 1
            return true
        }
        guard arm else { return }
        StepProfile.timer()
        DispatchQueue.global().asyncAfter(deadline: time) { [weak self] in self?.watchdogFired(at: time) }
    }

    /// The watchdog armed for `time` fired: the waiters whose grace period
    /// is over give up, saying what still runs, and the watchdog is armed
    /// again for the next one, if any still waits.
    private func watchdogFired(at time: DispatchTime) {
        let (expired, next) = state.withLock { state -> ([(Waiter, String)], DispatchTime?) in
            // Another watchdog, armed for an earlier time, took over.
            guard state.watchdogAt == time else { return ([], nil) }
            state.watchdogAt = nil
            let now = DispatchTime.now()
            // Each diagnosis sees the world as it is, before any waiter goes.
            let expired = state.waiters.filter { $0.givesUpAt <= now }
                .map { ($0, Self.diagnosis(state, since: $0.firstTrip, grace: $0.grace)) }
            state.waiters.removeAll { $0.givesUpAt <= now }
            let next = state.waiters.map(\.givesUpAt).min()
            state.watchdogAt = next
            if next != nil { state.watchdogsArmed += 1 }
            return (expired, next)
        }
        for (waiter, diagnosis) in expired {
            StepProfile.hop()
            waiter.continuation.resume(returning: .timedOut(diagnosis))
        }
        if let next {
            StepProfile.timer()
            DispatchQueue.global().asyncAfter(deadline: next) { [weak self] in self?.watchdogFired(at: next) }
        }
    }

    private static func diagnosis(_ state: State, since firstTrip: Int, grace: Double) -> String {
        let waiting = state.jobs.count - state.next
        if let started = state.jobStarted {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            return "a job of the virtual world has been running for \(String(format: "%.1f", seconds)) s of real time "
                + "(\(waiting) more waiting): a task blocks its thread — a semaphore, a lock, a synchronous wait or real sleep"
        }
        if state.isDraining || waiting > 0 {
            return "\(waiting) job\(waiting == 1 ? " is" : "s are") still waiting to run"
        }
        let trips = state.tripsRun - firstTrip
        if trips > 0 {
            return "the main actor runs, but the virtual world kept showing progress through \(trips) round trip\(trips == 1 ? "" : "s") "
                + "of the main queue (jobs enqueued on the executor, or actions scheduled): does a loop keep starting or scheduling work forever?"
        }
        return "the main actor did not run within \(grace) s: is the main thread blocked (a synchronous wait on it, in this test or in one running beside it)? "
            + "A world with no main-actor code can say so: executor.mainActorRoundTrips = 0"
    }
}
