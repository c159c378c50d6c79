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
    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        var isDraining = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var jobsRun = 0
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
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        if startDraining { queue.async { self.drain() } }
    }

    /// The number of jobs run so far.
    var jobsRun: Int {
        state.withLock { $0.jobsRun }
    }

    /// Runs the jobs until none is left, then resumes whoever waits for
    /// quiescence.
    private func drain() {
        while true {
            let (job, waiters) = state.withLock { state -> (UnownedJob?, [CheckedContinuation<Void, Never>]) in
                if state.next < state.jobs.count {
                    defer { state.next += 1; state.jobsRun += 1 }
                    return (state.jobs[state.next], [])
                }
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                state.isDraining = false
                defer { state.idleWaiters.removeAll() }
                return (nil, state.idleWaiters)
            }
            guard let job else {
                for waiter in waiters { waiter.resume() }
                return
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Returns once the executor has no job left to run. Called from a job
    /// of the executor itself, it returns once every other job has run.
    func quiescence() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                guard state.isDraining || state.next < state.jobs.count else { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
