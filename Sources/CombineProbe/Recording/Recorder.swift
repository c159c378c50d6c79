/// A subscriber that records every event of a publisher, so that a test can
/// read them back through publisher expectations.
///
/// Create one with `record()`:
///
/// ```swift
/// let publisher = ["foo", "bar", "baz"].publisher
/// let recorder = publisher.record()
/// let elements = try recorder.elements.get()
/// XCTAssertEqual(elements, ["foo", "bar", "baz"])
/// ```
///
/// A recorder requests unlimited demand and keeps every value and the
/// completion behind a lock, so the publisher may send from any thread.
/// Recording a value costs O(1), and so does consuming one with
/// ``next()``.
///
/// Dropping the recorder cancels its subscription. A recorder records a
/// single publisher: a second subscription, or values sent after the
/// completion, are reported as test failures at the line that called
/// `record()`.
public final class Recorder<Input, Failure: Error>: Subscriber, Cancellable {
    @usableFromInline let storage: RecorderStorage<Input, Failure>
    /// Whether a scope (a trait, `ProbeTestCase`, `withOverrides`) checks
    /// this exhaustive recorder when it ends; the recorder then does not
    /// check itself when it goes away.
    private let isCheckedByScope: Bool

    init(site: CallSite, clock: (@Sendable () -> VirtualTime)? = nil, exhaustive: Bool? = nil, demand: DemandPlan? = nil) {
        storage = RecorderStorage(site: site, framework: .current, clock: clock, demand: demand)
        var isCheckedByScope = false
        if exhaustive ?? ProbeSettings.current.exhaustive {
            storage.setExhaustive(true)
            if let scope = ProbeScope.current {
                scope.register(storage)
                isCheckedByScope = true
            }
        }
        self.isCheckedByScope = isCheckedByScope
    }

    deinit {
        storage.recorderReleased()
        // A scope checks its recorders when the test ends, after the test's
        // own failures (a thrown error is recorded after the recorders of
        // the test's body go away), and on the test's own task.
        if !isCheckedByScope { storage.checkExhaustiveness() }
        storage.cancel()
    }

    /// Forwards the subscription to the recorder's storage. `record()` calls
    /// this for you; subscribing a recorder a second time is reported as a
    /// test failure.
    ///
    /// - parameter subscription: The publisher's subscription.
    public func receive(subscription: any Subscription) {
        storage.receive(subscription: subscription)
    }

    /// Records a value. Returns `.none` (the recorder asked for unlimited
    /// demand when it was subscribed), or the demand per value of a recorder
    /// made with `record(demand:demandPerValue:)`.
    ///
    /// - parameter input: The value.
    public func receive(_ input: Input) -> Subscribers.Demand {
        storage.receive(input)
    }

    /// Records the completion and ends every wait that was waiting for it.
    ///
    /// - parameter completion: The completion.
    public func receive(completion: Subscribers.Completion<Failure>) {
        storage.receive(completion: completion)
    }

    /// Cancels the subscription to the recorded publisher. The events
    /// recorded so far are kept.
    public func cancel() {
        storage.cancel()
    }

    /// Every element and the completion recorded so far, whatever `next()`
    /// has consumed.
    public var elementsAndCompletion: (elements: [Input], completion: Subscribers.Completion<Failure>?) {
        storage.deliverPendingMisuse()
        return storage.state.withLock { ($0.elements, $0.completion) }
    }
}

// A recorder holds no state of its own outside its lock-protected storage; it
// can cross threads when the values it records can.
extension Recorder: Sendable where Input: Sendable {}

extension Publisher {
    /// Subscribes a ``Recorder`` to this publisher and returns it.
    ///
    /// ```swift
    /// let recorder = PassthroughSubject<String, Never>().record()
    /// ```
    ///
    /// The caller's location is kept so that a misuse of the recorder (a
    /// second subscription, a value after completion) is reported as a test
    /// failure at this line.
    ///
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test (see <doc:ExhaustiveTests>);
    ///   ``ProbeSettings/exhaustive``, or the test's scoped setting, when nil.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func record(
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Output, Failure> {
        record(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), exhaustive: exhaustive)
    }

    /// Subscribes a recorder whose misuse is reported at `site`.
    func record(at site: CallSite, exhaustive: Bool? = nil) -> Recorder<Output, Failure> {
        let recorder = Recorder<Output, Failure>(site: site, exhaustive: exhaustive)
        subscribe(recorder.storage)
        return recorder
    }
}
