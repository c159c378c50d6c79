/// What the action queue orders: plain integers, 24 bytes, no reference.
///
/// Keys run in the order of their due time, then of their sequence (the
/// order of scheduling), so ties run first-scheduled first.
struct QueueKey {
    /// When the action falls due, in nanoseconds since the scheduler's
    /// start.
    let due: Int64
    /// The order of scheduling, which breaks ties. Every run of a repeating
    /// schedule keeps the sequence of the schedule's creation, so ties keep
    /// creation order, as real timers do.
    let sequence: UInt64
    /// Where its action waits in the queue's slot table.
    let slot: Int

    /// Whether this key runs before `other`.
    @inline(__always)
    func precedes(_ other: QueueKey) -> Bool {
        due != other.due ? due < other.due : sequence < other.sequence
    }

    /// `due` as an unsigned integer of the same order (its sign bit
    /// flipped), for the radix heap's bit arithmetic.
    @inline(__always)
    var radix: UInt64 {
        UInt64(bitPattern: due) ^ (1 << 63)
    }
}
