/// What a ``VirtualScheduler`` keeps under its lock: plain integers and the
/// action queue, nothing generic.
///
/// The scheduler is generic over its time and options types, and most of
/// its code runs unspecialized (Combine's operators call it through its
/// `Scheduler` conformance). A generic struct here would make every access
/// look its type metadata up at run time, once per action; a plain struct
/// costs nothing. The scheduler's current date, which is generic, is kept
/// beside it (see `VirtualDate`), and only computed when read.
struct VirtualClockState {
    /// The current time, in nanoseconds since the scheduler's start.
    var elapsed: Int64 = 0
    /// Whether the scheduler's stored date is the date of `elapsed`. False
    /// once an action moved the clock to its due time: the date is then
    /// computed from `elapsed` when read.
    var dateIsCurrent = true
    /// The actions yet to run.
    var queue = ActionQueue()
}

/// A date of a ``VirtualScheduler``'s time type: its current date, or the
/// exact date of an action whose due time in nanoseconds does not give that
/// date back (a `Date` that is not a whole number of nanoseconds from the
/// start).
// @unchecked Sendable: `value` is only read or written under the lock of the
// scheduler that owns it (its `state`), or never written once the cell is
// shared (the scheduler's start).
final class VirtualDate<Value>: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
