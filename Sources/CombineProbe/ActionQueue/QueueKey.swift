/// What the action queue orders: plain integers, 24 bytes, no reference.
///
/// Keys run in the order of their due time, then of their sequence (the
/// order of scheduling), so ties run first-scheduled first.
///
/// A key says all that running a one-shot action needs but the action
/// itself: whether the schedule is cancelled (its sequence is its
/// identifier), whether it repeats, and whether a date waits with it. So
/// taking the next action reads one slot of the table, not three: with a
/// million actions pending at scattered times, each slot read is a cache
/// miss.
struct QueueKey {
    /// When the action falls due, in nanoseconds since the scheduler's
    /// start.
    let due: Int64
    /// The order of scheduling, which breaks ties, and the schedule's
    /// identifier (for cancellation): identifiers are made in the order of
    /// scheduling. Every run of a repeating schedule keeps the sequence of
    /// the schedule's creation, so ties keep creation order, as real timers
    /// do.
    let sequence: UInt64
    /// Where its action waits in the queue's slot table (32 bits: four
    /// billion pending actions would take some 240 GB).
    let slot: UInt32
    /// What the slot holds besides the action: see ``Flags``.
    let flags: Flags

    /// What a slot holds besides its action.
    struct Flags: OptionSet {
        let rawValue: UInt32

        /// The queue re-inserts the schedule's next run itself.
        static let repeats = Flags(rawValue: 1)
        /// The slot keeps the schedule's interval: a repeating schedule.
        static let hasInterval = Flags(rawValue: 2)
        /// The slot keeps the action's exact date.
        static let hasDate = Flags(rawValue: 4)
    }

    /// A key that orders only (for the queue's placeholders).
    init(due: Int64, sequence: UInt64) {
        self.init(due: due, sequence: sequence, slot: 0, flags: [])
    }

    /// A key of the action at `slot`.
    init(due: Int64, sequence: UInt64, slot: UInt32, flags: Flags) {
        self.due = due
        self.sequence = sequence
        self.slot = slot
        self.flags = flags
    }

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
