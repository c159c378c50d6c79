/// One task sleeping in virtual time: the wake-up scheduled on the
/// scheduler, and the continuation it resumes — exactly once, whether the
/// deadline comes or the task is cancelled first.
final class VirtualSleep: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var wakeUp: ScheduledAction?
        var isOver = false
    }

    private let state = Locked(State())

    /// Suspends until the virtual time of `source` reaches `deadline`.
    static func sleep(until deadline: VirtualTime, on source: any VirtualClock) async throws {
        let sleep = VirtualSleep()
        try source.admitSleeper(sleep, until: deadline)
        try Task.checkCancellation()
        guard deadline > source.elapsed else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleep.start(continuation, deadline: deadline, on: source)
            }
        } onCancel: {
            if let wakeUp = sleep.end(.failure(CancellationError())) { source.cancelScheduled(wakeUp) }
        }
    }

    private func start(_ continuation: CheckedContinuation<Void, any Error>, deadline: VirtualTime, on source: any VirtualClock) {
        let cancelledAlready = state.withLock { state -> Bool in
            if state.isOver { return true }
            state.continuation = continuation
            return false
        }
        if cancelledAlready {
            return continuation.resume(throwing: CancellationError())
        }
        let wakeUp: ScheduledAction
        if source.scheduleChoices != nil {
            // Explored: the wake-up is a source of its own, named.
            wakeUp = ScheduleLabel.withSource(ScheduleSource("the wake-up of a sleep until ", { "\(deadline)" })) {
                source.schedule(at: deadline) { [self] in _ = end(.success(())) }
            }
        } else {
            wakeUp = source.schedule(at: deadline) { [self] in _ = end(.success(())) }
        }
        let cancelledMeanwhile = state.withLock { state -> Bool in
            state.wakeUp = wakeUp
            return state.isOver
        }
        if cancelledMeanwhile {
            source.cancelScheduled(wakeUp)
        } else {
            source.sleepsInProgress.add(self, until: deadline)
        }
    }

    /// Ends a sleep that nothing would wake (see
    /// `VirtualScheduler.admitSleeper(_:until:)`, and a sleep left when its
    /// test's scope ends) with `CancellationError`.
    /// Returns false if it was over already.
    func abandon(on source: any VirtualClock) -> Bool {
        let over = state.withLock { $0.isOver }
        if over { return false }
        if let wakeUp = end(.failure(CancellationError())) { source.cancelScheduled(wakeUp) }
        return true
    }

    /// Whether the sleep ended (woken, cancelled or abandoned).
    var isOver: Bool { state.withLock { $0.isOver } }

    /// Resumes the sleeper with `result`, the first time only. Returns the
    /// wake-up to cancel, if it is still scheduled.
    private func end(_ result: Result<Void, any Error>) -> ScheduledAction? {
        let (continuation, wakeUp) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, ScheduledAction?) in
            guard !state.isOver else { return (nil, nil) }
            state.isOver = true
            defer { state.continuation = nil }
            return (state.continuation, state.wakeUp)
        }
        continuation?.resume(with: result)
        return wakeUp
    }
}
