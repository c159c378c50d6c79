import Dispatch

/// The task executor of a ``VirtualScheduler``: the async work that runs on
/// it is part of the scheduler's virtual world, and the scheduler's async
/// steps — `await advance(by:)`, `await run()`, `await wait(for:timeout:)`
/// — move time only while that work is quiescent: every job it has is run,
/// one at a time, in the order it was enqueued, until none is left.
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
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class VirtualTaskExecutor: TaskExecutor, Sendable {
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
        let continuation: CheckedContinuation<Quiescence, Never>
        /// Gives up after the grace period; cancelled once quiescence is
        /// reached, so that no timer outlives its wait.
        let deadline: DispatchWorkItem
    }

    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        var isDraining = false
        /// Jobs ever enqueued: a main-actor check that sees it unchanged
        /// knows nothing came meanwhile.
        var enqueued = 0
        var jobsRun = 0
        /// When the job running now started, while one runs.
        var jobStarted: DispatchTime?
        /// `enqueued` when quiescence was last reached: while it is
        /// unchanged, nothing ran since, and the world is still quiescent.
        var quiescentAt = -1
        /// Whether a main-actor check is on its way.
        var isCheckingMainActor = false
        var waiters: [Waiter] = []
        var nextWaiterID = 0
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "CombineProbe.VirtualTaskExecutor")

    init() {}

    /// Takes a job to run on the executor's serial queue, after the jobs
    /// enqueued before it.
    ///
    /// - parameter job: The job.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let startDraining = state.withLock { state -> Bool in
            state.jobs.append(job)
            state.enqueued += 1
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        if startDraining { queue.async { self.drain() } }
    }

    /// Runs the jobs until none is left, then checks the main actor.
    private func drain() {
        while true {
            let job = state.withLock { state -> UnownedJob? in
                if state.next < state.jobs.count {
                    defer { state.next += 1; state.jobsRun += 1 }
                    state.jobStarted = .now()
                    return state.jobs[state.next]
                }
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                state.isDraining = false
                state.jobStarted = nil
                return nil
            }
            guard let job else { return checkMainActor() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Once the executor is idle, the work of the virtual world may still
    /// go on on the main actor (a `@MainActor` task resumed by a job here).
    /// A check enqueued on the main queue runs after every main-actor job
    /// enqueued before it: if the executor got no job meanwhile, the world is
    /// quiescent, and the waiters resume; otherwise the executor drains
    /// again and checks again.
    private func checkMainActor() {
        let mark: (enqueued: Int, waiters: Int)? = state.withLock { state in
            guard !state.waiters.isEmpty, !state.isCheckingMainActor, !state.isDraining else { return nil }
            state.isCheckingMainActor = true
            return (state.enqueued, state.nextWaiterID)
        }
        guard let mark else { return }
        DispatchQueue.main.async {
            let (reached, checkAgain) = self.state.withLock { state -> ([Waiter], Bool) in
                state.isCheckingMainActor = false
                guard !state.isDraining else { return ([], false) } // its drain checks again
                guard state.enqueued == mark.enqueued else { return ([], true) }
                // Only the waiters that were waiting when the check was
                // enqueued: a later one may have main-actor work behind it.
                state.quiescentAt = mark.enqueued
                let reached = state.waiters.filter { $0.id < mark.waiters }
                state.waiters.removeAll { $0.id < mark.waiters }
                return (reached, !state.waiters.isEmpty)
            }
            if checkAgain { self.queue.async { self.checkMainActor() } }
            for waiter in reached {
                waiter.deadline.cancel()
                waiter.continuation.resume(returning: .reached)
            }
        }
    }

    /// The number of jobs run so far.
    var jobsRun: Int {
        state.withLock { $0.jobsRun }
    }

    /// Returns once the virtual world is quiescent: the executor has no job
    /// left to run and the main actor none that came from it. Called from a
    /// job of the executor itself, it returns once every other job has run.
    /// Gives up after `grace` of real time, saying what still runs. Returns
    /// at once when no job was enqueued since quiescence was last reached.
    func quiescence(grace: Double) async -> Quiescence {
        if state.withLock({ !$0.isDraining && $0.enqueued == $0.quiescentAt }) { return .reached }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Quiescence, Never>) in
            // One lock: a main-actor check enqueued before this waiter
            // existed must not count it (see `checkMainActor`).
            let deadline = state.withLock { state -> DispatchWorkItem in
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                let deadline = DispatchWorkItem { self.giveUp(id, grace: grace) }
                state.waiters.append(Waiter(id: id, continuation: continuation, deadline: deadline))
                return deadline
            }
            queue.async { self.checkMainActor() }
            DispatchQueue.global().asyncAfter(deadline: .now() + grace, execute: deadline)
        }
    }

    /// Ends the wait `id` with what still runs, if it is still waiting.
    private func giveUp(_ id: Int, grace: Double) {
        let (waiter, diagnosis) = state.withLock { state -> (Waiter?, String) in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return (nil, "") }
            let waiter = state.waiters.remove(at: index)
            return (waiter, Self.diagnosis(state, grace: grace))
        }
        waiter?.continuation.resume(returning: .timedOut(diagnosis))
    }

    private static func diagnosis(_ state: State, grace: Double) -> String {
        let waiting = state.jobs.count - state.next
        if let started = state.jobStarted {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            return "a job of the virtual world has been running for \(String(format: "%.1f", seconds)) s of real time "
                + "(\(waiting) more waiting): a task blocks its thread — a semaphore, a lock, a synchronous wait or real sleep"
        }
        if state.isDraining || waiting > 0 {
            return "\(waiting) job\(waiting == 1 ? " is" : "s are") still waiting to run"
        }
        return "the main actor did not run within \(grace) s: is the main thread blocked (a synchronous wait on it)?"
    }
}
