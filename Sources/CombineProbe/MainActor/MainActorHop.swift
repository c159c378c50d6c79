import Foundation

/// Runs synchronous work on the main actor for a caller on another thread,
/// and waits for it: how a ``VirtualScheduler`` whose actions run on the main
/// actor (``VirtualActionContext/mainActor``) is moved from a synchronous
/// test that does not run on the main thread (a nonisolated Swift Testing
/// test, a background queue).
///
/// The work runs in a `Task` on the main actor, so that it sees the caller's
/// task-local values: the test that runs, its settings. The caller blocks
/// until it has run. If the main actor does not start it within the grace
/// period (the main thread is blocked, perhaps waiting for this very
/// thread), the caller takes it back: it never runs, and `perform` returns
/// nil. Exactly one of the two happens, decided under the lock.
// @unchecked Sendable: `work` and `result` are only touched under `lock`, and
// `work` runs on the main actor while the caller is blocked in `perform`,
// never concurrently with it.
final class MainActorHop<Value>: @unchecked Sendable {
    private enum Phase {
        case waiting
        case running
        case done
        case abandoned
    }

    private let lock = NSLock()
    private var phase = Phase.waiting
    private var work: (() -> Value)?
    private var result: Value?
    private let finished = DispatchSemaphore(value: 0)

    private init(_ work: @escaping () -> Value) {
        self.work = work
    }

    /// Runs `work` on the main actor and returns what it returned; nil when
    /// the main actor did not start it within `grace` seconds of real time,
    /// in which case it never runs.
    static func perform(grace: Double, _ work: () -> Value) -> Value? {
        withoutActuallyEscaping(work) { work in
            let hop = MainActorHop(work)
            // The hop's task works for the caller's test: what it starts and
            // waits for (a mock's delivery, a request in flight, a captured
            // failure) is keyed by the caller, not by this task.
            StepProfile.hop()
            DeliveryGate.$carriedTest.withValue(DeliveryGate.currentTest) {
                _ = Task { @MainActor in hop.run() }
            }
            return hop.wait(grace: grace)
        }
    }

    private func run() {
        if runWork() { finished.signal() }
    }

    /// Runs the work unless the caller took it back. Its own function, so
    /// that every reference to the work it took is released when it
    /// returns, before the caller is woken: `withoutActuallyEscaping` checks
    /// that none is left.
    private func runWork() -> Bool {
        let work = lock.withLock { () -> (() -> Value)? in
            guard phase == .waiting else { return nil }
            phase = .running
            defer { self.work = nil }
            return self.work
        }
        guard let work else { return false }
        let value = work()
        lock.withLock {
            result = value
            phase = .done
        }
        return true
    }

    private func wait(grace: Double) -> Value? {
        if finished.wait(timeout: .now() + grace) == .timedOut {
            let abandoned = lock.withLock { () -> Bool in
                guard phase == .waiting else { return false }
                phase = .abandoned
                // Released here, before `perform` returns: the work does
                // not outlive its caller.
                work = nil
                return true
            }
            if abandoned { return nil }
            // It started in the meantime: it finishes on the main actor.
            finished.wait()
        }
        return lock.withLock {
            defer { result = nil }
            return result
        }
    }
}
