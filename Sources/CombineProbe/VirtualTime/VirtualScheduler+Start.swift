extension VirtualScheduler {
    /// Runs the classic virtual-time test in one call: creates the publisher
    /// under test at `created`, subscribes a timed recorder at `subscribed`,
    /// cancels it at `cancelled`, and returns the recorder.
    ///
    /// ```swift
    /// let recorder = scheduler.start {
    ///     taps.debounce(for: .milliseconds(300), scheduler: scheduler)
    /// }
    /// XCTAssertRecordedTimeline(recorder, [.value("second", at: .milliseconds(450))])
    /// ```
    ///
    /// Each step first runs the actions due until its instant (those due at
    /// that very instant included), so a hot publisher's events at
    /// `subscribed` or earlier are missed, and the events at `cancelled` are
    /// recorded. The defaults, 100, 200 and 1,000 seconds since the
    /// scheduler's start, follow RxTest's ticks.
    ///
    /// Times that are not in order, or already past, are a test failure at
    /// the caller's line; the steps then run at once, in order.
    ///
    /// - parameter created: When `makePublisher` is called.
    /// - parameter subscribed: When the recorder subscribes.
    /// - parameter cancelled: When the recorder cancels its subscription.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - parameter makePublisher: Makes the publisher under test.
    /// - returns: The timed recorder, cancelled.
    public func start<P: Publisher>(
        created: VirtualTime = .seconds(100),
        subscribed: VirtualTime = .seconds(200),
        cancelled: VirtualTime = .seconds(1000),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ makePublisher: () -> P
    ) -> Recorder<P.Output, P.Failure> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let now = elapsed
        if !(now <= created && created <= subscribed && subscribed <= cancelled) {
            FailureReporter.fail(
                "VirtualScheduler.start(created: \(created), subscribed: \(subscribed), cancelled: \(cancelled)): "
                + "the times must be in this order, and not before the current virtual time (\(now)).",
                at: site)
        }
        let recorder = Recorder<P.Output, P.Failure>(site: site, clock: elapsedReader)
        withoutActuallyEscaping(makePublisher) { makePublisher in
            var plan = StartPlan(self, times: [created, subscribed, cancelled], recorder: recorder, makePublisher: makePublisher)
            drive(&plan, "start(created:subscribed:cancelled:)", at: site)
        }
        recorder.cancel()
        return recorder
    }
}
