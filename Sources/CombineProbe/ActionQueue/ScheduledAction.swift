/// An action waiting in an ``ActionQueue``: its schedule and the slot it
/// was put in, which is what a cancellation needs to release the action at
/// once, as cancelling a Dispatch timer releases its handler.
///
/// The slot is where the action waits for as long as it does, except for
/// the runs of a repeating schedule that the scheduler inserts again itself
/// (their dates are `Date`s): each run takes a slot of its own, and a
/// cancellation looks for it (see ``ActionQueue/cancel(_:movesBetweenSlots:)``).
struct ScheduledAction: Hashable, Sendable {
    /// The schedule, ordered among ties by it; every run of a repeating
    /// schedule has the same.
    let id: UInt64
    /// The slot the action was put in.
    let slot: UInt32
}
