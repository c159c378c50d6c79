import Foundation

/// Work that runs outside virtual time but may still feed it: a
/// `PublisherMock`'s background delivery, held or on its way, and the
/// requests of a `NetworkStub` in flight (see `StubRequestsInFlight`). A
/// wait in virtual time lets such work land (within a bounded real-time
/// grace) before it moves time on; a wait that finds nothing scheduled names
/// the work it gave up on.
///
/// Each piece of work belongs to the test that started it, so that parallel
/// Swift Testing tests never wait for each other's work.
final class InFlightWork: @unchecked Sendable {
    // @unchecked Sendable: `items` and `next` are only touched while
    // `condition` is locked.
    private let condition = NSCondition()
    private var items: [UInt64: (owner: String, description: String)] = [:]
    private var next: UInt64 = 0

    static let shared = InFlightWork()

    /// Registers work of the current test; call ``end(_:)`` with the result
    /// once it ran.
    func begin(_ description: String, owner: String) -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        next += 1
        items[next] = (owner, description)
        return next
    }

    /// Describes work anew, once more is known about it.
    func update(_ token: UInt64, description: String) {
        condition.lock()
        items[token]?.description = description
        condition.unlock()
    }

    /// Marks work as done, and wakes the waits.
    func end(_ token: UInt64) {
        condition.lock()
        items[token] = nil
        condition.broadcast()
        condition.unlock()
    }

    /// Whether no work is in flight at all, for any test: the common case,
    /// which a virtual wait checks at each step before it looks for its
    /// own.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return items.isEmpty
    }

    /// Blocks until no work of `owner` is in flight, or `grace` seconds
    /// passed. Returns what is still in flight then (empty when all landed,
    /// or when there was none); `hadAny` tells whether there was any.
    func settle(owner: String, grace: TimeInterval) -> (pending: [String], hadAny: Bool) {
        let deadline = Date(timeIntervalSinceNow: grace)
        condition.lock()
        defer { condition.unlock() }
        let hadAny = items.values.contains { $0.owner == owner }
        while items.values.contains(where: { $0.owner == owner }) {
            if !condition.wait(until: deadline) { break }
        }
        // In the order the work began: the same message for the same story.
        let pending = items.sorted { $0.key < $1.key }.filter { $0.value.owner == owner }.map(\.value.description)
        return (pending, hadAny)
    }
}
