/// A schedule every zero seconds (`schedule(after:interval: .zero)`): it
/// would repeat at one instant for ever. Operators schedule it that way
/// and cancel it in its first run — OpenCombine's (and Combine's)
/// `debounce(for: .zero)` and `timeout(.zero)` schedule their one action
/// with an interval equal to their due time —, so it runs once, as it
/// does under combine-schedulers' `TestScheduler`; a schedule still not
/// cancelled when that run returns is a test failure at the line that made
/// the scheduler (`report`), and is not repeated: never a hang.
///
/// Like `AnyCancellable`, it is not `Sendable`: it is cancelled by the code
/// that holds it.
final class ZeroIntervalSchedule: Cancellable {
    private let cancelled = Locked(false)
    /// The run, once it is scheduled.
    private var run: ScheduleCancellation?

    /// Schedules `action` once through `enqueue`, which returns the
    /// cancellation of the run it scheduled; `report` is called when the
    /// run returns without the schedule being cancelled.
    init(
        _ action: @escaping () -> Void,
        enqueue: (@escaping () -> Void) -> ScheduleCancellation,
        report: @escaping @Sendable () -> Void
    ) {
        let cancelled = self.cancelled
        run = enqueue {
            action()
            if !cancelled.withLock({ $0 }) { report() }
        }
    }

    /// Cancels the schedule; cancelling it again does nothing.
    func cancel() {
        cancelled.withLock { $0 = true }
        run?.cancel()
    }

    deinit {
        cancel()
    }
}
