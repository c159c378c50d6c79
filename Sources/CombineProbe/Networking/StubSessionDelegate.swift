import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// The delegate of a ``NetworkStub``'s session: it frees the stub's slot
/// (see `StubSlots`) once both the stub was released and the session became
/// invalid, that is once every task of the session completed. Until then a
/// task of the session may still start loading, and its request must not
/// reach the next stub that claims the slot.
///
/// It implements no task or data delegate method, so the session's tasks
/// behave as in a session without a delegate.
final class StubSessionDelegate: NSObject, URLSessionDelegate, Sendable {
    private struct State {
        var stubReleased = false
        var sessionInvalid = false
        /// A configuration was handed out: sessions that this delegate does
        /// not see can reach the slot, at any time.
        var pinned = false
    }

    let slot: Int
    private let state = Locked(State())

    init(slot: Int) {
        self.slot = slot
    }

    /// Keeps the slot for good: sessions built from a configuration of the
    /// stub can make requests after the stub is released.
    func pin() {
        state.withLock { $0.pinned = true }
    }

    /// Called by the stub's `deinit`.
    func stubWasReleased() {
        StubSlots.release(slot)
        update { $0.stubReleased = true }
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        update { $0.sessionInvalid = true }
    }

    private func update(_ change: (inout State) -> Void) {
        let canFree = state.withLock { state -> Bool in
            change(&state)
            return state.stubReleased && state.sessionInvalid && !state.pinned
        }
        if canFree {
            StubSlots.free(slot)
        }
    }
}
#endif
