/// The actions a ``VirtualScheduler`` has yet to run, in the order they fall
/// due: a binary min-heap ordered by due time, then by the order in which
/// they were scheduled, so ties run first-scheduled first.
///
/// Inserting and removing cost O(log n): a million scheduled actions run in
/// time proportional to their number (times log n), never quadratic.
/// Cancellation is lazy: a cancelled action stays in the heap and is skipped
/// when it reaches the top, so cancelling is O(1).
///
/// Not thread-safe by itself: the scheduler keeps it behind its lock.
struct ActionQueue {
    struct Entry {
        /// When the action falls due, in nanoseconds since the scheduler's
        /// start.
        let due: Int64
        /// The order of scheduling, which breaks ties.
        let sequence: UInt64
        /// Identifies the schedule it belongs to, for cancellation. A
        /// repeating schedule keeps its identifier from one run to the next.
        let id: UInt64
        /// Runs the action (and, for a repeating schedule, schedules the next
        /// run).
        let run: () -> Void

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
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

    /// Adds an action that falls due at `due`.
    mutating func insert(due: Int64, id: UInt64, run: @escaping () -> Void) {
        guard !cancelled.contains(id) else { return }
        nextSequence += 1
        heap.append(Entry(due: due, sequence: nextSequence, id: id, run: run))
        siftUp(heap.count - 1)
    }

    /// Cancels every pending and future run of the schedule `id`.
    mutating func cancel(_ id: UInt64) {
        cancelled.insert(id)
    }

    /// The earliest action not cancelled, without removing it.
    mutating func peek() -> Entry? {
        dropCancelledHead()
        return heap.first
    }

    /// Removes and returns the earliest action not cancelled, if it falls due
    /// at or before `limit`.
    mutating func popDue(atOrBefore limit: Int64) -> Entry? {
        guard let head = peek(), head.due <= limit else { return nil }
        return removeHead()
    }

    /// How many actions are pending, cancelled ones excluded. O(n) once
    /// anything was cancelled: for messages and inspection, not hot paths.
    var pendingCount: Int {
        cancelled.isEmpty ? heap.count : heap.lazy.filter { !cancelled.contains($0.id) }.count
    }

    private mutating func dropCancelledHead() {
        while let head = heap.first, cancelled.contains(head.id) {
            _ = removeHead()
        }
    }

    private mutating func removeHead() -> Entry {
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
            let parent = (child - 1) / 2
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
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && heap[right].precedes(heap[left]) ? right : left
            guard heap[child].precedes(entry) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = entry
    }
}
