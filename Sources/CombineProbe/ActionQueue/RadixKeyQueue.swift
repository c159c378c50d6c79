/// The keys of the actions a ``VirtualScheduler`` has yet to run, in the
/// order they fall due: a radix heap, a priority queue for a clock that only
/// moves forward.
///
/// Every key due after the instant last reached (`last`) waits in a bucket
/// of 11 levels of 64 (6-bit digits of its due time): level `l` holds the
/// keys whose highest digit that differs from `last` is digit `l`, in the
/// bucket of their own digit there, so every key of a bucket falls due
/// before every key of the next one, level by level. The keys due at `last`
/// itself wait in `current`, sorted by sequence. When `current` runs out,
/// the first non-empty bucket is emptied: `last` moves to its earliest key,
/// and each of its keys moves to a lower level (or to `current`). A key
/// moves at most 11 times, and in practice two to four: scheduling and
/// running an action costs O(1) amortized work, in sequential passes over
/// small arrays rather than the random jumps of a heap through memory.
///
/// Keys inserted in order (due order, or a lone repeating schedule) skip
/// the buckets: each is appended to `run`, a sorted array, and read back
/// from its start, whichever of its first key and the buckets' comes first.
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
    private var last: UInt64 = QueueKey(due: 0, sequence: 0).radix
    /// The keys due at `last`, sorted by sequence, from `currentStart` on.
    private var current: [QueueKey] = []
    private var currentStart = 0
    /// The buckets, `level * 64 + digit`: empty until the first key goes
    /// to a bucket, so that a scheduler whose actions all come in due order
    /// (most tests) never pays for them (about 23 KB with `minima`).
    private var buckets: [[QueueKey]] = []
    /// The earliest key of each non-empty bucket (allocated with `buckets`).
    private var minima: [QueueKey] = []
    /// For each level, bit `digit` is set when its bucket holds a key.
    private var occupied = [UInt64](repeating: 0, count: Self.levels)
    /// Bit `level` is set when a bucket of the level holds a key.
    private var occupiedLevels: UInt64 = 0
    /// 6-bit digits: 11 levels of 64 buckets cover 64 bits.
    private static let levels = 11
    /// An empty array with capacity, swapped with a bucket being emptied.
    private var spare: [QueueKey] = []
    /// The keys due before `last`.
    private var past = KeyHeap()
    /// Keys inserted in order (each after the one before), from `runStart`
    /// on, kept out of the buckets: scheduling in due order, and a lone
    /// repeating schedule, cost an append and a read.
    private var run: [QueueKey] = []
    private var runStart = 0

    /// How many keys it holds.
    private(set) var count = 0

    /// An empty queue, with room in `run` for a few keys: a scheduler's
    /// first actions do not grow it from empty, one reallocation at a time.
    init() {
        run.reserveCapacity(16)
    }

    /// The first key, not removed.
    var first: QueueKey? {
        // Every key in `run` (actions scheduled in due order): it is first.
        if runStart < run.count && count == run.count &- runStart { return run[runStart] }
        let heap = heapFirst
        guard runStart < run.count else { return heap }
        guard let heap else { return run[runStart] }
        return heap.precedes(run[runStart]) ? heap : run[runStart]
    }

    /// The first key outside `run`.
    private var heapFirst: QueueKey? {
        if let key = past.first { return key }
        if currentStart < current.count { return current[currentStart] }
        if occupiedLevels == 0 { return nil }
        let level = occupiedLevels.trailingZeroBitCount
        return minima[level &* 64 &+ occupied[level].trailingZeroBitCount]
    }

    /// Every key, in no particular order.
    func forEach(_ body: (QueueKey) -> Void) {
        past.keys.forEach(body)
        run[runStart...].forEach(body)
        current[currentStart...].forEach(body)
        for bucket in buckets {
            bucket.forEach(body)
        }
    }

    /// Adds `key`.
    mutating func insert(_ key: QueueKey) {
        count += 1
        if runStart == run.count || run[run.count - 1].precedes(key) {
            run.append(key)
            return
        }
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
        if runStart < run.count, count + 1 == run.count - runStart || run[runStart].precedes(heapFirst!) {
            let key = run[runStart]
            runStart += 1
            if runStart == run.count {
                Self.empty(&run)
                runStart = 0
            } else if runStart >= 4096 && runStart * 2 >= run.count {
                run.removeFirst(runStart)
                runStart = 0
            }
            return key
        }
        if !past.isEmpty { return past.removeFirst() }
        if currentStart == current.count { refill() }
        let key = current[currentStart]
        currentStart += 1
        if currentStart == current.count {
            Self.empty(&current)
            currentStart = 0
        }
        return key
    }

    /// Puts back `keys`, the keys just taken with ``removeFirst()``, in that
    /// order and with nothing removed or added since, but for the one at
    /// `kept`, which stays out: they precede every key the queue holds.
    ///
    /// An explored schedule takes the actions due at one instant out to
    /// choose among them, and puts back all but one, each time. Where they
    /// came from one of the sorted arrays (`run`, `current`) and still lie
    /// just before its start, the start moves back over them, in a pass of
    /// `keys.count` copies; otherwise each is inserted again, as a new key
    /// would be.
    mutating func restore(_ keys: [QueueKey], except kept: Int) {
        if keys.count > 1 {
            if Self.putBack(keys, except: kept, into: &run, start: &runStart)
                || Self.putBack(keys, except: kept, into: &current, start: &currentStart) {
                count += keys.count - 1
                return
            }
        }
        for (index, key) in keys.enumerated() where index != kept {
            insert(key)
        }
    }

    /// `restore(_:except:)` in `array`, whose keys from `start` on are the
    /// queue's: if `keys` lie just before `start`, moves `start` back over
    /// them but the one at `kept`, and returns true.
    private static func putBack(_ keys: [QueueKey], except kept: Int, into array: inout [QueueKey], start: inout Int) -> Bool {
        let first = start - keys.count
        guard first >= 0 else { return false }
        for (offset, key) in keys.enumerated() {
            let there = array[first + offset]
            if there.due != key.due || there.sequence != key.sequence { return false }
        }
        // Those after `kept` stay where they are; those before it move up
        // by one, over it.
        var index = first + kept
        while index > first {
            array[index] = array[index - 1]
            index -= 1
        }
        start = first + 1
        return true
    }

    /// The bucket of a key due at `radix`, above `last`: the level of the
    /// highest 6-bit digit in which they differ, and the key's digit there.
    @inline(__always)
    private static func bucket(of radix: UInt64, from last: UInt64) -> Int {
        let level = (63 &- (radix ^ last).leadingZeroBitCount) / 6
        return level &* 64 &+ Int(truncatingIfNeeded: (radix >> UInt64(level &* 6)) & 63)
    }

    @inline(__always)
    private mutating func append(_ key: QueueKey, to index: Int) {
        if buckets.isEmpty { allocateBuckets() }
        let level = index >> 6
        let bit: UInt64 = 1 << UInt64(index & 63)
        if occupied[level] & bit == 0 || key.precedes(minima[index]) {
            minima[index] = key
        }
        occupied[level] |= bit
        occupiedLevels |= 1 << UInt64(level)
        buckets[index].append(key)
    }

    /// Makes the buckets and their minima, on first use.
    @inline(never)
    private mutating func allocateBuckets() {
        buckets = Array(repeating: [], count: Self.levels * 64)
        minima = [QueueKey](repeating: QueueKey(due: 0, sequence: 0), count: Self.levels * 64)
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
        let level = occupiedLevels.trailingZeroBitCount
        let digit = occupied[level].trailingZeroBitCount
        let index = level &* 64 &+ digit
        last = minima[index].radix
        occupied[level] &= ~(1 << UInt64(digit))
        if occupied[level] == 0 {
            occupiedLevels &= ~(1 << UInt64(level))
        }
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
        Self.empty(&spare)
        if !sorted {
            current.sort { $0.sequence < $1.sequence }
        }
    }

    /// Empties `keys`, keeping its capacity: one element (the common case)
    /// without the general, slower path of `removeAll(keepingCapacity:)`.
    @inline(__always)
    private static func empty(_ keys: inout [QueueKey]) {
        if keys.count == 1 {
            keys.removeLast()
        } else {
            keys.removeAll(keepingCapacity: true)
        }
    }
}
