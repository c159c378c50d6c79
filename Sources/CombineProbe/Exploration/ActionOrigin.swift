/// Where a scheduled action comes from, while a schedule is explored: its
/// name, and its source, which tells which ties race (see ``ScheduleLabel``).
struct ActionOrigin {
    /// A source of actions: actions of one source keep their order.
    enum Source: Hashable {
        /// A double's answer, a sleep: a source of its own.
        case object(ObjectIdentifier)
        /// Work named, with no source object: its name.
        case named(String)
        /// Other work: the instant it was scheduled at.
        case instant(Int64)
    }

    /// The name of the action, for the report, if it has one.
    let name: String?
    /// Its source.
    let source: Source
    /// The source object, kept while the action waits, so that its identity
    /// is not reused meanwhile.
    private let object: ScheduleSource?

    /// The origin of an action scheduled now, at `scheduledAt`, on this
    /// task or thread.
    init(scheduledAt: Int64) {
        name = ScheduleLabel.current
        object = ScheduleLabel.source
        if let object {
            source = .object(ObjectIdentifier(object))
        } else if let name {
            source = .named(name)
        } else {
            source = .instant(scheduledAt)
        }
    }
}
