/// Carries a value that is not annotated `Sendable` into a `@Sendable`
/// closure, where the value's own documentation makes that safe.
///
/// Its uses, each justified where it is made:
/// - a `URLProtocol` handed to the work item that answers its request later
///   (`StubURLProtocol`): its own state is behind a lock, URLSession's client
///   accepts calls from any thread, and the protocol claims the task under
///   its lock before calling the client, so that a cancellation on the
///   session's queue does not complete the task a second time;
/// - the arguments and results of a virtual scheduler's async steps when its
///   actions run on the main actor (`VirtualScheduler+Async`, `+Wait`): a
///   stride, a date, a wait and its value, handed to the main actor and back
///   within one call, while the caller is suspended awaiting it, so that no
///   two isolation domains ever touch them at the same time;
/// - a timer's tick (`VirtualTicker`): the scheduler's time value, handed
///   once from the action that ticks to the one consumer waiting for it,
///   as an `AsyncStream` hands its elements;
/// - the `DispatchSpecificKey` that tells code running on the main queue
///   (`MainActorCheck`): an identity, created once and never changed;
/// - a mock's call (`MockDelivery.makeExecutor(for:)`), described when an
///   explored schedule's report names its answer, on the thread that
///   writes the report: its function and arguments never change, and the
///   mock's log hands its calls to the test's thread the same way
///   (`MockCallLog`); its description is made once, under a lock
///   (`MockCallDescriptionCache`).
// @unchecked Sendable: no mutable state of its own (`let value`); no lock is needed here,
// and each use relies on the thread-safety its value documents (see above).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
