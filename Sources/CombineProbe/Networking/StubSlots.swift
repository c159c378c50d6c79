import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// Which ``NetworkStub`` each protocol class serves: slot `n` is served by
/// the class `StubURLProtocol.serving(n)`.
///
/// A slot goes through three states:
/// - **live**: its stub is alive and answers the requests of its sessions;
/// - **released**: its stub was released, but a request of its sessions may
///   still reach the class (a task started before the release, a session
///   built from `NetworkStub.makeConfiguration()`): such a request is
///   answered by no stub, it fails with `URLError(.cancelled)`;
/// - **free**: nothing can reach the class any more, and the next stub may
///   claim it.
///
/// A slot is free again only once its stub was released *and* its stub's
/// session became invalid — every one of its tasks completed (see
/// `StubSessionDelegate`). A stub that handed out a configuration never
/// frees its slot: sessions built from it can make requests at any time.
/// A request therefore always reaches the stub whose session made it, or
/// none.
enum StubSlots {
    enum Occupant {
        case free
        case live(StubRouter)
        case released

        var isFree: Bool {
            if case .free = self { return true }
            return false
        }
    }

    /// The slots, by number. Grows as needed; free slots are reused.
    private static let slots = Locked<[Occupant]>([])

    /// Takes the lowest free slot for `router`.
    static func claim(for router: StubRouter) -> Int {
        slots.withLock { slots in
            if let index = slots.firstIndex(where: \.isFree) {
                slots[index] = .live(router)
                return index
            }
            slots.append(.live(router))
            return slots.count - 1
        }
    }

    /// Marks the slot's stub as released: the requests that still reach it
    /// are answered by no stub.
    static func release(_ index: Int) {
        slots.withLock { $0[index] = .released }
    }

    /// Lets the next stub claim a released slot, once no request can reach
    /// it any more.
    static func free(_ index: Int) {
        slots.withLock { slots in
            if case .released = slots[index] { slots[index] = .free }
        }
    }

    /// How many slots exist: the largest number of stubs that were alive, or
    /// released and still reachable, at one time.
    static var count: Int {
        slots.withLock { $0.count }
    }

    /// The router of the live stub of slot `index`, if any.
    static func router(inSlot index: Int) -> StubRouter? {
        let occupant = slots.withLock { slots in index >= 0 && index < slots.count ? slots[index] : .free }
        if case .live(let router) = occupant { return router }
        return nil
    }

    /// The answer to `request`, which reached the protocol class of slot
    /// `index`: its live stub's, or, when the stub was released,
    /// `URLError(.cancelled)` from no stub. Also returns the live stub's
    /// router, which tracks the requests in flight.
    static func answer(_ request: URLRequest, inSlot index: Int) -> (StubResponse, StubRouter?) {
        let occupant = slots.withLock { slots in index >= 0 && index < slots.count ? slots[index] : .free }
        if case .live(let router) = occupant {
            return (router.answer(request), router)
        }
        return (.error(URLError(.cancelled, userInfo: [
            NSLocalizedDescriptionKey: "The NetworkStub that answers this session was released.",
        ])), nil)
    }
}
#endif
