import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// Makes the requests of one ``NetworkStub`` work in flight (see
/// `InFlightWork`) from the moment they are resumed until their response
/// reached the code that made them, so that a wait in virtual time lets them
/// land before time moves on, and names those that did not land within the
/// grace period.
///
/// A request is invisible to the stub between `task.resume()` and the
/// protocol's `startLoading()`, which URLSession calls later, on a queue of
/// its own; and its response reaches the completion handler after the
/// protocol answered, on the session's delegate queue. So:
/// - **The start.** The stub's sessions have no URL cache: FoundationNetworking
///   (swift-corelibs-foundation) then creates the task's protocol inside
///   `resume()`, and the protocol's initializer begins the work. (The session
///   delegate's `urlSession(_:didCreateTask:)` does not exist there, and
///   `getAllTasks` reads the session's task registry off its queue, racing
///   with the tasks that complete.) On Apple platforms, whose initializer
///   cannot be overridden, the work begins in `startLoading()`.
/// - **The end.** The protocol gives its answer, and the session enqueues the
///   completion handler on its delegate queue, a serial queue, before the
///   protocol's call returns. The work ends in an operation the protocol
///   enqueues on the stub's session's delegate queue right after: once the
///   completion handler ran, that is once the response went through the
///   subscriber's operators, and `receive(on:)` scheduled it on the virtual
///   scheduler. A task that stops loading (cancelled, suspended) ends at
///   once.
///
/// Requests of sessions built from `NetworkStub.makeConfiguration()` have
/// their own delegate queue, which the stub does not know: for them, the
/// work ends when the protocol answers.
final class StubRequestsInFlight: Sendable {
    /// The test, and the explored schedule, that created the stub (see
    /// `WorkOwner`).
    let owner: WorkOwner
    /// The stub's session, whose delegate queue runs completion handlers.
    private let session = Locked<WeakSession>(WeakSession())
    /// The tasks whose requests are in flight, by token, for
    /// ``cancelTasks()``.
    private let tasks = Locked<[UInt64: WeakTask]>([:])

    private struct WeakSession {
        weak var value: URLSession?
    }

    private struct WeakTask {
        weak var value: URLSessionTask?
    }

    init(owner: WorkOwner) {
        self.owner = owner
    }

    /// Sets the stub's session.
    func track(_ session: URLSession) {
        self.session.withLock { $0.value = session }
    }

    /// A request starts: the token of its work in flight. It is the work of
    /// the explored schedule that starts it, when one is current here (on
    /// FoundationNetworking, inside `task.resume()`), even if the stub was
    /// made outside that schedule; otherwise the stub's owner's.
    func begin(_ request: URLRequest, task: URLSessionTask?) -> UInt64 {
        let stubs = owner
        let owner = ScheduleChoices.current.map { WorkOwner(test: stubs.test, schedule: $0) } ?? stubs
        let token = InFlightWork.shared.begin(Self.describe(request), owner: owner)
        tasks.withLock { $0[token] = WeakTask(value: task) }
        return token
    }

    /// Ends the work `token`.
    func end(_ token: UInt64) {
        tasks.withLock { $0[token] = nil }
        InFlightWork.shared.end(token)
    }

    /// Cancels the tasks whose requests are in flight: the stub was
    /// released. On FoundationNetworking, `URLSession.invalidateAndCancel()`
    /// reads the session's task registry off the session's queue, racing
    /// with the tasks that complete meanwhile (a crash); `cancel()` is
    /// synchronized with that queue.
    func cancelTasks() {
        let inFlight = tasks.withLock { tasks in tasks.values.compactMap(\.value) }
        for task in inFlight { task.cancel() }
    }

    /// The protocol starts answering the request, after `delay` seconds.
    func startsLoading(_ token: UInt64, _ request: URLRequest, delay: TimeInterval) {
        guard delay > 0 else { return }
        InFlightWork.shared.update(token, description: Self.describe(request)
            + " (its stubbed answer comes \(delay) s of real time after it starts loading)")
    }

    /// The protocol gave its answer: the work `token` (if any) ends once
    /// the completion handler, which the session enqueued, ran; then
    /// `landed` is called. (The sessions of `NetworkStub.makeConfiguration()`
    /// have delegate queues the stub does not know: for their requests, the
    /// work ends, and `landed` is called, before the completion handler
    /// runs.)
    func answered(_ token: UInt64?, then landed: (@Sendable () -> Void)? = nil) {
        guard let queue = session.withLock({ $0.value?.delegateQueue }) else {
            if let token { end(token) }
            landed?()
            return
        }
        queue.addOperation {
            if let token { self.end(token) }
            landed?()
        }
    }

    /// The protocol stopped loading: the task was cancelled (or suspended),
    /// and the work ends at once. When the subscriber cancelled, nothing
    /// lands; a cancellation by other code reaches the completion handler
    /// shortly after, which a wait does not wait for.
    func stopped(_ token: UInt64) {
        end(token)
    }

    /// "the request GET https://api.example.com/user/1 of a NetworkStub".
    static func describe(_ request: URLRequest) -> String {
        "the request \(name(request)) of a NetworkStub"
    }

    /// "GET https://api.example.com/user/1".
    static func name(_ request: URLRequest) -> String {
        "\((request.httpMethod ?? "GET").uppercased()) \(request.url?.absoluteString ?? "(no URL)")"
    }
}
#endif
