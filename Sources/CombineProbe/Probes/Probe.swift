/// A recorder fed by callbacks instead of a publisher: hand its closures to
/// the code under test (a delegate, a completion handler, an observer), then
/// read and wait for what it received with every expectation.
///
/// ```swift
/// let probe = Probe<Int, Never>()
/// let counter = Counter(onChange: probe.callback)
/// counter.increment()
/// XCTAssertEqual(try wait(for: probe.next(), timeout: 1), 1)
/// ```
///
/// A probe records into a ``Recorder`` (``recorder``): everything a recorder
/// offers works on it. The common expectations read directly on the probe
/// (`probe.next()`, `probe.elements`, `probe.finished`…); the others through
/// `probe.recorder`. `send(_:)` after `finish()` or `fail(_:)` is reported
/// like a publisher that sends after its completion, and not recorded.
///
/// A completion handler that delivers a `Result` feeds ``completionHandler``:
/// a success records the value and finishes, a failure fails.
///
/// ```swift
/// let probe = Probe<User, APIError>()
/// client.loadUser(id: 1, completion: probe.completionHandler)
/// let user = try wait(for: probe.single, timeout: 1)
/// ```
@dynamicMemberLookup
public final class Probe<Output, Failure: Error> {
    /// The recorder that records what the probe receives.
    public let recorder: Recorder<Output, Failure>

    /// A probe, reported at the caller's line.
    ///
    /// - parameter exhaustive: Whether the probe's recorder is exhaustive; the
    ///   ``ProbeSettings`` in effect decide when nil.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public init(
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        recorder = .standalone(
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), exhaustive: exhaustive)
    }

    /// Records `value`, as a publisher sending it.
    ///
    /// - parameter value: The value.
    public func send(_ value: Output) {
        _ = recorder.storage.receive(value)
    }

    /// Records the successful completion.
    public func finish() {
        recorder.storage.receive(completion: .finished)
    }

    /// Records a failure.
    ///
    /// - parameter error: The error.
    public func fail(_ error: Failure) {
        recorder.storage.receive(completion: .failure(error))
    }

    /// Records `completion`.
    ///
    /// - parameter completion: The completion.
    public func send(completion: Subscribers.Completion<Failure>) {
        recorder.storage.receive(completion: completion)
    }

    /// A closure that records each value it is called with: give it to code
    /// that reports values through a callback.
    public var callback: @Sendable (Output) -> Void {
        let storage = recorder.storage
        return { value in _ = storage.receive(value) }
    }

    /// A closure that records a `Result`: a success as a value and the
    /// successful completion, a failure as a failure. Give it to code that
    /// calls a completion handler once.
    public var completionHandler: @Sendable (Result<Output, Failure>) -> Void {
        let storage = recorder.storage
        return { result in
            switch result {
            case let .success(value):
                _ = storage.receive(value)
                storage.receive(completion: .finished)
            case let .failure(error):
                storage.receive(completion: .failure(error))
            }
        }
    }

    /// The recorder's properties, read on the probe: `probe.elements`,
    /// `probe.finished`, `probe.availableElements`…
    ///
    /// - parameter keyPath: The recorder's property.
    public subscript<T>(dynamicMember keyPath: KeyPath<Recorder<Output, Failure>, T>) -> T {
        recorder[keyPath: keyPath]
    }

    /// The recorder's ``Recorder/next()``: the next value the probe received.
    public func next() -> PublisherExpectations.NextOne<Output, Failure> {
        recorder.next()
    }

    /// The recorder's ``Recorder/next(_:fileID:filePath:line:column:)``: the
    /// next `count` values the probe received.
    ///
    /// - parameter count: How many values.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func next(
        _ count: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> PublisherExpectations.Next<Output, Failure> {
        recorder.next(count, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The recorder's ``Recorder/next(where:named:)``: the next value that
    /// matches `predicate`.
    ///
    /// - parameter predicate: Whether a value is the awaited one.
    /// - parameter label: How failure messages name the predicate.
    public func next(
        where predicate: @escaping @Sendable (Output) -> Bool,
        named label: String = "the predicate"
    ) -> PublisherExpectations.NextMatching<Output, Failure> {
        recorder.next(where: predicate, named: label)
    }
}

// A probe holds only its recorder, whose state is behind its storage's lock:
// it crosses threads when its recorder can.
extension Probe: Sendable where Output: Sendable {}
