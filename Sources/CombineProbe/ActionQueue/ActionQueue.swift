/// The actions a ``VirtualScheduler`` has yet to run, in the order they fall
/// due, then in the order in which they were scheduled, so ties run
/// first-scheduled first.
///
/// The order lives in a ``RadixKeyQueue`` of small plain keys (24 bytes):
/// virtual time only moves forward, so a radix heap keyed on due time
/// schedules and runs an action in O(1) amortized work, in sequential passes
/// over its buckets; a million scheduled actions cost a million times what
/// one does, about. The actions wait in a slot table beside the keys
/// (``ActionSlots``), so moving a key copies plain integers and touches no
/// reference count, and a key says whether its schedule is cancelled,
/// repeats or keeps a date, so that taking a one-shot action reads one
/// slot. The queue owns its table: it is never copied (the scheduler keeps
/// it behind its lock).
/// Cancellation is lazy: a cancelled action keeps its key, and is skipped
/// when its key comes first, so cancelling is O(1): it sets the schedule's
/// bit in a bitmap indexed by identifier (identifiers are consecutive).
///
/// Nothing here is generic: the scheduler's generic code reaches it without
/// looking up type metadata at run time. A repeating schedule whose dates
/// are whole nanoseconds is re-inserted by the queue itself when it falls
/// due, so that it costs no closure of the scheduler's.
///
/// Not thread-safe by itself: the scheduler keeps it behind its lock.
struct ActionQueue {
    /// The earliest pending action, as `peek()` describes it.
    struct Head {
        /// When it falls due, in nanoseconds since the scheduler's start.
        let due: Int64
        /// The interval of its repeating schedule, in nanoseconds; nil for
        /// a one-shot action.
        let interval: Int64?
        /// Its schedule's identifier: schedules made later have larger ones.
        let id: UInt64
    }

    private var keys = RadixKeyQueue()
    /// The actions, each at the slot its key names.
    private let slots = ActionSlots()
    /// The cancelled schedules, bit `id % 64` of word `id / 64`; empty until
    /// the first cancellation, then as long as the largest cancelled
    /// identifier needs. Kept, so that a repeating schedule cancelled
    /// between two runs is never inserted again. (A bitmap rather than a
    /// `Set`: a set insert hashes and probes, some 750 instructions.)
    private var cancelled: [UInt64] = []
    private var nextID: UInt64 = 0
    /// The explored schedule that orders the actions due at one instant,
    /// while one is explored (see ``ScheduleChoices``); nil otherwise, and
    /// ties then run first-scheduled first.
    var choices: ScheduleChoices?
    /// The origins of the repeating schedules that the scheduler re-inserts
    /// itself (their dates are `Date`s: RunLoop, OperationQueue), by
    /// schedule, between a run and the next, while a schedule is explored.
    /// Every other action keeps its origin in its slot (see
    /// ``ActionSlots``).
    private var carriedOrigins: [UInt64: ActionOrigin] = [:]

    /// A new identifier for a schedule, and its place in the order of
    /// scheduling: identifiers are made in that order, one per schedule.
    mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    /// How many schedules were made so far: it grows with every action
    /// scheduled, so a reader that sees it unchanged knows none was.
    var schedulesMade: UInt64 { nextID }

    /// Adds an action of the schedule `id` (made by ``makeID()``) that
    /// falls due at `due`, ordered among ties by `id`; `interval` is its
    /// repeating schedule's, or 0. When `repeats` is true, the queue
    /// re-inserts the next run itself, every `interval` on the grid of `due`
    /// (see `popDue`).
    ///
    /// `now` is the scheduler's time: while a schedule is explored, it tells
    /// which ties race (see ``ScheduleLabel``).
    ///
    /// Returns where the action waits, for ``cancel(_:movesBetweenSlots:)``.
    @discardableResult
    mutating func insert(
        due: Int64, id: UInt64, now: Int64, interval: Int64 = 0, repeats: Bool = false, date: consuming AnyObject? = nil,
        run: consuming @escaping () -> Void
    ) -> ScheduledAction {
        if !cancelled.isEmpty && isCancelled(id) { return ScheduledAction(id: id, slot: .max) }
        var flags: QueueKey.Flags = []
        if interval != 0 { flags.insert(.hasInterval) }
        if repeats && interval > 0 { flags.insert(.repeats) }
        if date != nil { flags.insert(.hasDate) }
        // Consumed: the action and its date move into the slot table.
        let slot = slots.add(consume run, id: id, date: consume date, interval: interval)
        if choices != nil { keepOrigin(of: id, at: slot, now: now) }
        keys.insert(QueueKey(due: due, sequence: id, slot: slot, flags: flags))
        return ScheduledAction(id: id, slot: slot)
    }

