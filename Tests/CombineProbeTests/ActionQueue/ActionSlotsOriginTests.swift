@testable import CombineProbe
import Testing

/// Where an explored schedule keeps each action's origin: in the action's
/// slot, from the first origin kept, through the table's growth, until the
/// slot is emptied (a slot reused by a later action does not lend it the
/// origin of the one before). An action of no labelled work keeps only the
/// instant it was scheduled at, its source.
@Suite struct ActionSlotsOriginTests {
    private func origin(named name: String) -> ActionOrigin {
        ScheduleLabel.withSource(ScheduleSource("", { name })) { ActionOrigin(source: ScheduleLabel.current!) }
    }

    /// A slot of `slots` given an origin by `keep`, emptied, and taken
    /// again by the next action: its index, checked to be the same.
    private func reusedSlot(of slots: ActionSlots, after keep: (UInt32) -> Void) -> UInt32 {
        let first = slots.add({}, id: 0, date: nil, interval: 0)
        keep(first)
        var date: AnyObject?
        _ = slots.remove(at: first, hasDate: false, date: &date)
        let reused = slots.add({}, id: 0, date: nil, interval: 0)
        #expect(reused == first)
        return reused
    }

    @Test func aTableKeepsNoOriginUntilOneIsSet() {
        let slots = ActionSlots(capacity: 2)
        let slot = slots.add({}, id: 0, date: nil, interval: 0)
        #expect(slots.origin(at: slot) == nil)
    }

    @Test func originsOutliveTheTablesGrowth() {
        let slots = ActionSlots(capacity: 2)
        var indices: [UInt32] = []
        for number in 0..<40 {
            let slot = slots.add({}, id: 0, date: nil, interval: 0)
            if number % 2 == 0 { slots.setOrigin(origin(named: "action \(number)"), at: slot) }
            indices.append(slot)
        }
        for (number, slot) in indices.enumerated() {
            #expect(slots.origin(at: slot)?.object?.name == (number % 2 == 0 ? "action \(number)" : nil))
        }
    }

    @Test func anEmptiedSlotForgetsItsOrigin() {
        let slots = ActionSlots(capacity: 4)
        let reused = reusedSlot(of: slots) { slots.setOrigin(origin(named: "first"), at: $0) }
        #expect(slots.origin(at: reused) == nil)
    }

    @Test func instantsAndLabelledOriginsOutliveTheTablesGrowthSideBySide() {
        let slots = ActionSlots(capacity: 2)
        var indices: [UInt32] = []
        var objects: [Int: ActionOrigin.Source] = [:]
        for number in 0..<40 {
            let slot = slots.add({}, id: 0, date: nil, interval: 0)
            if number % 3 == 0 {
                let labelled = origin(named: "action \(number)")
                objects[number] = labelled.source
                slots.setOrigin(labelled, at: slot)
            } else {
                slots.setInstant(Int64(number) * 1_000, at: slot)
            }
            indices.append(slot)
        }
        for (number, slot) in indices.enumerated() {
            if number % 3 == 0 {
                #expect(slots.source(at: slot) == objects[number])
                #expect(slots.namingSource(at: slot)?.name == "action \(number)")
            } else {
                #expect(slots.source(at: slot) == .instant(Int64(number) * 1_000))
                #expect(slots.namingSource(at: slot) == nil)
                #expect(slots.origin(at: slot)?.source == .instant(Int64(number) * 1_000))
                #expect(slots.origin(at: slot)?.object == nil)
            }
        }
    }

    @Test func aSlotReusedByWorkOfNoLabelDoesNotKeepTheLabelledOriginBefore() {
        let slots = ActionSlots(capacity: 4)
        let reused = reusedSlot(of: slots) { slots.setOrigin(origin(named: "first"), at: $0) }
        slots.setInstant(7, at: reused)
        #expect(slots.source(at: reused) == .instant(7))
        #expect(slots.namingSource(at: reused) == nil)
        #expect(slots.origin(at: reused)?.source == .instant(7))
    }

    @Test func aSlotReusedByLabelledWorkTakesItsOriginOverTheInstantBefore() {
        let slots = ActionSlots(capacity: 4)
        let reused = reusedSlot(of: slots) { slots.setInstant(7, at: $0) }
        let labelled = origin(named: "second")
        slots.setOrigin(labelled, at: reused)
        #expect(slots.source(at: reused) == labelled.source)
        #expect(slots.namingSource(at: reused)?.name == "second")
    }
}
