/// A 4-ary min-heap of ``QueueKey``s (half the depth of a binary heap, and a
/// node's children side by side in memory): O(log n) to insert or remove,
/// whatever the keys.
///
/// The ``RadixKeyQueue`` keeps here the few keys it cannot take: those due
/// before the instant it last reached (an action scheduled in the past).
struct KeyHeap {
    private var heap: [QueueKey] = []

    /// How many keys it holds.
    var count: Int { heap.count }

    /// Whether it holds no key.
    var isEmpty: Bool { heap.isEmpty }

    /// The first key, not removed.
    var first: QueueKey? { heap.first }

    /// Every key, in no particular order.
    var keys: [QueueKey] { heap }

    /// Adds `key`.
    mutating func insert(_ key: QueueKey) {
        heap.append(key)
        siftUp(heap.count - 1)
    }

    /// Removes and returns the first key; the heap must not be empty.
    mutating func removeFirst() -> QueueKey {
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
