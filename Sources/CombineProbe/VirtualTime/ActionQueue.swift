/// The actions a ``VirtualScheduler`` has yet to run, in the order they fall
/// due: a 4-ary min-heap (half the depth of a binary heap, and a node's
/// children side by side in memory) ordered by due time, then by the order in which
/// they were scheduled, so ties run first-scheduled first.
///
/// Inserting and removing cost O(log n): a million scheduled actions run in
/// time proportional to their number (times log n), never quadratic. The
/// heap holds plain keys, and the actions wait in a slot table beside it, so
/// moving a key up or down the heap copies a few integers and touches no
/// reference count. Cancellation is lazy: a cancelled action stays in the
/// heap and is skipped when it reaches the top, so cancelling is O(1).
///
/// Not thread-safe by itself: the scheduler keeps it behind its lock.
struct ActionQueue {
    /// A scheduled action, as `popDue` hands it out.
    struct Entry {
        /// When the action falls due, in nanoseconds since the scheduler's
        /// start.
        let due: Int64
        /// Runs the action (and, for a repeating schedule, schedules the next
        /// run).
        let run: () -> Void
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
        /// Identifies the schedule it belongs to, for cancellation. A
        /// repeating schedule keeps its identifier from one run to the next.
        let id: UInt64
        /// Where its action waits in `actions`.
        let slot: Int
        /// The repeating schedule's interval in nanoseconds; 0 for a one-shot
        /// action.
        let interval: Int64

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private var heap: [Key] = []
    /// The actions of the keys in the heap, by slot; nil in a free slot.
    private var actions: [(() -> Void)?] = []
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
    mutating func insert(due: Int64, id: UInt64, run: @escaping () -> Void) {
        insert(due: due, id: id, sequence: makeSequence(), interval: 0, run: run)
    }

    /// Adds an action that falls due at `due`, ordered among ties by
    /// `sequence`; `interval` is its repeating schedule's, or 0.
    mutating func insert(due: Int64, id: UInt64, sequence: UInt64, interval: Int64, run: @escaping () -> Void) {
        guard !cancelled.contains(id) else { return }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            actions[slot] = run
        } else {
            slot = actions.count
            actions.append(run)
        }
        heap.append(Key(due: due, sequence: sequence, id: id, slot: slot, interval: interval))
        siftUp(heap.count - 1)
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
        return heap.first.map { Head(due: $0.due, interval: $0.interval == 0 ? nil : $0.interval) }
    }

    /// Removes and returns the earliest action not cancelled, if it falls due
    /// at or before `limit`.
    mutating func popDue(atOrBefore limit: Int64) -> Entry? {
        guard let due = nextDue(), due <= limit else { return nil }
        let key = removeHead()
        return Entry(due: key.due, run: takeAction(key.slot))
    }

    /// How many actions are pending, cancelled ones excluded. O(n) once
    /// anything was cancelled: for messages and inspection, not hot paths.
    var pendingCount: Int {
        cancelled.isEmpty ? heap.count : heap.lazy.filter { !cancelled.contains($0.id) }.count
    }

    private mutating func dropCancelledHead() {
        while let head = heap.first, cancelled.contains(head.id) {
            _ = takeAction(removeHead().slot)
        }
    }

    /// Empties a slot and returns its action.
    private mutating func takeAction(_ slot: Int) -> () -> Void {
        var action: (() -> Void)?
        swap(&action, &actions[slot])
        freeSlots.append(slot)
        return action!
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

    private mutating func siftDown(_ index: Int) {
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
