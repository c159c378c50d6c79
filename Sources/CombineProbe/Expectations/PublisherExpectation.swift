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
///
/// ## Writing your own
///
/// An expectation of your own implements ``get()`` and ``makeWaitPlan()``,
/// which tells the waits when it is fulfilled; then `get()` and every wait
/// (XCTest, async, virtual time) accept it:
///
/// ```swift
/// struct FirstGreater: PublisherExpectation {
///     let recorder: Recorder<Int, Never>
///     let threshold: Int
///
///     func get() throws -> Int {
///         guard let match = recorder.events.compactMap(\.value).first(where: { $0 > threshold }) else {
///             throw RecordingError(.notEnoughElements, context: "no element above \(threshold)")
///         }
///         return match
///     }
///
///     func makeWaitPlan() -> WaitPlan<Int> {
///         let threshold = self.threshold
///         return WaitPlan(
///             recorder: recorder, name: "firstGreater(\(threshold))", goal: "an element above \(threshold)",
///             until: { elements, completion in completion != nil || elements.contains { $0 > threshold } },
///             value: get)
///     }
/// }
/// ```
///
/// A plan can also wait like an existing expectation and transform its value:
/// ``WaitPlan/init(waitingLike:name:transform:)``.
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

    /// Tells the waits — `wait(for:timeout:)`, `await wait(for:timeout:)`,
    /// `scheduler.wait(for:timeout:)` — when the expectation is fulfilled, and
    /// how to read its value then. Tests do not call it.
    func makeWaitPlan() -> WaitPlan<Output>
}

/// How the waits wait for a publisher expectation: which recorder to watch,
/// when the wait may end, and how to read the value then.
///
/// The library's expectations make their own; an expectation of your own
/// makes one with ``init(recorder:name:goal:until:value:)`` or
/// ``init(waitingLike:name:transform:)`` (see ``PublisherExpectation``).
public struct WaitPlan<Output> {
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
    /// Reads, once the wait is over, whether the expectation is fulfilled,
    /// what was recorded, and the value: from one snapshot (see
    /// ``WaitConclusion``).
    let conclude: () -> WaitConclusion<Output>
    /// The first words of a timeout failure.
    var timeoutHeadline = WaitPlan<Void>.waiterHeadline
    /// Advice appended to a timeout failure, if any.
    var timeoutAdvice: String?

    init(
        recording: any WaitableRecording, condition: WaitCondition, name: String, goal: String,
        isInverted: Bool, failsOnTimeout: Bool, conclude: @escaping () -> WaitConclusion<Output>,
        timeoutHeadline: String = WaitPlan<Void>.waiterHeadline, timeoutAdvice: String? = nil
    ) {
        self.recording = recording
        self.condition = condition
        self.name = name
        self.goal = goal
        self.isInverted = isInverted
        self.failsOnTimeout = failsOnTimeout
        self.conclude = conclude
        self.timeoutHeadline = timeoutHeadline
        self.timeoutAdvice = timeoutAdvice
    }

    /// A plan that ends the wait as soon as `until` returns true for what the
    /// recorder has recorded, then reads the value with `value`.
    ///
    /// `until` is called with every element recorded so far (whatever
    /// `next()` consumed) and the completion, if any: once when the wait
    /// starts, then after each event, on the thread that delivers it, while
    /// the recorder's lock is held — keep it quick, and do not touch the
    /// recorder from it. `value` is called once the wait is over, fulfilled
    /// or timed out, as `get()` would be; it may throw.
    ///
    /// - parameter recorder: The recorder to watch.
    /// - parameter name: The expectation as failure messages name it, after
    ///   `recorder.`: `"firstGreater(3)"`.
    /// - parameter goal: What it waits for, as failure messages say it:
    ///   `"an element above 3"`.
    /// - parameter until: Whether the wait may end.
    /// - parameter value: Reads the value once the wait is over.
    public init<Input, Failure: Error>(
        recorder: Recorder<Input, Failure>,
        name: String,
        goal: String,
        until: @escaping @Sendable (_ elements: [Input], _ completion: Subscribers.Completion<Failure>?) -> Bool,
        value: @escaping () throws -> Output
    ) {
        let condition = CustomWaitCondition { state in
            let state = unsafeDowncast(state, to: RecorderState<Input, Failure>.self)
            return until(state.elements, state.completion)
        }
        let storage = recorder.storage
        self.init(
            recording: storage, condition: .custom(condition), name: "recorder.\(name)", goal: goal,
            isInverted: false, failsOnTimeout: true,
            conclude: { storage.snapshot(condition: .custom(condition), isInverted: false, failsOnTimeout: true, value: value) })
    }

