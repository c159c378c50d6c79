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
/// Only the recorder's own loop prefers it: the sequence's code runs on it
/// when it is not isolated to an actor, and on its actor otherwise.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class RecordingExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "CombineProbe.AsyncSequenceRecorder")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
