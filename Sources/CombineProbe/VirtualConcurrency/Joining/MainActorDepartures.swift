import Dispatch

/// Jobs that leave the main actor for the global executor while a world
/// whose tasks join lives: run one at a time, in the order they left, on a
/// queue of their own, and counted by every world's quiet.
///
/// A `Task { }` started in `@MainActor` code — a view model; every type of
/// an app target whose default isolation is `MainActor` — inherits the main
/// actor. The runtime does not call its main-executor hook (a probe test
/// checks it), so the task's main-actor jobs are seen by no one; when it
/// leaves the main actor (a nonisolated async function of a library, an
/// actor of the app, a `@concurrent` service), the runtime hands its job to
/// the global executor from the main thread with no task running there, so
/// the hook cannot read the task-locals that say whose it is. Sent on to
/// the global executor, it ran in parallel with the world's steps: a view
/// model's sleep reached the clock before or after the step moved time.
///
/// So such a job departs here instead. Once it runs, its task is current,
/// and its task-locals can be read: the first thing the task does that the
/// library sees — a sleep on a scheduler's clock, a call to a double, an
/// enqueue (a hop, a new task, an actor's turn) — makes it a member of the
/// world its scope joins (see `TaskJoining.adoptCurrentDeparture()`), and
/// from then on its jobs go to that world like any member's. What such a
/// job enqueues before it is adopted departs here too. A round trip through
/// the main queue, with which a world checks that it is quiet, goes on only
/// once the departures that came before it are over (``areOver(through:orWhenOver:)``):
/// a step does not move time while a main-actor task is on its way to its
/// sleep. Departures that come after the round trip are not waited for, so
/// the departures of parallel tests delay a world by at most the ones ahead
/// of it, and never keep it from being quiet.
///
/// A job that blocks its thread (a semaphore, a synchronous wait) would
/// hold back every departure behind it, and every world's step, of every
/// test of the process: after `VirtualTaskExecutor.holdLimit` of real time,
/// the job is left to run on its thread, no world waits for it any more, and
/// the departures behind it go on, in order, on a new thread. Nothing hangs,
/// and no other test is disturbed.
///
/// Only while a joining world lives (a scope whose settings say
/// `joinsTasks`, an exploration's schedule): otherwise every job goes where
/// it went before.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum MainActorDepartures {
    private struct State {
        var waiting: [UnownedJob] = []
        var next = 0
        var isDraining = false
        /// The lane that runs the departures: a serial queue, replaced when
        /// a job blocks it past the hold limit.
        var lane = 0
        var queue = MainActorDepartures.makeQueue()
        /// The number of the job running now on the lane (counted from 1),
        /// 0 if none.
        var running = 0
        var started = 0
        /// Departures ever taken, and ever over (run, or left to a blocked
        /// lane): one lane runs them in order, so the first `over` of the
        /// `arrivals` are over.
        var arrivals = 0
        var over = 0
        /// What waits for the departures up to a count to be over.
        var waiters: [(through: Int, resume: @Sendable () -> Void)] = []

        /// Counts one departure over; returns the waiters that it frees.
        mutating func noteOver() -> [@Sendable () -> Void] {
            over += 1
            guard waiters.contains(where: { $0.through <= over }) else { return [] }
            let freed = waiters.filter { $0.through <= over }.map(\.resume)
            waiters.removeAll { $0.through <= over }
            return freed
        }
        /// Jobs left to run on a lane of their own, past the hold limit.
        var blocked = 0
    }

    private static let state = Locked(State())
    private static let queueKey = UncheckedSendable(DispatchSpecificKey<Bool>())

    private static func makeQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "CombineProbe.MainActorDepartures")
        queue.setSpecific(key: queueKey.value, value: true)
        return queue
    }

    /// Whether a departure runs on the current thread.
    static var isRunningHere: Bool {
        DispatchQueue.getSpecific(key: queueKey.value) == true
    }

    /// Takes `job`, which left the main actor: it runs after the jobs that
    /// departed before it.
    static func take(_ job: UnownedJob) {
        let start = state.withLock { state -> (lane: Int, queue: DispatchQueue)? in
            state.arrivals += 1
            state.waiting.append(job)
            guard !state.isDraining else { return nil }
            state.isDraining = true
            return (state.lane, state.queue)
        }
        if let start { start.queue.async { drain(lane: start.lane) } }
    }

    /// Runs the departures, one at a time, while `lane` is the lane.
    private static func drain(lane: Int) {
        while true {
            let next = state.withLock { state -> (job: UnownedJob, number: Int)? in
                // A lane replaced while its job blocked: the job returned.
                guard state.lane == lane else { return nil }
                guard state.next < state.waiting.count else {
                    state.waiting.removeAll(keepingCapacity: true)
                    state.next = 0
                    state.isDraining = false
                    state.running = 0
                    return nil
                }
                defer { state.next += 1 }
                state.started += 1
                state.running = state.started
                return (state.waiting[state.next], state.started)
            }
            guard let next else { return }
            StepProfile.timer()
            DispatchQueue.global().asyncAfter(deadline: .now() + VirtualTaskExecutor.holdLimit) {
                checkBlocked(next.number, lane: lane)
            }
            next.job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
            let freed = state.withLock { state -> [@Sendable () -> Void] in
                // A job of a replaced lane was counted over when it was left.
                guard state.lane == lane else { return [] }
                state.running = 0
                return state.noteOver()
            }
            for resume in freed { resume() }
        }
    }

    /// The hold limit after departure `number` started on `lane`: if it
    /// still runs, it keeps its thread, and the departures behind it go on
    /// on a new lane.
    private static func checkBlocked(_ number: Int, lane: Int) {
        let (start, freed) = state.withLock { state -> ((lane: Int, queue: DispatchQueue)?, [@Sendable () -> Void]) in
            guard state.lane == lane, state.running == number else { return (nil, []) }
            state.blocked += 1
            state.lane += 1
            state.queue = makeQueue()
            state.running = 0
            let freed = state.noteOver()
            guard state.next < state.waiting.count else {
                state.isDraining = false
                return (nil, freed)
            }
            return ((state.lane, state.queue), freed)
        }
        for resume in freed { resume() }
        if let start { start.queue.async { drain(lane: start.lane) } }
    }

    /// How many jobs departed so far.
    static var arrivals: Int {
        state.withLock { $0.arrivals }
    }

    /// Whether the first `count` departures are over; if not, `resume` is
    /// called once they are, on the thread that ends the last of them.
    static func areOver(through count: Int, orWhenOver resume: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state -> Bool in
            guard state.over < count else { return true }
            state.waiters.append((count, resume))
            return false
        }
    }

    /// How many departures blocked their lane past the hold limit, ever.
    static var blockedPastTheHoldLimit: Int {
        state.withLock { $0.blocked }
    }
}
