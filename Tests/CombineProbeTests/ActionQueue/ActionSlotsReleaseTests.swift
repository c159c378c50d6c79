@testable import CombineProbe
import Testing

/// How a cancellation takes an action out of its slot (see
/// `ActionQueue.cancel(_:movesBetweenSlots:)`): only the action of its own
/// schedule, from the slot it names or, for a schedule whose runs move
/// between slots, from wherever its pending run waits; through the table's
/// growth; and the slot stays taken, by an action that does nothing, until
/// its key leaves the queue.
@Suite struct ActionSlotsReleaseTests {
    /// An object whose release the tests watch.
    private final class Witness {}

    /// Watches a witness without keeping it alive.
    private final class Watch {
        weak var witness: Witness?
        init(_ witness: Witness) { self.witness = witness }
        var isReleased: Bool { witness == nil }
    }

    /// An action that holds `witness`.
    private func action(holding witness: Witness) -> () -> Void {
        { _ = witness }
    }

    @Test func theSlotsOwnScheduleIsReleasedAndTheSlotStaysTaken() {
        let slots = ActionSlots(capacity: 2)
        var witness: Witness? = Witness()
        let watched = Watch(witness!)
        let slot = slots.add(action(holding: witness!), id: 7, date: nil, interval: 0)
        witness = nil
        #expect(slots.releaseAction(of: 8, at: slot) == nil, "another schedule's cancellation leaves the action")
        #expect(!watched.isReleased)
        var released = slots.releaseAction(of: 7, at: slot)
        #expect(released != nil)
        released = nil
        #expect(watched.isReleased, "the action goes with the cancellation")
        // The key still names the slot: it holds an action that does nothing
        // until the key is dropped, and a slot taken is not given again.
        #expect(slots.add({}, id: 9, date: nil, interval: 0) != slot)
        var date: AnyObject?
        slots.remove(at: slot, hasDate: false, date: &date)()
    }

    @Test func aSlotReusedByAnotherScheduleIsLeftAlone() {
        let slots = ActionSlots(capacity: 2)
        let first = slots.add({}, id: 1, date: nil, interval: 0)
        var date: AnyObject?
        _ = slots.remove(at: first, hasDate: false, date: &date)
        #expect(slots.releaseAction(of: 1, at: first) == nil, "an emptied slot holds nothing to release")
        let witness = Witness()
        let reused = slots.add(action(holding: witness), id: 2, date: nil, interval: 0)
        #expect(reused == first)
        #expect(slots.releaseAction(of: 1, at: first) == nil, "the cancellation of the schedule that ran leaves the new one")
        #expect(slots.releaseAction(of: 2, at: reused) != nil)
    }

    @Test func aRunInAnotherSlotIsFoundThroughTheTablesGrowth() {
        let slots = ActionSlots(capacity: 2)
        for id in 100..<140 { _ = slots.add({}, id: UInt64(id), date: nil, interval: 0) }
        var witness: Witness? = Witness()
        let watched = Watch(witness!)
        let moved = slots.add(action(holding: witness!), id: 7, date: nil, interval: 1_000)
        witness = nil
        #expect(moved == 40)
        #expect(slots.releaseAction(of: 7, at: 0) == nil, "its first slot holds another schedule's action now")
        var released = slots.releaseAction(of: 7)
        #expect(released != nil)
        released = nil
        #expect(watched.isReleased)
    }

    @Test func aQueueReleasesAMovedRunOnlyWhenToldItMoves() {
        var queue = ActionQueue()
        var witness: Witness? = Witness()
        let watched = Watch(witness!)
        let first = queue.insert(due: 10, id: queue.makeID(), now: 0, run: {})
        queue.insert(due: 20, id: queue.makeID(), now: 0, run: {})
        // The first run runs, another schedule takes its slot, and the next
        // run waits in a slot of its own.
        var date: AnyObject?
        var due: Int64 = 0
        #expect(queue.nextDue() == 10)
        queue.popFirst(elapsed: 10, due: &due, date: &date)()
        let other = queue.insert(due: 25, id: queue.makeID(), now: 10, run: {})
        let next = queue.insert(due: 30, id: first.id, now: 10, interval: 20, run: action(holding: witness!))
        witness = nil
        #expect(other.slot == first.slot)
        #expect(next.slot != first.slot)
        var released = queue.cancel(first)
        #expect(released == nil, "the first slot of a schedule that does not move names another schedule's action now")
        #expect(!watched.isReleased)
        released = queue.cancel(first, movesBetweenSlots: true)
        #expect(released != nil)
        released = nil
        #expect(watched.isReleased)
        #expect(queue.nextDue() == 20, "the other schedules' actions are left")
        #expect(queue.pendingCount == 2)
    }
}
