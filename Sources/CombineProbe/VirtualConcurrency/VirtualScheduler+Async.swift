extension VirtualScheduler {
    // MARK: Sleeping

    /// Suspends the calling task for `duration` of virtual time, as
    /// combine-schedulers' `sleep(for:)` does.
    ///
    /// ```swift
    /// let task = Task(executorPreference: scheduler.executor) {
    ///     try await scheduler.sleep(for: .seconds(1))
    /// }
    /// await scheduler.advance(by: .seconds(1))
    /// ```
    ///
    /// A negative or zero duration returns at once; a non-finite one sleeps
    /// until the task is cancelled.
    ///
    /// - parameter duration: How long to sleep.
    /// - parameter tolerance: Ignored: virtual sleeps end exactly on time.
    /// - parameter options: Ignored.
    /// - throws: `CancellationError` if the task is cancelled first.
    public func sleep(for duration: Stride, tolerance: Stride? = nil, options: SchedulerOptions? = nil) async throws {
        let deadline = StrideNanoseconds.finite(duration).map { elapsed + VirtualTime(nanoseconds: $0) } ?? VirtualTime(nanoseconds: .max)
        try await VirtualSleep.sleep(until: deadline, on: self)
    }

    /// Suspends the calling task until the scheduler's time reaches
    /// `deadline`.
    ///
    /// - parameter deadline: When to wake up; a date not after ``now``
    ///   returns at once.
    /// - parameter tolerance: Ignored: virtual sleeps end exactly on time.
    /// - parameter options: Ignored.
    /// - throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: SchedulerTimeType, tolerance: Stride? = nil, options: SchedulerOptions? = nil) async throws {
        let offset = offset(of: deadline)
        try await VirtualSleep.sleep(until: VirtualTime(nanoseconds: offset), on: self)
    }

    /// An async sequence of the scheduler's time, every `interval` from now,
    /// as combine-schedulers' `timer(interval:)`. Its repeating schedule
    /// ends at the first tick after the consuming task stops iterating (or
    /// is cancelled). It resumes its consumer in the consumer's own
    /// isolation (see ``VirtualTimerSequence``): a `@MainActor` loop over
    /// the ticks sees each one before the step that ticked it returns, even
    /// when the test made the timer and the loop has not started yet (the
    /// timer makes the scheduler's ``executor``, whose async steps let
    /// main-actor work run before each tick).
    ///
    /// ```swift
    /// let ticks = Task(executorPreference: scheduler.executor) {
    ///     var count = 0
    ///     for await _ in scheduler.timer(interval: .seconds(1)) {
    ///         count += 1
    ///         if count == 3 { break }
    ///     }
    ///     return count
    /// }
    /// await scheduler.advance(by: .seconds(3))
    /// ```
    ///
    /// A timer made by a task outside the virtual world (a plain `Task { }`)
    /// while nothing moves time, or while a step has already moved time,
    /// comes at a moment no one decided: it is a test failure at the line
    /// that created the scheduler, and the sequence ends at once, with no
    /// element, rather than leave its consumer waiting for ever.
    ///
    /// - parameter interval: The time between two elements; a negative, zero
    ///   or non-finite interval is a test failure at the line that created
    ///   the scheduler, and the sequence yields once.
    /// - parameter tolerance: Ignored.
    /// - parameter options: Ignored.
    /// - returns: The scheduler's time at each tick.
    public func timer(interval: Stride, tolerance: Stride? = nil, options: SchedulerOptions? = nil) -> VirtualTimerSequence<SchedulerTimeType> {
        // The world's steps wait for main-actor work (their round trips):
        // a consumer that has not asked for its first tick yet — a
        // main-actor task started before the step, which runs only when
        // the main actor is free — asks before the step ticks.
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) { _ = executor }
        let ticker = VirtualTicker<SchedulerTimeType>(inFlight: world.ticksInFlight)
        let sequence = VirtualTimerSequence(ticker: ticker)
        if let refusal = outsideTimerRefusal(every: interval) {
            reporter.report(refusal)
            ticker.finish()
            return sequence
        }
        // The schedule ends at the first tick after the consumer stopped
        // iterating: the repeating action cancels itself then.
        let schedule = Locked<(any Cancellable)?>(nil)
        let cancellable = self.schedule(after: now.advanced(by: interval), interval: interval, tolerance: .zero, options: nil) { [unowned self] in
            if !ticker.tick(now) {
                schedule.withLock { $0?.cancel() }
            }
        }
        schedule.withLock { $0 = cancellable }
        return sequence
    }

    // MARK: Moving time, from async code

    /// Moves virtual time forward by `interval`, like the synchronous
    /// ``advance(by:fileID:filePath:line:column:)``, and lets the async work
    /// of the scheduler's virtual world (see ``executor``) reach quiescence
    /// before the first action, after each one, and at the end: a task that
    /// a sleep's end resumes runs until it sleeps again or finishes before
    /// time moves on — no `Task.yield()` loop, no real time.
    ///
    /// In an async context, `await scheduler.advance(by:)` is this method.
    ///
    /// - parameter interval: How far to move time.
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func advance(
        by interval: Stride = .zero,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = await drive(AdvancePlan(self, by: interval, at: site), at: site)
    }

    /// Moves virtual time forward to `date`, like the synchronous
    /// ``advance(to:fileID:filePath:line:column:)``, letting the async work
    /// of the virtual world reach quiescence around each action (see
    /// ``advance(by:isolation:fileID:filePath:line:column:)``).
    ///
    /// - parameter date: The instant to move to.
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func advance(
        to date: SchedulerTimeType,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = await drive(AdvancePlan(self, to: date, at: site), at: site)
    }

    /// Runs every scheduled action, like the synchronous
    /// ``run(horizon:fileID:filePath:line:column:)``, letting the async work
    /// of the virtual world reach quiescence around each action: sleeping
    /// tasks wake, run, and sleep again until nothing is left.
    ///
    /// - parameter horizon: How much virtual time endless work — a repeating
    ///   schedule, a task sleeping in a loop — may run through; one hour by
    ///   default (see the synchronous ``run(horizon:fileID:filePath:line:column:)``).
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func run(
        horizon: Stride = defaultHorizon,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = await drive(RunPlan(self, horizon: horizon, at: site), at: site)
    }
}
