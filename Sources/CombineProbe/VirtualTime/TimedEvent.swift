/// An event at a virtual time: what a timed recorder records, and what a
/// scripted publisher sends.
///
/// ```swift
/// XCTAssertRecordedTimeline(recorder, [
///     .value("sw", at: .milliseconds(400)),
///     .finished(at: .seconds(1)),
/// ])
/// ```
///
/// Times count from the start of the virtual scheduler. Timed events are
/// `Equatable` when their events are, and describe themselves as
/// `"sw" at 400ms`, `finished at 1s`.
public struct TimedEvent<Input, Failure: Error> {
    /// When the event happened, or is to happen.
    public var time: VirtualTime
    /// The value or the completion.
    public var event: RecordedEvent<Input, Failure>

    /// An event at a virtual time.
    ///
    /// - parameter event: The value or the completion.
    /// - parameter time: When it happens, since the scheduler's start.
    public init(_ event: RecordedEvent<Input, Failure>, at time: VirtualTime) {
        self.event = event
        self.time = time
    }

    /// A value at a virtual time.
    ///
    /// - parameter value: The value.
    /// - parameter time: When it is sent, since the scheduler's start.
    public static func value(_ value: Input, at time: VirtualTime) -> TimedEvent {
        TimedEvent(.value(value), at: time)
    }

    /// The successful completion at a virtual time.
    ///
    /// - parameter time: When the publisher finishes, since the scheduler's
    ///   start.
    public static func finished(at time: VirtualTime) -> TimedEvent {
        TimedEvent(.finished, at: time)
    }

    /// A failure at a virtual time.
    ///
    /// - parameter error: The publisher's error.
    /// - parameter time: When the publisher fails, since the scheduler's
    ///   start.
    public static func failure(_ error: Failure, at time: VirtualTime) -> TimedEvent {
        TimedEvent(.failure(error), at: time)
    }
}

extension TimedEvent: Equatable where Input: Equatable, Failure: Equatable {}
extension TimedEvent: Hashable where Input: Hashable, Failure: Hashable {}
extension TimedEvent: Sendable where Input: Sendable {}

extension TimedEvent: CustomStringConvertible {
    /// `"sw" at 400ms`, `finished at 1s`.
    public var description: String { "\(event) at \(time)" }
}

extension Publisher {
    /// Subscribes a ``Recorder`` that stamps every event with the virtual
    /// time of `scheduler`, and returns it.
    ///
    /// ```swift
    /// let recorder = query
    ///     .debounce(for: .milliseconds(300), scheduler: scheduler)
    ///     .record(timedBy: scheduler)
    /// ```
    ///
    /// A timed recorder is a recorder like any other; it also has a
    /// ``Recorder/timeline``, and its failure messages show when each event
    /// happened.
    ///
    /// - parameter scheduler: The virtual scheduler whose time stamps the
    ///   events.
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: Where misuse is reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: The subscribed recorder.
    public func record<T, O>(
        timedBy scheduler: VirtualScheduler<T, O>,
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Output, Failure> {
        let recorder = Recorder<Output, Failure>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            clock: scheduler.elapsedReader, exhaustive: exhaustive)
        subscribe(recorder.storage)
        return recorder
    }
}

/// The clock of a virtual scheduler, seen without its generic types.
protocol VirtualClock: AnyObject, Sendable {
    var elapsed: VirtualTime { get }
    /// Schedules `action` at a time since the start; returns where it
    /// waits, for `cancelScheduled(_:)`.
    func schedule(at time: VirtualTime, _ action: @escaping () -> Void) -> ScheduledAction
    /// Cancels an action scheduled by `schedule(at:_:)`, and releases it.
    func cancelScheduled(_ action: ScheduledAction)
    /// Notes that the current task sleeps on this time, until `deadline`;
    /// throws when the sleep must end at once (see
    /// `VirtualScheduler.admitSleeper(_:until:)`).
    func admitSleeper(_ sleep: VirtualSleep, until deadline: VirtualTime) throws
    /// The explored schedule the clock follows, if any.
    var scheduleChoices: ScheduleChoices? { get }
    /// The sleeps in progress on this time.
    var sleepsInProgress: SleepsInProgress { get }
    /// Reports a failure of the clock's own, at the place that made it.
    func reportFailure(_ message: String)
}

extension VirtualScheduler: VirtualClock {
    func reportFailure(_ message: String) {
        reporter.report(message)
    }

    /// The elapsed virtual time, read without keeping the scheduler alive.
    var elapsedReader: @Sendable () -> VirtualTime {
        { [weak clock = self as any VirtualClock] in clock?.elapsed ?? .zero }
    }
}

extension Recorder {
    /// Every event recorded so far, with its virtual time, for a recorder
    /// made with `record(timedBy:)`.
    ///
    /// ```swift
    /// XCTAssertEqual(recorder.timeline, [.value("sw", at: .milliseconds(400))])
    /// ```
    ///
    /// A recorder that is not timed has no times: its timeline is empty
    /// (``XCTAssertRecordedTimeline(_:_:_:fileID:filePath:line:column:)``
    /// says so).
    public var timeline: [TimedEvent<Input, Failure>] {
        storage.deliverPendingMisuse()
        return storage.state.withLock { state in
            var events = zip(state.elements, state.times).map { TimedEvent<Input, Failure>(.value($0), at: $1) }
            if let completion = state.completion, let time = state.completionTime {
                events.append(TimedEvent(RecordedEvent(completion), at: time))
            }
            return events
        }
    }

    /// Whether the recorder stamps its events with a virtual time.
    public var isTimed: Bool { storage.clock != nil }
}
