/// Where a scheduled action comes from, while a schedule is explored: its
/// name, and its source, which tells which ties race (see ``ScheduleLabel``).
struct ActionOrigin: Sendable {
    /// A source of actions: actions of one source keep their order.
    enum Source: Hashable, Sendable {
        /// A double's answer, a sleep: a source of its own.
        case object(ObjectIdentifier)
        /// Other work: the instant it was scheduled at.
        case instant(Int64)
    }

    /// Its source.
    let source: Source
    /// The source object of labelled work, kept while the action waits, so
    /// that its identity is not reused meanwhile; it names the action.
    let object: ScheduleSource?

    /// The origin of an action that the labelled work of `object` schedules
    /// (a double's answer, a sleep; see ``ScheduleLabel/current``): its
    /// source is the object.
    init(source object: ScheduleSource) {
        self.object = object
        source = .object(ObjectIdentifier(object))
    }

    /// The origin of an action that no labelled work scheduled, at
    /// `instant`: its source is the instant, and it has no name. (The
    /// queue keeps such an origin as the bare instant, see
    /// `ActionSlots.setInstant(_:at:)`, and makes this when one is asked
    /// for.)
    init(instant: Int64) {
        object = nil
        source = .instant(instant)
    }
}

/// What an action is, for a report: its name, or its place in the order of
/// scheduling; words written only when a report asks.
///
/// An action scheduled with an interval says so by the call that made it,
/// `schedule(after:interval:)`, never "repeating": the call is all the
/// queue knows. The code under test may not make that call itself, nor want
/// a second run: `debounce` and `timeout` (Apple's Combine and OpenCombine
/// alike) schedule the one action they run that way.
struct ActionName: Sendable {
    /// The source that names it, if its work had one: the name is written
    /// when asked.
    let namedBy: ScheduleSource?
    /// Its schedule's identifier.
    let sequence: UInt64
    /// Whether its schedule was made with an interval
    /// (`schedule(after:interval:)`).
    let repeats: Bool

    /// `the answer to search(_:) with ("s")`, `the action scheduled #3`,
    /// `the action scheduled #1 with schedule(after:interval:)`.
    var text: String {
        if let namedBy { return namedBy.name }
        return repeats
            ? "the action scheduled #\(sequence) with schedule(after:interval:)"
            : "the action scheduled #\(sequence)"
    }
}
