extension VirtualScheduler {
    /// A cold publisher drawn as a marble diagram: each subscriber gets the
    /// events at the drawn times, counted from its subscription.
    ///
    /// ```swift
    /// let response: ScriptedPublisher<String, URLError> = scheduler.coldPublisher(
    ///     "--a--#", values: ["a": "ok"], error: URLError(.timedOut))
    /// ```
    ///
    /// `-` is one tick (10 ms unless `tick` says otherwise), a name is the
    /// value of that name in `values` (`[long]` for longer names), `|`
    /// finishes, `#` fails with `error`, `(ab)` sends a and b at the same
    /// instant, spaces are ignored, and `a 250ms b` moves time by 250 ms (see
    /// the guide, "Marble diagrams"). A mistake in the diagram (an unknown
    /// name, a `#` without an error, an unclosed `(`…) is a test failure at
    /// the caller's line naming its column; the publisher then plays the
    /// events read before the mistake.
    ///
    /// - parameter diagram: The marble diagram.
    /// - parameter values: The value of each name.
    /// - parameter error: The error that `#` fails with.
    /// - parameter tick: The time one `-` stands for.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A cold scripted publisher.
    public func coldPublisher<Output, Failure: Error>(
        _ diagram: String,
        values: [String: Output] = [:],
        error: Failure? = nil,
        tick: VirtualTime = .milliseconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ScriptedPublisher<Output, Failure> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let events = MarbleInput.events(diagram, values: values, error: error, tick: tick, hot: false, function: "coldPublisher", at: site)
        return ScriptedPublisher(kind: .cold, events: events, clock: self)
    }

    /// A cold publisher that never fails, drawn as a marble diagram: see the
    /// generic `coldPublisher(_:values:error:tick:)`.
    ///
    /// ```swift
    /// let numbers: ScriptedPublisher<Int, Never> = scheduler.coldPublisher(
    ///     "-a-b-|", values: ["a": 1, "b": 2])
    /// ```
    ///
    /// - parameter diagram: The marble diagram; `#` is a mistake here.
    /// - parameter values: The value of each name.
    /// - parameter tick: The time one `-` stands for.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A cold scripted publisher.
    public func coldPublisher<Output>(
        _ diagram: String,
        values: [String: Output] = [:],
        tick: VirtualTime = .milliseconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ScriptedPublisher<Output, Never> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let events = MarbleInput.events(diagram, values: values, error: Never?.none, tick: tick, hot: false, function: "coldPublisher", at: site)
        return ScriptedPublisher(kind: .cold, events: events, clock: self)
    }

    /// A hot publisher drawn as a marble diagram: one shared run, to whoever
    /// is subscribed when each event comes.
    ///
    /// ```swift
    /// let taps: ScriptedPublisher<String, TapError> = scheduler.hotPublisher(
    ///     "-a-^-b--c-#", values: ["a": "early", "b": "first", "c": "second"], error: TapError())
    /// ```
    ///
    /// `^` is the instant the publisher is made (usually the start of the
    /// test): times count from it. Events drawn before `^` already happened
    /// and are not played; a completion drawn before it is played at `^`.
    /// Without `^`, the diagram starts at that instant. The rest of the
    /// grammar is the cold publisher's
    /// (`coldPublisher(_:values:error:tick:)`), and so is the handling of
    /// mistakes.
    ///
    /// - parameter diagram: The marble diagram.
    /// - parameter values: The value of each name.
    /// - parameter error: The error that `#` fails with.
    /// - parameter tick: The time one `-` stands for.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A hot scripted publisher.
    public func hotPublisher<Output, Failure: Error>(
        _ diagram: String,
        values: [String: Output] = [:],
        error: Failure? = nil,
        tick: VirtualTime = .milliseconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ScriptedPublisher<Output, Failure> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let events = MarbleInput.events(diagram, values: values, error: error, tick: tick, hot: true, function: "hotPublisher", at: site)
        let now = elapsed
        return ScriptedPublisher(kind: .hot, events: events.map { TimedEvent($0.event, at: now + $0.time) }, clock: self, site: site)
    }