    /// Cancels every pending and future run of the schedule of `action`,
    /// and takes its pending action out of the queue's slots at once, as
    /// cancelling a Dispatch timer releases its handler: an action that
    /// holds what holds the scheduler (an operator's subscription, which
    /// holds its scheduler) would otherwise keep them all alive until
    /// virtual time reached it — for ever, once the test let go of them.
    /// Its key leaves the queue when it reaches the head.
    ///
    /// Returns the action taken out, for the caller to release once it no
    /// longer holds the scheduler's lock: releasing it may run any
    /// deinitializer, one that schedules or cancels on this scheduler too.
    ///
    /// `movesBetweenSlots`: a repeating schedule that the scheduler inserts
    /// again itself, whose later runs wait in other slots than its first.
    mutating func cancel(_ action: ScheduledAction, movesBetweenSlots: Bool = false) -> (() -> Void)? {
        let id = action.id
        let word = Int(truncatingIfNeeded: id >> 6)
        if word >= cancelled.count {
            cancelled.append(contentsOf: repeatElement(0, count: word + 1 - cancelled.count))
        }
        cancelled[word] |= 1 << (id & 63)
        if let released = slots.releaseAction(of: id, at: action.slot) { return released }
        return movesBetweenSlots ? slots.releaseAction(of: id) : nil
    }

    /// Whether the schedule `id` was cancelled.
    @inline(__always)
    private func isCancelled(_ id: UInt64) -> Bool {
        let word = Int(truncatingIfNeeded: id >> 6)
        return word < cancelled.count && cancelled[word] & (1 << (id & 63)) != 0
    }

    /// When the earliest action not cancelled falls due.
    mutating func nextDue() -> Int64? {
        dropCancelledHead()
        return keys.first?.due
    }

    /// The earliest action not cancelled, without removing it.
    mutating func peek() -> Head? {
        dropCancelledHead()
        return keys.first.map { key in
            Head(due: key.due, interval: key.flags.contains(.hasInterval) ? slots.interval(at: key.slot) : nil, id: key.sequence)
        }
    }

    /// When the latest one-shot action not cancelled falls due; nil when
    /// none is pending. It visits every key: for the start of a `run()`,
    /// not for each step.
    func latestOneShotDue() -> Int64? {
        var latest: Int64?
        keys.forEach { key in
            guard !key.flags.contains(.hasInterval), cancelled.isEmpty || !isCancelled(key.sequence) else { return }
            latest = max(latest ?? key.due, key.due)
        }
        return latest
    }

    /// Removes and returns the earliest action not cancelled, if it falls due
    /// at or before `limit`; `due` receives its due time, `date` its exact
    /// date, for a date that its due time does not give back exactly (see
    /// `VirtualScheduler.insert`), or nil. (Written to parameters rather
    /// than returned in a struct: the action moves out of the queue without
    /// a reference count change.)
    ///
    /// `elapsed` is the scheduler's time: the next run of a schedule the
    /// queue repeats is the first of its grid after both the run's due time
    /// and `elapsed` (missed runs are not played in a burst), and the
    /// schedule ends where that would be past the largest representable
    /// time.
    mutating func popDue(
        atOrBefore limit: Int64, elapsed: Int64, due: inout Int64, date: inout AnyObject?
    ) -> (() -> Void)? {
        guard let first = nextDue(), first <= limit else { return nil }
        return popFirst(elapsed: elapsed, due: &due, date: &date)
    }

    /// `popDue` without its look at the head: the queue is not empty, and
    /// its head was just read by `peek()` or `nextDue()` (so it is not
    /// cancelled).
    mutating func popFirst(elapsed: Int64, due: inout Int64, date: inout AnyObject?) -> () -> Void {
        var key = keys.removeFirst()
        if let choices, let next = keys.first, next.due == key.due {
            key = chooseAmongTies(first: key, choices)
        }
        due = key.due
        guard key.flags.contains(.repeats) else {
            // A repeating schedule the scheduler re-inserts itself (its
            // dates are `Date`s: RunLoop, OperationQueue) keeps its origin
            // for its next run, as one the queue repeats does: its ties are
            // explored alike on every kind of scheduler.
            if choices != nil, key.flags.contains(.hasInterval) { carryOrigin(of: key) }
            return slots.remove(at: key.slot, hasDate: key.flags.contains(.hasDate), date: &date)
        }
        let current = max(elapsed, key.due)
        let next = Self.nextRun(after: key.due, every: slots.interval(at: key.slot), current: current)
        if next > current {
            keys.insert(QueueKey(due: next, sequence: key.sequence, slot: key.slot, flags: key.flags))
            return slots.action(at: key.slot)
        }
        // A schedule the queue repeats keeps no date: its `date` is nil.
        return slots.remove(at: key.slot, hasDate: false, date: &date)
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
        guard !cancelled.isEmpty else { return keys.count }
        var count = 0
        keys.forEach { key in
            if !isCancelled(key.sequence) { count += 1 }
        }
        return count
    }

