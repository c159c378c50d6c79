import Dispatch

/// The consumers of a virtual timer that its tick resumed: each goes on its
/// way to its isolation on a thread of its own, not on the global
/// executor's shared pool.
///
/// A resumed continuation does not go straight back to the actor that
/// awaited it: the runtime hands the task to the global executor, which
/// then takes it to its actor (the main actor of a view model's timer
/// loop). The global executor's threads are a pool as wide as the machine
/// has cores, shared by every test of the process, and synchronous tests
/// run on them to their end: two long synchronous tests on a two-core
/// machine held the pool for 8 to 15 s in a loaded parallel run (measured
/// on Swift 6.3.1), while the step that ticked waited for its consumer
/// with a grace of 5 s, and failed a test whose consumer was never
/// blocked. The step waits for this consumer (`TicksInFlight`), so its
/// journey must not wait for other tests: it is run here, on a queue of its
/// own, whose thread the system gives at once.
///
/// What runs here is the consumer's resumption up to its next suspension:
/// for an actor's consumer, the hop to its actor; for a nonisolated
/// consumer, its loop body until it awaits the next tick, as it would have
/// run on a thread of the pool.
///
/// A consumer that is a member of a world is not sent here: the joining
/// door sends it to its world's executor first (see `TaskJoining`).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TickResumes {
    private static let queueKey = UncheckedSendable(DispatchSpecificKey<Bool>())

    /// Runs `job`, a timer consumer resumed by its tick, on a thread of its
    /// own.
    static func run(_ job: UnownedJob) {
        // A serial queue of its own asks the system for a thread of its own
        // (an overcommitting queue), unlike the global queues, whose
        // threads the pool's tests may hold.
        let queue = DispatchQueue(label: "CombineProbe.TickResume")
        queue.setSpecific(key: queueKey.value, value: true)
        queue.async {
            job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
        }
    }

    /// Whether a consumer resumed by its tick runs on the current thread.
    static var isRunningHere: Bool {
        DispatchQueue.getSpecific(key: queueKey.value) == true
    }
}