    /// A hot publisher that never fails, drawn as a marble diagram: see the
    /// generic `hotPublisher(_:values:error:tick:)`.
    ///
    /// ```swift
    /// let queries: ScriptedPublisher<String, Never> = scheduler.hotPublisher(
    ///     "^-a-b------c--", values: ["a": "s", "b": "sw", "c": "swift"])
    /// ```
    ///
    /// - parameter diagram: The marble diagram; `#` is a mistake here.
    /// - parameter values: The value of each name.
    /// - parameter tick: The time one `-` stands for.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A hot scripted publisher.
    public func hotPublisher<Output>(
        _ diagram: String,
        values: [String: Output] = [:],
        tick: VirtualTime = .milliseconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ScriptedPublisher<Output, Never> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let events = MarbleInput.events(diagram, values: values, error: Never?.none, tick: tick, hot: true, function: "hotPublisher", at: site)
        let now = elapsed
        return ScriptedPublisher(kind: .hot, events: events.map { TimedEvent($0.event, at: now + $0.time) }, clock: self, site: site)
    }
}

/// Reads the diagram of a marble publisher into timed events, reporting its
/// mistakes at the caller's line.
enum MarbleInput {
    static func events<Output, Failure: Error>(
        _ diagram: String,
        values: [String: Output],
        error: Failure? = nil,
        tick: VirtualTime,
        hot: Bool,
        function: String,
        at site: CallSite
    ) -> [TimedEvent<Output, Failure>] {
        let tick = MarbleTick.checked(tick, function: function, at: site)
        let parsed = MarbleDiagram(diagram, tick: tick, dialect: .events(subscriptionPoint: hot), names: Set(values.keys))
        var mistake = parsed.error
        var events: [TimedEvent<Output, Failure>] = []
        for symbol in parsed.symbols {
            switch symbol.kind {
            case let .value(name):
                if let value = values[name] { events.append(.value(value, at: symbol.time)) }
            case .finished:
                events.append(.finished(at: symbol.time))
            case .failure:
                guard let error else {
                    mistake = MarbleDiagram.Mistake(
                        column: symbol.column,
                        reason: Failure.self == Never.self
                            ? "\"#\" in the diagram of a publisher that never fails"
                            : "\"#\" needs the error to fail with: pass error:")
                    break
                }
                events.append(.failure(error, at: symbol.time))
            case .subscribed, .cancelled:
                break
            }
            if mistake != nil && mistake != parsed.error { break }
        }
        if hot {
            // Before ^, events already happened; a completion is played at ^.
            events = events.compactMap { event in
                guard event.time < .zero else { return event }
                return event.event.isCompletion ? TimedEvent(event.event, at: .zero) : nil
            }
        }
        if let mistake {
            FailureReporter.fail(
                "\(function)(\(diagram.debugDescription)): \(mistake.reason), at column \(mistake.column):\n"
                + MarbleDiagram.pointing(at: mistake.column, in: diagram) + "\n"
                + (events.isEmpty ? "The publisher plays no event."
                    : "The publisher plays the \(events.count == 1 ? "event" : "\(events.count) events") read before the mistake: "
                    + events.map(\.description).joined(separator: ", ") + "."),
                at: site)
        }
        return events
    }
}

/// The tick of a marble diagram.
enum MarbleTick {
    /// 10 ms, as RxJS's virtual frames were.
    static let standard = VirtualTime.milliseconds(10)

    /// `tick` when it is positive; otherwise a failure at the caller's line,
    /// and the standard tick.
    static func checked(_ tick: VirtualTime, function: String, at site: CallSite) -> VirtualTime {
        guard tick.nanoseconds <= 0 else { return tick }
        FailureReporter.fail("\(function): the tick must be longer than zero, not \(tick); drawn with \(standard) instead.", at: site)
        return standard
    }
}
