@testable import CombineProbe
import Testing

/// Where an explored schedule keeps each action's origin: in the action's
/// slot, from the first origin kept, through the table's growth, until the
/// slot is emptied (a slot reused by a later action does not lend it the
/// origin of the one before).
@Suite struct ActionSlotsOriginTests {
    private func origin(named name: String) -> ActionOrigin {
        ScheduleLabel.withSource(ScheduleSource(), named: { name }) { ActionOrigin(scheduledAt: 0) }
    }

    @Test func aTableKeepsNoOriginUntilOneIsSet() {
        let slots = ActionSlots(capacity: 2)
        let slot = slots.add({}, date: nil, interval: 0)
        #expect(slots.origin(at: slot) == nil)
    }

    @Test func originsOutliveTheTablesGrowth() {
        let slots = ActionSlots(capacity: 2)
        var indices: [UInt32] = []
        for number in 0..<40 {
            let slot = slots.add({}, date: nil, interval: 0)
            if number % 2 == 0 { slots.setOrigin(origin(named: "action \(number)"), at: slot) }
            indices.append(slot)
        }
        for (number, slot) in indices.enumerated() {
            #expect(slots.origin(at: slot)?.name?() == (number % 2 == 0 ? "action \(number)" : nil))
        }
    }

    @Test func anEmptiedSlotForgetsItsOrigin() {
        let slots = ActionSlots(capacity: 4)
        let first = slots.add({}, date: nil, interval: 0)
        slots.setOrigin(origin(named: "first"), at: first)
        var date: AnyObject?
        _ = slots.remove(at: first, hasDate: false, date: &date)
        let reused = slots.add({}, date: nil, interval: 0)
        #expect(reused == first)
        #expect(slots.origin(at: reused) == nil)
    }
}
