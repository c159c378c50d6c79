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
    private let id: UInt64
    private var isCancelled = false

    init(state: Locked<VirtualClockState>, id: UInt64) {
        self.state = state
        self.id = id
    }

    /// Cancels the schedule; cancelling it again does nothing.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        state?.withLock { $0.queue.cancel(id) }
    }

    deinit {
        cancel()
    }
}
