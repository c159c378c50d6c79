/// The keys of the actions a ``VirtualScheduler`` has yet to run, in the
/// order they fall due: a radix heap, a priority queue for a clock that only
/// moves forward.
///
/// Every key due after the instant last reached (`last`) waits in the bucket
/// of the highest bit in which its due time differs from `last`: bucket `i`
/// holds the keys due in `last + 2^(i-1)..<last + 2^i`, give or take the
/// bits above, so every key of a bucket falls due before every key of the
/// next one. The keys due at `last` itself wait in `current`, sorted by
/// sequence. When `current` runs out, the first non-empty bucket is
/// emptied: `last` moves to its earliest key, and each of its keys moves to
/// a lower bucket (or to `current`). A key moves down at most once per bit,
/// and in practice a few times: scheduling and running an action costs
/// O(1) amortized work, in sequential passes over small arrays rather than
/// the random jumps of a heap through memory.
///
/// The one thing a radix heap cannot take is a key due before `last`: an
/// action scheduled in the past. Those wait apart, in a ``KeyHeap``, and run
/// first (they are due earlier than anything else).
///
/// Each bucket knows its earliest key, so ``first`` reads the next key
/// without emptying a bucket, and `last` only moves when a key is removed:
/// looking at the queue never sends later keys to the heap of the past.
struct RadixKeyQueue {
    /// The radix (see ``QueueKey/radix``) of the instant last reached.
    private var last: UInt64 = QueueKey(due: 0, sequence: 0, slot: 0).radix
    /// The keys due at `last`, sorted by sequence, from `currentStart` on.
    private var current: [QueueKey] = []
    private var currentStart = 0
    /// The buckets 1...64 (index 0 is unused: `current` stands for it).
    private var buckets: [[QueueKey]] = Array(repeating: [], count: 65)
    /// The earliest key of each non-empty bucket.
    private var minima = [QueueKey](repeating: QueueKey(due: 0, sequence: 0, slot: 0), count: 65)
    /// Bit `i - 1` is set when bucket `i` holds a key.
    private var occupied: UInt64 = 0
    /// An empty array with capacity, swapped with a bucket being emptied.
    private var spare: [QueueKey] = []
    /// The keys due before `last`.
    private var past = KeyHeap()

    /// How many keys it holds.
    private(set) var count = 0

    /// The first key, not removed.
    var first: QueueKey? {
        if let key = past.first { return key }
        if currentStart < current.count { return current[currentStart] }
        if occupied == 0 { return nil }
        return minima[occupied.trailingZeroBitCount + 1]
    }

    /// Every key, in no particular order.
    func forEach(_ body: (QueueKey) -> Void) {
        past.keys.forEach(body)
        current[currentStart...].forEach(body)
        for bucket in buckets {
            bucket.forEach(body)
        }
    }

    /// Adds `key`.
    mutating func insert(_ key: QueueKey) {
        count += 1
        let radix = key.radix
        if radix > last {
            append(key, to: Self.bucket(of: radix, from: last))
        } else if radix == last {
            appendToCurrent(key)
        } else {
            past.insert(key)
        }
    }

    /// Removes and returns the first key; the queue must not be empty.
    mutating func removeFirst() -> QueueKey {
        count -= 1
        if !past.isEmpty { return past.removeFirst() }
        if currentStart == current.count { refill() }
        let key = current[currentStart]
        currentStart += 1
        if currentStart == current.count {
            current.removeAll(keepingCapacity: true)
            currentStart = 0
        }
        return key
    }

    /// The bucket of a key due at `radix`, above `last`: the position of
    /// their highest differing bit, from 1.
    @inline(__always)
    private static func bucket(of radix: UInt64, from last: UInt64) -> Int {
        64 - (radix ^ last).leadingZeroBitCount
    }

    @inline(__always)
    private mutating func append(_ key: QueueKey, to index: Int) {
        let bit: UInt64 = 1 << UInt64(index - 1)
        if occupied & bit == 0 || key.precedes(minima[index]) {
            minima[index] = key
        }
        occupied |= bit
        buckets[index].append(key)
    }

    /// Adds a key due at `last`: after the others, since a key scheduled now
    /// has the newest sequence; in its place by sequence otherwise.
    private mutating func appendToCurrent(_ key: QueueKey) {
        guard currentStart < current.count, key.sequence < current[current.count - 1].sequence else {
            current.append(key)
            return
        }
        var low = currentStart
        var high = current.count
        while low < high {
            let middle = (low + high) / 2
            if current[middle].sequence < key.sequence {
                low = middle + 1
            } else {
                high = middle
            }
        }
        current.insert(key, at: low)
    }

    /// Empties the first non-empty bucket into `current` and the buckets
    /// below it; `current` is empty, and some bucket is not.
    private mutating func refill() {
        let index = occupied.trailingZeroBitCount + 1
        last = minima[index].radix
        occupied &= ~(1 << UInt64(index - 1))
        swap(&spare, &buckets[index])
        var sorted = true
        for key in spare {
            let radix = key.radix
            if radix == last {
                if let tail = current.last, key.sequence < tail.sequence {
                    sorted = false
                }
                current.append(key)
            } else {
                append(key, to: Self.bucket(of: radix, from: last))
            }
        }
        spare.removeAll(keepingCapacity: true)
        if !sorted {
            current.sort { $0.sequence < $1.sequence }
        }
    }
}
