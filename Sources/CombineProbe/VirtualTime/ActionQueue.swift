/// The actions a ``VirtualScheduler`` has yet to run, in the order they fall
/// due: a 4-ary min-heap (half the depth of a binary heap, and a node's
/// children side by side in memory) ordered by due time, then by the order in which
/// they were scheduled, so ties run first-scheduled first.
///
/// Inserting and removing cost O(log n): a million scheduled actions run in
/// time proportional to their number (times log n), never quadratic. The
/// heap holds small plain keys (24 bytes), and the actions wait in a slot
/// table beside it, so moving a key up or down the heap copies three
/// integers and touches no reference count. Cancellation is lazy: a
/// cancelled action stays in the heap and is skipped when it reaches the
/// top, so cancelling is O(1).
///
/// Nothing here is generic: the scheduler's generic code reaches it without
/// looking up type metadata at run time. A repeating schedule whose dates
/// are whole nanoseconds is re-inserted by the queue itself when it falls
/// due, so that it costs no closure of the scheduler's.
///
/// Not thread-safe by itself: the scheduler keeps it behind its lock.
struct ActionQueue {
    /// A scheduled action, as `popDue` hands it out.
    struct Entry {
        /// When the action falls due, in nanoseconds since the scheduler's
        /// start.
        let due: Int64
        /// The action.
        let run: () -> Void
        /// The exact date of the action, for a date that its due time does
        /// not give back exactly (see `VirtualScheduler.insert`); nil
        /// otherwise.
        let date: AnyObject?
    }

    /// The earliest pending action, as `peek()` describes it.
    struct Head {
        /// When it falls due, in nanoseconds since the scheduler's start.
        let due: Int64
        /// The interval of its repeating schedule, in nanoseconds; nil for
        /// a one-shot action.
        let interval: Int64?
    }

    /// What the heap orders: plain integers.
    private struct Key {
        let due: Int64
        /// The order of scheduling, which breaks ties. Every run of a
        /// repeating schedule keeps the sequence of the schedule's creation,
        /// so ties keep creation order, as real timers do.
        let sequence: UInt64
        /// Where its action waits in `slots`.
        let slot: Int

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    /// An action waiting in the slot table.
    private struct Slot {
        /// The action; nil in a free slot.
        var action: (() -> Void)?
        /// Identifies the schedule it belongs to, for cancellation. A
        /// repeating schedule keeps its identifier from one run to the next.
        var id: UInt64
        /// The repeating schedule's interval in nanoseconds; 0 for a one-shot
        /// action.
        var interval: Int64
        /// Whether the queue re-inserts the schedule's next run itself.
        var repeats: Bool
        /// See `Entry.date`.
        var date: AnyObject?
    }

    private var heap: [Key] = []
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    /// The cancelled schedules. Kept, so that a repeating schedule cancelled
    /// between two runs is never inserted again.
    private var cancelled: Set<UInt64> = []
    private var nextSequence: UInt64 = 0
    private var nextID: UInt64 = 0

    /// A new identifier for a schedule.
    mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    /// A new position in the order of scheduling.
    mutating func makeSequence() -> UInt64 {
        nextSequence += 1
        return nextSequence
    }

    /// Adds an action that falls due at `due`, scheduled now.
    mutating func insert(due: Int64, id: UInt64, date: AnyObject? = nil, run: @escaping () -> Void) {
        insert(due: due, id: id, sequence: makeSequence(), interval: 0, repeats: false, date: date, run: run)
    }

    /// Adds an action that falls due at `due`, ordered among ties by
    /// `sequence`; `interval` is its repeating schedule's, or 0. When
    /// `repeats` is true, the queue re-inserts the next run itself, every
    /// `interval` on the grid of `due` (see `popDue`).
    mutating func insert(
        due: Int64, id: UInt64, sequence: UInt64, interval: Int64, repeats: Bool = false, date: AnyObject? = nil,
        run: @escaping () -> Void
    ) {
        if !cancelled.isEmpty && cancelled.contains(id) { return }
        let slot: Int
        let entry = Slot(action: run, id: id, interval: interval, repeats: repeats && interval > 0, date: date)
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        push(Key(due: due, sequence: sequence, slot: slot))
    }

