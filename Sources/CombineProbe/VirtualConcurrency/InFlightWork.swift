import Foundation

/// Work that runs outside virtual time but may still feed it: a
/// `PublisherMock`'s background delivery, held or on its way, and the
/// requests of a `NetworkStub` in flight (see `StubRequestsInFlight`). A
/// wait in virtual time lets such work land (within a bounded real-time
/// grace) before it moves time on; a wait that finds nothing scheduled names
/// the work it gave up on.
///
/// Each piece of work belongs to the test that started it, so that parallel
/// Swift Testing tests never wait for each other's work, and to the explored
/// schedule it was started in, if any, so that what one schedule left in
/// flight never delays the next (see ``WorkOwner``).
final class InFlightWork: @unchecked Sendable {
    // @unchecked Sendable: `items` and `next` are only touched while
    // `condition` is locked.
    private let condition = NSCondition()
    private var items: [UInt64: (owner: WorkOwner, description: String)] = [:]
    private var next: UInt64 = 0
    /// The async waits (see ``settled(owner:grace:isolation:)``), resumed
    /// when their owner's work is over, or at their deadline.
    private var waiters: [UInt64: (owner: WorkOwner, resume: CheckedContinuation<Void, Never>)] = [:]

    static let shared = InFlightWork()

    /// Registers work of the current test; call ``end(_:)`` with the result
    /// once it ran.
    func begin(_ description: String, owner: WorkOwner) -> UInt64 {
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
        var over: [CheckedContinuation<Void, Never>] = []
        for (id, waiter) in waiters where !items.values.contains(where: { waiter.owner.waits(for: $0.owner) }) {
            waiters[id] = nil
            over.append(waiter.resume)
        }
        condition.unlock()
        for resume in over { resume.resume() }
    }

    /// ``settle(owner:grace:)`` without blocking a thread: suspends, in the
    /// caller's isolation, until no work that `owner` waits for is in
    /// flight, or `grace` seconds passed. A step on the main actor waits
    /// this way, so that the main actor stays free for what lands.
    func settled(
        owner: WorkOwner, grace: TimeInterval, isolation: isolated (any Actor)? = #isolation
    ) async -> (pending: [String], hadAny: Bool) {
        let hadAny = condition.withLock { items.values.contains { owner.waits(for: $0.owner) } }
        guard hadAny else { return ([], false) }
        await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
            let id = condition.withLock { () -> UInt64? in
                guard items.values.contains(where: { owner.waits(for: $0.owner) }) else { return nil }
                next += 1
                waiters[next] = (owner, continuation)
                return next
            }
            guard let id else { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
                let waiter = self.condition.withLock { self.waiters.removeValue(forKey: id) }
                waiter?.resume.resume()
            }
        }
        let pending = condition.withLock {
            items.sorted { $0.key < $1.key }.filter { owner.waits(for: $0.value.owner) }.map(\.value.description)
        }
        return (pending, true)
    }

    /// Whether no work is in flight at all, for any test: the common case,
    /// which a virtual wait checks at each step before it looks for its
    /// own.
    var isEmpty: Bool {
        condition.lock()
        defer { condition.unlock() }
        return items.isEmpty
    }

    /// Blocks until no work that `owner` waits for is in flight (see
    /// ``WorkOwner/waits(for:)``), or `grace` seconds passed. Returns what is
    /// still in flight then (empty when all landed, or when there was none);
    /// `hadAny` tells whether there was any.
    func settle(owner: WorkOwner, grace: TimeInterval) -> (pending: [String], hadAny: Bool) {
        let deadline = Date(timeIntervalSinceNow: grace)
        condition.lock()
        defer { condition.unlock() }
        let hadAny = items.values.contains { owner.waits(for: $0.owner) }
        while items.values.contains(where: { owner.waits(for: $0.owner) }) {
            if !condition.wait(until: deadline) { break }
        }
        // In the order the work began: the same message for the same story.
        let pending = items.sorted { $0.key < $1.key }.filter { owner.waits(for: $0.value.owner) }.map(\.value.description)
        return (pending, hadAny)
    }
}

/// Whose work outside virtual time is (a mock's held or running delivery, a
/// stub's request): the test that started it, and the explored schedule it
/// was started in, if any.
///
/// The schedules of one exploration run one after the other in one test:
/// the schedule tells them apart, so that what schedule N left in flight
/// (a slow answer, a delivery still held) is neither waited for nor let
/// through by schedule N+1's waits. Work started outside any schedule (a
/// double made before the exploration) is every schedule's.
struct WorkOwner: Sendable {
    /// The test (see `DeliveryGate.currentTest`).
    let test: String
    /// The explored schedule, kept while its work is: its identity is not
    /// reused meanwhile.
    let schedule: ScheduleChoices?

    /// The owner of work started now, on this task or thread.
    static var current: WorkOwner {
        WorkOwner(test: DeliveryGate.currentTest, schedule: ScheduleChoices.current)
    }

    /// Whether a wait of this owner waits for, and lets through, work of
    /// `other`: the same test's, started in the same schedule or outside
    /// any.
    func waits(for other: WorkOwner) -> Bool {
        other.test == test && (other.schedule == nil || other.schedule === schedule)
    }
}
