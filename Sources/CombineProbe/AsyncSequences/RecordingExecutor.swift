import Dispatch

/// The executor that runs a recorder's iteration task: a serial dispatch
/// queue of its own, rather than the cooperative pool that runs Swift's
/// tasks.
///
/// A synchronous Swift Testing test runs on that pool, and its blocking
/// waits (an assertion with a `timeout:`) hold a thread of it. The pool has
/// one thread per core: with two cores, two blocked tests would starve every
/// recorder of the threads it needs to pull its sequence, and every wait
/// would time out. A serial queue gets a thread of its own from Dispatch,
/// whatever the pool is doing.
///
/// Jobs enqueued while the executor runs one (the task hopping back to it
/// from the sequence's own code, once per element) are run by the same
/// drain, after it, without a new trip through the queue.
///
/// Only the recorder's own loop prefers it: the sequence's code runs on it
/// when it is not isolated to an actor, and on its actor otherwise.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@usableFromInline
final class RecordingExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var next = 0
        var isDraining = false
    }

    private let queue = DispatchQueue(label: "CombineProbe.AsyncSequenceRecorder")
    private let state = Locked(State())

    @usableFromInline
    init() {}

    @usableFromInline
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let startDraining = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
        if startDraining { queue.async { self.drain() } }
    }

    /// Runs the jobs in order until there is none left.
    private func drain() {
        let executor = asUnownedTaskExecutor()
        while let job = takeJob() {
            job.runSynchronously(on: executor)
        }
    }

    private func takeJob() -> UnownedJob? {
        state.withLock { state in
            guard state.next < state.jobs.count else {
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
                state.isDraining = false
                return nil
            }
            defer { state.next += 1 }
            return state.jobs[state.next]
        }
    }
}
