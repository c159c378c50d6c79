/// A namespace for the publisher expectation types returned by ``Recorder``.
public enum PublisherExpectations {}

/// Something a test expects from a recorded publisher: its elements, its
/// completion, its next element…
///
/// Build expectations from a ``Recorder``, then read them synchronously with
/// ``get()``, or wait for them with `wait(for:timeout:description:)`:
///
/// ```swift
/// let recorder = ["foo", "bar", "baz"].publisher.record()
/// let expectation = recorder.elements
/// XCTAssertEqual(try expectation.get(), ["foo", "bar", "baz"])
/// ```
///
/// Expectations are values: building one has no effect. Only reading it, or
/// waiting for it, looks at the recorder (and ``Recorder/next()`` consumes
/// what it returns).
public protocol PublisherExpectation<Output> {
    /// The type of the value the expectation produces.
    associatedtype Output

    /// Returns the expected value from what the recorder has recorded right
    /// now, without waiting.
    ///
    /// - throws: A ``RecordingError`` when the recorded events do not (yet)
    ///   allow the expectation to produce its value, or the publisher's own
    ///   error when it failed.
    func get() throws -> Output

    /// The machinery `wait(for:timeout:)` uses. Not meant to be called
    /// directly.
    func _makeWaitPlan() -> _WaitPlan<Output>
}

/// How to wait for a publisher expectation. An implementation detail of
/// ``PublisherExpectation``: its members are internal.
public struct _WaitPlan<Output> {
    /// The recorder to watch.
    let recording: any WaitableRecording
    /// When the wait may end.
    let condition: WaitCondition
    /// `recorder.next()`, for failure messages.
    var name: String
    /// What the expectation waits for, for failure messages.
    let goal: String
    /// An inverted expectation fails if its condition holds before the timeout.
    let isInverted: Bool
    /// `availableElements` waits for the whole timeout without failing.
    let failsOnTimeout: Bool
    /// Produces the value once the wait is over (fulfilled or timed out).
    let resolve: () throws -> Output
    /// The first words of a timeout failure.
    var timeoutHeadline = "Asynchronous wait failed"
    /// Advice appended to a timeout failure, if any.
    var timeoutAdvice: String?

    /// Returns a plan that waits the same way, and transforms the value.
    func map<T>(_ transform: @escaping (Output) throws -> T) -> _WaitPlan<T> {
        let resolve = self.resolve
        return _WaitPlan<T>(
            recording: recording, condition: condition, name: name, goal: goal,
            isInverted: isInverted, failsOnTimeout: failsOnTimeout,
            resolve: { try transform(resolve()) },
            timeoutHeadline: timeoutHeadline, timeoutAdvice: timeoutAdvice)
    }

    /// Returns the same plan, described differently in failure messages.
    func described(as name: String, timeoutHeadline: String, advice: String? = nil) -> _WaitPlan {
        var plan = self
        plan.name = name
        plan.timeoutHeadline = timeoutHeadline
        plan.timeoutAdvice = advice
        return plan
    }
}

/// The recorder side of a wait, independent of the recorded types.
protocol WaitableRecording: AnyObject, Sendable {
    func addWaiter(for condition: WaitCondition, fulfill: @escaping @Sendable () -> Void) -> Int?
    /// Whether a wait on `condition` may end now.
    func isSatisfied(_ condition: WaitCondition) -> Bool
    func removeWaiter(_ id: Int)
    func summary() -> String
    func hasRecordedNothing() -> Bool
    func deliverPendingMisuse()
}

extension RecorderStorage: WaitableRecording {}
