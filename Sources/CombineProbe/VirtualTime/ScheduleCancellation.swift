/// The cancellable that a virtual scheduler returns for a repeating
/// schedule: cancelling it, or dropping it, cancels the schedule's pending
/// and future runs, as a Dispatch timer's `AnyCancellable` does.
///
/// One object, not an `AnyCancellable` around a closure that captures the
/// scheduler weakly: `debounce` and `throttle` schedule (and cancel) one per
/// value. It refers weakly to the scheduler's non-generic state, so that it
/// needs no type metadata of the scheduler's generic types, and a schedule
/// cancelled after its scheduler went away does nothing.
///
/// Like `AnyCancellable`, it is not `Sendable`: it is cancelled by the code
/// that holds it.
final class ScheduleCancellation: Cancellable {
    private weak var state: Locked<VirtualClockState>?
    private let action: ScheduledAction
    /// Whether the schedule's later runs wait in other slots than its
    /// first (see ``ActionQueue/cancel(_:movesBetweenSlots:)``).
    private let movesBetweenSlots: Bool
    private var isCancelled = false

    init(state: Locked<VirtualClockState>, action: ScheduledAction, movesBetweenSlots: Bool = false) {
        self.state = state
        self.action = action
        self.movesBetweenSlots = movesBetweenSlots
    }

    /// Cancels the schedule, and releases its pending action at once, as a
    /// cancelled Dispatch timer releases its handler; cancelling it again
    /// does nothing.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        // Released here, after the lock: its deinitializers may schedule.
        let released = state?.withLock { $0.queue.cancel(action, movesBetweenSlots: movesBetweenSlots) }
        withExtendedLifetime(released) {}
    }

    deinit {
        cancel()
    }
}
