/// The calls of one mock as recorders: one for every call, one per function.
/// Awaited calls (``PublisherMock/nextCall()``, ``PublisherMock/nextCall(to:)``)
/// read them, each with its own place in the calls.
// @unchecked Sendable: `all` is a recorder, whose state is behind its
// storage's lock; the other recorders are behind `state`.
final class MockCallLog: @unchecked Sendable {
    private struct State {
        var byFunction: [String: Recorder<MockCall, Never>] = [:]
    }

    private let site: CallSite
    let all: Recorder<MockCall, Never>
    // The recorders are only created and fed under this lock, so that every
    // recorder sees the calls in the order of `all`.
    private let state = Locked(State())

    init(site: CallSite) {
        self.site = site
        // Never exhaustive: a test need not read every call it does not await.
        all = .standalone(at: site, exhaustive: false)
    }

    func record(_ call: MockCall) {
        state.withLock { state in
            _ = all.storage.receive(call)
            _ = recorder(for: call.function, in: &state).storage.receive(call)
        }
    }

    func recorder(for function: String) -> Recorder<MockCall, Never> {
        state.withLock { recorder(for: function, in: &$0) }
    }

    private func recorder(for function: String, in state: inout State) -> Recorder<MockCall, Never> {
        if let recorder = state.byFunction[function] { return recorder }
        let recorder = Recorder<MockCall, Never>.standalone(at: site, exhaustive: false)
        state.byFunction[function] = recorder
        return recorder
    }
}