    /// Cancels every pending and future run of the schedule `id`.
    mutating func cancel(_ id: UInt64) {
        cancelled.insert(id)
    }

    /// When the earliest action not cancelled falls due.
    mutating func nextDue() -> Int64? {
        dropCancelledHead()
        return heap.first?.due
    }

    /// The earliest action not cancelled, without removing it.
    mutating func peek() -> Head? {
        dropCancelledHead()
        return heap.first.map { key in
            let interval = slots[key.slot].interval
            return Head(due: key.due, interval: interval == 0 ? nil : interval)
        }
    }

    /// Removes and returns the earliest action not cancelled, if it falls due
    /// at or before `limit`. `elapsed` is the scheduler's time: the next run
    /// of a schedule the queue repeats is the first of its grid after both
    /// the run's due time and `elapsed` (missed runs are not played in a
    /// burst), and the schedule ends where that would be past the largest
    /// representable time.
    mutating func popDue(atOrBefore limit: Int64, elapsed: Int64) -> Entry? {
        guard let due = nextDue(), due <= limit else { return nil }
        let key = removeHead()
        let slot = slots[key.slot]
        guard slot.repeats else {
            return Entry(due: key.due, run: free(key.slot), date: slot.date)
        }
        let current = max(elapsed, key.due)
        let next = Self.nextRun(after: key.due, every: slot.interval, current: current)
        if next > current {
            push(Key(due: next, sequence: key.sequence, slot: key.slot))
            return Entry(due: key.due, run: slot.action!, date: nil)
        }
        return Entry(due: key.due, run: free(key.slot), date: nil)
    }

    /// The next run of a schedule every `interval` from `due`, the first of
    /// its grid after `current`; `.max` when that cannot be represented.
    static func nextRun(after due: Int64, every interval: Int64, current: Int64) -> Int64 {
        let next = adding(due, interval)
        guard next <= current else { return next }
        let (missed, _) = (current - due).dividedReportingOverflow(by: interval)
        let (skip, overflow) = (missed + 1).multipliedReportingOverflow(by: interval)
        return overflow ? .max : adding(due, skip)
    }

    /// `lhs + rhs`, clamped to the representable nanoseconds.
    static func adding(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? (rhs > 0 ? .max : .min) : sum
    }

    /// How many actions are pending, cancelled ones excluded. O(n) once
    /// anything was cancelled: for messages and inspection, not hot paths.
    var pendingCount: Int {
        cancelled.isEmpty ? heap.count : heap.lazy.filter { !cancelled.contains(slots[$0.slot].id) }.count
    }

    private mutating func dropCancelledHead() {
        guard !cancelled.isEmpty else { return }
        while let head = heap.first, cancelled.contains(slots[head.slot].id) {
            _ = free(removeHead().slot)
        }
    }

    /// Empties a slot and returns its action.
    private mutating func free(_ slot: Int) -> () -> Void {
        let action = slots[slot].action!
        slots[slot].action = nil
        slots[slot].date = nil
        freeSlots.append(slot)
        return action
    }

    private mutating func push(_ key: Key) {
        heap.append(key)
        siftUp(heap.count - 1)
    }

    private mutating func removeHead() -> Key {
        let head = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return head
    }

    private mutating func siftUp(_ index: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var child = index
            let entry = heap[child]
            while child > 0 {
                let parent = (child - 1) / 4
                guard entry.precedes(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = entry
        }
    }

    private mutating func siftDown(_ index: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            var parent = index
            let entry = heap[parent]
            let count = heap.count
            while true {
                let first = 4 * parent + 1
                guard first < count else { break }
                var child = first
                for candidate in first + 1..<min(first + 4, count) where heap[candidate].precedes(heap[child]) {
                    child = candidate
                }
                guard heap[child].precedes(entry) else { break }
                heap[parent] = heap[child]
                parent = child
            }
            heap[parent] = entry
        }
    }
}
