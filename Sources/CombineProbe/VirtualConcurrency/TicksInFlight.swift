import Dispatch

/// The timer ticks of a virtual scheduler handed to a waiting consumer that
/// has not arrived in its isolation yet (see ``VirtualTimerSequence``).
///
/// Resuming a continuation does not run the consumer at once: the runtime
/// takes the resumed task to its isolation (the main actor, say) through
/// the global executor, so that the consumer's job reaches the main queue at
/// a moment of the runtime's choosing. A step that looked at the main queue
/// meanwhile would move time on before the consumer saw its tick. So each
/// tick handed off is counted until the consumer runs again in its own
/// isolation, and the async steps wait for the count to come back to zero
/// before they look for quiescence: the world knows what it waits for. (On
/// that way, a consumer outside the world runs on a thread of its own, not
/// on the global executor's pool, which other tests may hold: see
/// `TickResumes`.)
final class TicksInFlight: Sendable {
    private struct State {
        var count = 0
        var nextWaiter = 0
        var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())

    /// Whether no tick is on its way to its consumer.
    var isEmpty: Bool { state.withLock { $0.count == 0 } }

    /// A tick was handed to its consumer.
    func begin() {
        state.withLock { $0.count += 1 }
    }

    /// The consumer of a tick runs in its isolation: resumes the waits once
    /// none is on its way.
    func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters.map(\.continuation)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Returns true once no tick is on its way, false if `grace` seconds of
    /// real time passed first.
    func settle(grace: Double, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Bool, Never>) in
            let id = state.withLock { state -> Int? in
                guard state.count > 0 else { return nil }
                state.nextWaiter += 1
                state.waiters.append((state.nextWaiter, continuation))
                return state.nextWaiter
            }
            guard let id else { return continuation.resume(returning: true) }
            StepProfile.timer()
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) { [self] in
                let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                waiter?.resume(returning: false)
            }
        }
    }
}
