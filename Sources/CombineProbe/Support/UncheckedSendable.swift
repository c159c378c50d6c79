/// Carries a value that is not annotated `Sendable` into a `@Sendable`
/// closure, where the value's own documentation makes that safe.
///
/// It has exactly two uses, each justified where it is made:
/// - `XCTestExpectation`, whose `fulfill()` XCTest documents as callable from
///   any thread, but which is not annotated `Sendable` on every platform
///   (`SynchronousWaiter`);
/// - a `URLProtocol` handed to the work item that answers its request later
///   (`StubURLProtocol`): its own state is behind a lock, URLSession's client
///   accepts calls from any thread, and the protocol claims the task under
///   its lock before calling the client, so that a cancellation on the
///   session's queue does not complete the task a second time.
// @unchecked Sendable: no mutable state of its own (`let value`); no lock is needed here,
// and each use relies on the thread-safety its value documents (see above).
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
