/// The slot table of an ``ActionQueue``: where its actions wait while their
/// keys are ordered, each at the index its key names.
///
/// A buffer of its own rather than an array: reading or emptying a slot is a
/// pointer access, with no uniqueness check, no copy of the whole slot, and
/// no reference count change (an action is moved in when scheduled and moved
/// out when it runs). Free slots form a list threaded through the table, so
/// a slot is reused without an array of free indices beside it. It starts
/// with room for a few actions, and doubles when full.
///
/// A class, so that the buffer is freed with it; its queue owns it alone,
/// and is never copied (the scheduler keeps it behind its lock), so no
/// copy-on-write is needed.
final class ActionSlots {
    /// An action waiting in the table.
    struct Slot {
        /// The action; nil in a free slot.
        var action: (() -> Void)?
        /// Identifies the schedule it belongs to, for cancellation. A
        /// repeating schedule keeps its identifier from one run to the next.
        /// In a free slot: the index of the next free slot, or -1.
        var id: UInt64
        /// The repeating schedule's interval in nanoseconds; 0 for a one-shot
        /// action.
        var interval: Int64
        /// Whether the queue re-inserts the schedule's next run itself.
        var repeats: Bool
        /// The exact date of the action, for a date that its due time does
        /// not give back exactly (see `VirtualScheduler.insert`); nil
        /// otherwise.
        var date: AnyObject?
    }

    // The properties are only used under the lock of the scheduler that
    // owns the queue: no dynamic exclusivity check is needed on top.
    /// The slots: `used` of them initialized, room for `capacity`.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    /// The first free slot below `used`, or -1.
    @exclusivity(unchecked) private var firstFree = -1

    /// An empty table with room for `capacity` actions before it grows.
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: used)
        base.deallocate()
    }

    /// Puts `slot` in a free slot, and returns its index.
    @inline(__always)
    func add(_ slot: Slot) -> Int {
        if firstFree >= 0 {
            let index = firstFree
            firstFree = Int(truncatingIfNeeded: Int64(bitPattern: base[index].id))
            (base + index).pointee = slot
            return index
        }
        if used == capacity { grow() }
        (base + used).initialize(to: slot)
        used += 1
        return used - 1
    }

    /// The schedule identifier of the action at `index`.
    @inline(__always)
    func id(at index: Int) -> UInt64 {
        base[index].id
    }

    /// The interval of the action at `index` (0 for a one-shot action).
    @inline(__always)
    func interval(at index: Int) -> Int64 {
        base[index].interval
    }

    /// Whether the queue repeats the action at `index` itself.
    @inline(__always)
    func repeats(at index: Int) -> Bool {
        base[index].repeats
    }

    /// The action at `index`, left in place (a repeating schedule's).
    @inline(__always)
    func action(at index: Int) -> () -> Void {
        base[index].action!
    }

    /// Empties the slot at `index` and returns what it held, moved out.
    @inline(__always)
    func remove(at index: Int) -> Slot {
        let slot = (base + index).move()
        (base + index).initialize(to: Slot(
            action: nil, id: UInt64(bitPattern: Int64(firstFree)), interval: 0, repeats: false, date: nil))
        firstFree = index
        return slot
    }

    /// Doubles the room, moving the slots (no reference count changes).
    @inline(never)
    private func grow() {
        let larger = UnsafeMutablePointer<Slot>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: used)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
