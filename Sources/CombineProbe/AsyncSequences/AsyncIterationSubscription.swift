import Foundation

/// The subscription that a recorder of an `AsyncSequence` holds: cancelling
/// it — `cancel()` on the recorder, or the recorder's release — cancels the
/// task that iterates the sequence, and never waits for it.
///
/// The iteration does not wait for demand: a recorder asks for unlimited
/// demand anyway, and pulling eagerly is what makes it lose nothing.
///
/// A sequence that ignores its task's cancellation keeps running. Whatever
/// it produces then is dropped, as Combine drops values sent after a
/// cancellation. When it is still running `grace` seconds after the
/// cancellation, this is reported as a failure at the line that called
/// `record()` the next time the test reads the recorder (or when the
/// recorder goes away), or on standard error when the recorder was released
/// already. It is never recorded from the background, where it could land
/// in another test.
@usableFromInline
final class AsyncIterationSubscription: Subscription, Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var isCancelled = false
        var hasEnded = false
        /// Whether `onRelease` ran (it runs once).
        var isReleased = false
        /// Whether the iteration outlived the grace period after its
        /// cancellation; nil until known.
        var ignoredCancellation: Bool?
        var verdictWaiters: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = Locked(State())
    /// How long a cancelled iteration may take to end before it is reported.
    let grace: TimeInterval
    /// Runs once, as soon as the sequence is free for another consumer:
    /// when the iteration reached the sequence's end, before the end is
    /// recorded, or when the subscription is cancelled, once the iterating
    /// task is (see ``cancel()``).
    private let onRelease: (@Sendable () -> Void)?
    /// Runs just before the iterating task is cancelled (see
    /// ``RecordedStreams/Claim/markClosing()``).
    private let onCancelling: (@Sendable () -> Void)?
    /// Keeps the report for the test's next read of the recorder.
    private let report: @Sendable (String) -> Void

    init(
        grace: TimeInterval, onCancelling: (@Sendable () -> Void)? = nil, onRelease: (@Sendable () -> Void)?,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.grace = grace
        self.onCancelling = onCancelling
        self.onRelease = onRelease
        self.report = report
    }

    /// Gives the subscription the task to cancel. Cancels it at once if the
    /// subscription was cancelled already.
    @usableFromInline
    func attach(_ task: Task<Void, Never>) {
        let cancelNow: Bool = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelNow {
            onCancelling?()
            task.cancel()
            release()
        }
    }

    /// Demand changes nothing: the sequence is pulled as fast as it goes.
    ///
    /// - parameter demand: Ignored.
    @usableFromInline
    func request(_ demand: Subscribers.Demand) {}

    /// Cancels the iteration's task, and watches that it ends.
    ///
    /// The sequence is released as soon as the task is cancelled, without
    /// waiting for the task to wind down: a stream ends when the task that
    /// iterates it is cancelled. When the task was suspended in the stream's
    /// `next()`, the stream has ended (its `onTermination` ran) by the time
    /// `task.cancel()` returns; otherwise the task ends it at its next call
    /// to `next()`, which resumes any other consumer with the end. Either
    /// way, a recording of the same stream that starts after this call
    /// returns never meets a second consumer suspended beside it.
    @usableFromInline
    func cancel() {
        let (task, watch): (Task<Void, Never>?, Bool) = state.withLock { state in
            guard !state.isCancelled else { return (nil, false) }
            state.isCancelled = true
            return (state.task, !state.hasEnded)
        }
        if let task {
            onCancelling?()
            task.cancel()
            release()
        }
        // Without a task, either the iteration ended (and released the
        // sequence), or the task is not attached yet: `attach` cancels it
        // and releases the sequence.
        guard watch else { return }
        // Weakly: an iteration still running holds the subscription, and
        // one that ended honoured the cancellation. A strong reference kept
        // the recording, every value recorded, for the whole grace period
        // (the default timeout) after the recorder was released.
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) { [weak self] in
            self?.checkCancellationWasHonoured()
        }
    }

    /// Called by the iteration when the sequence has ended or thrown, before
    /// the recorder records that end, so that a test that saw the end can
    /// record the same stream again.
    @usableFromInline
    func sequenceEnded() {
        release()
    }

    /// Called by the iteration when it ends, for whatever reason.
    @usableFromInline
    func iterationEnded() {
        release()
        let waiters: [CheckedContinuation<Bool, Never>] = state.withLock { state in
            state.hasEnded = true
            state.task = nil
            guard state.isCancelled, state.ignoredCancellation == nil else { return [] }
            state.ignoredCancellation = false
            defer { state.verdictWaiters.removeAll() }
            return state.verdictWaiters
        }
        for waiter in waiters { waiter.resume(returning: false) }
    }

    /// Runs `onRelease`, the first time only.
    private func release() {
        let first: Bool = state.withLock { state in
            defer { state.isReleased = true }
            return !state.isReleased
        }
        if first { onRelease?() }
    }

    private func checkCancellationWasHonoured() {
        let (ignored, waiters): (Bool, [CheckedContinuation<Bool, Never>]) = state.withLock { state in
            guard state.ignoredCancellation == nil else { return (false, []) }
            state.ignoredCancellation = !state.hasEnded
            defer { state.verdictWaiters.removeAll() }
            return (!state.hasEnded, state.verdictWaiters)
        }
        if ignored {
            let explanation = "its sequence ignored the cancellation of the recording: \(grace) s after the recorder was "
                + "cancelled or released, the iteration still runs, and the values it produces are dropped. "
                + "A sequence should end when its task is cancelled (check Task.isCancelled, or use "
                + "withTaskCancellationHandler)."
            report(explanation)
        }
        for waiter in waiters { waiter.resume(returning: ignored) }
    }

    /// Waits until it is known whether a cancelled iteration ended within
    /// the grace period; true when it did not. For tests.
    func cancellationVerdict() async -> Bool {
        await withCheckedContinuation { continuation in
            let known: Bool? = state.withLock { state in
                if let known = state.ignoredCancellation { return known }
                if state.hasEnded { return false }
                state.verdictWaiters.append(continuation)
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }
}