    /// Takes the action the explored schedule runs first among those due
    /// at `first`'s instant, `first` (just removed) included; the others go
    /// back, in their order.
    ///
    /// The candidates are the first action of each source (see
    /// ``ScheduleLabel``): the others wait behind an earlier action of
    /// theirs, as on a serial queue. With ``ExploredOrders/allTiedActions``,
    /// every tie is a candidate.
    ///
    /// It looks at the first ``tieWindow`` ties only, so that running n
    /// ties costs O(n), not O(n²): the later ones become candidates as the
    /// earlier ones run. A schedule that met a full window says so (its
    /// exploration no longer claims to have covered every schedule).
    private mutating func chooseAmongTies(first: QueueKey, _ choices: ScheduleChoices) -> QueueKey {
        // The arrays of the last choice, with their room for the whole
        // window: made for each choice, and grown one append at a time,
        // they were allocated five times and freed three times a choice.
        var (ties, candidates, sources) = (tieScratch.ties, tieScratch.candidates, tieScratch.sources)
        tieScratch = TieScratch()
        defer { tieScratch = TieScratch(ties: ties, candidates: candidates, sources: sources) }
        ties.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        ties.reserveCapacity(Self.tieWindow)
        ties.append(first)
        while ties.count < Self.tieWindow, let next = keys.first, next.due == first.due {
            let key = keys.removeFirst()
            if !cancelled.isEmpty && isCancelled(key.sequence) {
                var date: AnyObject?
                _ = slots.remove(at: key.slot, hasDate: key.flags.contains(.hasDate), date: &date)
                continue
            }
            ties.append(key)
        }
        if ties.count == Self.tieWindow, let next = keys.first, next.due == first.due { choices.noteWindowFull() }
        candidates.reserveCapacity(Self.tieWindow)
        if choices.orders.contains(.allTiedActions) {
            candidates.append(contentsOf: ties.indices)
        } else if choices.orders.contains(.racingActions) {
            // At most `tieWindow` sources: a look along a small array costs
            // less than hashing each into a set.
            sources.reserveCapacity(Self.tieWindow)
            for (index, key) in ties.enumerated() {
                let source = source(of: key)
                if sources.contains(source) { continue }
                sources.append(source)
                candidates.append(index)
            }
        }
        var chosen = 0
        if candidates.count > 1 {
            let option = choices.choose(candidates.count, kind: .tiedActions) { option in
                let (due, chosen, overtaken) = (first.due, name(of: ties[candidates[option]]), name(of: ties[0]))
                return { "at \(VirtualTime(nanoseconds: due)), ran \(chosen.text) before \(overtaken.text)" }
            }
            chosen = candidates[option]
        }
        keys.restore(ties, except: chosen)
        return ties[chosen]
    }

    /// How many of the actions due at one instant an explored schedule
    /// chooses among at a time.
    static let tieWindow = 16

    /// The arrays a choice among ties works in (see `chooseAmongTies`),
    /// kept from one choice to the next with their room: empty, and never
    /// allocated, outside an explored schedule.
    private struct TieScratch {
        var ties: [QueueKey] = []
        var candidates: [Int] = []
        var sources: [ActionOrigin.Source] = []
    }

    private var tieScratch = TieScratch()

    /// Keeps the origin of the schedule `id`, whose action was just put at
    /// `slot`: the one it had at its first run, if the scheduler runs it
    /// again, else the origin of an action scheduled now. Out of line: only
    /// an explored schedule pays for it.
    @inline(never)
    private mutating func keepOrigin(of id: UInt64, at slot: UInt32, now: Int64) {
        if !carriedOrigins.isEmpty, let carried = carriedOrigins.removeValue(forKey: id) {
            slots.setOrigin(carried, at: slot)
        } else if let source = ScheduleLabel.current {
            slots.setOrigin(ActionOrigin(source: source), at: slot)
        } else {
            // The common case, work of no double: its source is the instant,
            // kept as a plain integer.
            slots.setInstant(now, at: slot)
        }
    }

    /// Keeps the origin of `key`'s action, a run of a repeating schedule
    /// that the scheduler inserts again itself, until it does.
    @inline(never)
    private mutating func carryOrigin(of key: QueueKey) {
        if let origin = slots.origin(at: key.slot) { carriedOrigins[key.sequence] = origin }
    }

    /// The source of the action of `key` (see ``ScheduleLabel``), read in
    /// place (the origin's name and object are not copied): an action kept
    /// with no origin counts as scheduled at instant 0.
    private func source(of key: QueueKey) -> ActionOrigin.Source {
        slots.source(at: key.slot) ?? .instant(0)
    }

    /// What the action of `key` is, for a report.
    private func name(of key: QueueKey) -> ActionName {
        ActionName(namedBy: slots.namingSource(at: key.slot), sequence: key.sequence, repeats: key.flags.contains(.hasInterval))
    }

    @inline(__always)
    private mutating func dropCancelledHead() {
        if !cancelled.isEmpty { dropCancelledHeads() }
    }

    private mutating func dropCancelledHeads() {
        while let head = keys.first, isCancelled(head.sequence) {
            var date: AnyObject?
            let key = keys.removeFirst()
            _ = slots.remove(at: key.slot, hasDate: key.flags.contains(.hasDate), date: &date)
        }
    }
}