    /// A plan that waits exactly like `expectation`, and transforms its value.
    ///
    /// - parameter expectation: The expectation whose wait is reused.
    /// - parameter name: The expectation as failure messages name it, after
    ///   `recorder.`; the base expectation's name when nil.
    /// - parameter transform: Turns the base value into this expectation's
    ///   value; it may throw.
    public init<Base: PublisherExpectation>(
        waitingLike expectation: Base,
        name: String? = nil,
        transform: @escaping (Base.Output) throws -> Output
    ) {
        var plan = expectation.makeWaitPlan().map(transform)
        if let name { plan.name = "recorder.\(name)" }
        self = plan
    }

    /// Returns a plan that waits the same way, and transforms the value.
    func map<T>(_ transform: @escaping (Output) throws -> T) -> WaitPlan<T> {
        let conclude = self.conclude
        return WaitPlan<T>(
            recording: recording, condition: condition, name: name, goal: goal,
            isInverted: isInverted, failsOnTimeout: failsOnTimeout,
            conclude: { conclude().map(transform) },
            timeoutHeadline: timeoutHeadline, timeoutAdvice: timeoutAdvice)
    }

    /// Returns the same plan, described differently in failure messages.
    func described(as name: String, timeoutHeadline: String, advice: String? = nil) -> WaitPlan {
        var plan = self
        plan.name = name
        plan.timeoutHeadline = timeoutHeadline
        plan.timeoutAdvice = advice
        return plan
    }
}

/// The recorder side of a wait, independent of the recorded types.
protocol WaitableRecording: AnyObject, Sendable {
    /// Calls `fulfill` once `condition` holds: before returning nil when it
    /// holds already; otherwise later, and the identifier returned cancels
    /// the wait (``removeWaiter(_:)``).
    func addWaiter(for condition: WaitCondition, fulfill: @escaping @Sendable () -> Void) -> Int?
    /// Whether a wait on `condition` may end now.
    func isSatisfied(_ condition: WaitCondition) -> Bool
    func removeWaiter(_ id: Int)
    func summary() -> String
    func deliverPendingMisuse()
}

extension RecorderStorage: WaitableRecording {}

/// An expectation that has an inverted form: ``Recorder/finished``,
/// ``Recorder/next()``, ``Recorder/prefix(_:fileID:filePath:line:column:)``,
/// `next(where:)`, and a mock's ``PublisherMock/nextCall(to:)``.
public protocol InvertiblePublisherExpectation: PublisherExpectation {
    /// The type of the inverted expectation.
    associatedtype InvertedExpectation: PublisherExpectation

    /// The expectation that this one is *not* fulfilled before the timeout;
    /// a wait on it fails ("Fulfilled inverted expectation") if it is.
    var inverted: InvertedExpectation { get }
}

extension PublisherExpectations {
    /// The type of an inverted expectation, spelled as in CombineExpectations:
    /// `PublisherExpectations.Inverted<PublisherExpectations.Finished<Int, Never>>`
    /// is the type of `recorder.finished.inverted`.
    public typealias Inverted<Base: InvertiblePublisherExpectation> = Base.InvertedExpectation
}
