import Foundation

extension VirtualScheduler {
    /// Waits for a publisher expectation in virtual time, and returns its
    /// value. It never sleeps: it moves virtual time forward from one
    /// scheduled action to the next until the expectation is fulfilled.
    ///
    /// ```swift
    /// let recorder = query
    ///     .debounce(for: .milliseconds(300), scheduler: scheduler)
    ///     .record(timedBy: scheduler)
    /// query.send("swift")
    /// XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), "swift")
    /// XCTAssertEqual(scheduler.elapsed, .milliseconds(300))
    /// ```
    ///
    /// - When the expectation is fulfilled, time stops at that instant:
    ///   ``now`` tells when it happened, and later actions stay scheduled.
    /// - When the virtual `timeout` passes first, time stops at the deadline
    ///   and the test fails ("Asynchronous wait failed") at the caller's
    ///   line, with the virtual time, what was recorded, and when the next
    ///   action is due.
    /// - When nothing is left to run and the expectation is not fulfilled,
    ///   the wait fails at once instead of waiting for a real timeout:
    ///   typically, the code under test used a real scheduler instead of
    ///   this one.
    /// - An inverted expectation runs the actions due within the timeout,
    ///   and fails ("Fulfilled inverted expectation") if it is fulfilled
    ///   meanwhile; an inverted wait over ten virtual seconds returns at
    ///   once.
    ///
    /// Failures are recorded in the framework that runs the test. Then the
    /// expectation's value is returned, or its error thrown, as with
    /// `wait(for:timeout:)`.
    ///
    /// - parameter expectation: The publisher expectation.
    /// - parameter timeout: The virtual time within which the expectation
    ///   must be fulfilled; ``ProbeSettings/defaultTimeout`` seconds when
    ///   nil (the multiplier, meant for slow machines, does not apply to
    ///   virtual time). A negative or non-finite timeout is a test failure,
    ///   and counts as zero.
    /// - parameter description: A label for the failure message.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: The value of the expectation.
    /// - throws: A ``RecordingError``, or the publisher's error.
    @discardableResult
    public func wait<E: PublisherExpectation>(
        for expectation: E,
        timeout: Stride? = nil,
        description: String = "",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws -> E.Output {
        let wait = VirtualWait(
            scheduler: self, expectation: expectation, timeout: timeout, description: description,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return try wait.finish(drive(wait))
    }

    /// Runs a synchronous wait in virtual time to its outcome, as one step
    /// where the scheduler's actions run: the one way a synchronous wait
    /// moves time (``wait(for:timeout:description:fileID:filePath:line:column:)``
    /// and the record assertions that take a `scheduler:`).
    func drive<Output>(_ wait: VirtualWait<Output, SchedulerTimeType, SchedulerOptions>) -> VirtualWaitOutcome {
        var wait = wait
        guard drive(&wait, "wait(for:timeout:)", at: nil) else { return .mainActorBlocked }
        return wait.outcome!
    }

    /// Waits for a publisher expectation in virtual time, from async code.
    ///
    /// It behaves like the synchronous ``wait(for:timeout:description:fileID:filePath:line:column:)``,
    /// and lets the async work of the scheduler's virtual world (see
    /// ``executor``) reach quiescence before the first step and after each
    /// scheduled action, so that a task woken by a sleep's end runs before
    /// time moves on.
    /// Cancelling the task ends the wait with `CancellationError`.
    ///
    /// ```swift
    /// @Test func searchWaitsForTheUserToStopTyping() async throws {
    ///     let scheduler = DispatchQueue.virtualScheduler()
    ///     let query = PassthroughSubject<String, Never>()
    ///     let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler).record()
    ///     query.send("swift")
    ///     #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == "swift")
    /// }
    /// ```
    ///
    /// - parameter expectation: The publisher expectation.
    /// - parameter timeout: The virtual time within which the expectation
    ///   must be fulfilled; ``ProbeSettings/defaultTimeout`` seconds when nil.
    /// - parameter description: A label for the failure message.
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: The value of the expectation.
    /// - throws: A ``RecordingError``, the publisher's error, or
    ///   `CancellationError`.
    @discardableResult
    public func wait<E: PublisherExpectation>(
        for expectation: E,
        timeout: Stride? = nil,
        description: String = "",
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws -> E.Output {
        let wait = VirtualWait(
            scheduler: self, expectation: expectation, timeout: timeout, description: description,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        var waiting = wait
        waiting.endsOnCancellation = true
        let waited = await drive(waiting, at: wait.site)
        if waited.cancelled { throw CancellationError() }
        return try waited.finish(waited.outcome!, synchronous: false)
    }
}

/// How a wait in virtual time ended.
enum VirtualWaitOutcome: Equatable {
    /// Fulfilled in time (or, inverted, not fulfilled).
    case satisfied
    /// The virtual deadline passed; `next` is when the next action is due,
    /// `now` the virtual time then, both read at the same instant.
    case timedOut(next: Int64, now: Int64)
    /// Not fulfilled, and nothing is scheduled that could fulfil it.
    case nothingScheduled
    /// An inverted expectation was fulfilled.
    case invertedFulfilled
    /// Not fulfilled, nothing is scheduled, and work outside virtual time
    /// did not land within the grace period.
    case inFlight([String])
    /// Nothing ran: the scheduler runs its actions on the main actor, and
    /// the main thread did not take the work of this synchronous wait from
    /// another thread.
    case mainActorBlocked

    var isInFlight: Bool {
        if case .inFlight = self { return true }
        return false
    }
}

/// One wait in virtual time: a loop of steps, each of which runs one
/// scheduled action, until an outcome is known.
struct VirtualWait<Output, SchedulerTimeType: Strideable, SchedulerOptions>: WorldStepPlan
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
{
    /// What a synchronous wait that found nothing scheduled adds when the
    /// virtual world ran tasks: it never waits for them.
    static var synchronousWaitHint: String {
        " Or does the expectation wait for a task of the virtual world? This synchronous wait runs the scheduler's "
            + "actions only and never waits for the world's tasks: a task that an action resumed runs on the world's "
            + "executor, but maybe after the wait looked (and after it returned). Await the async wait "
            + "(try await scheduler.wait(for:timeout:)), whose steps let the world's tasks run until they are quiescent "
            + "before time moves."
    }

    let scheduler: VirtualScheduler<SchedulerTimeType, SchedulerOptions>
    let plan: WaitPlan<Output>
    let description: String
    let site: CallSite
    let framework: TestFramework
    let timeout: VirtualTime
    let deadline: SchedulerTimeType
    let limit: Int64
    /// The work in flight that did not land within the grace period: later
    /// steps no longer wait for it (each would wait again otherwise), and a
    /// wait that finds nothing scheduled names it.
    let gaveUpOn = Locked<[String]>([])
    /// The outcome, once a step found it.
    var outcome: VirtualWaitOutcome?
    /// Whether cancelling the waiting task ends the wait (the async wait):
    /// then `cancelled` says it did.
    var endsOnCancellation = false
    var cancelled = false
    /// Whether the wait took a step yet: the first one is always taken.
    var stepped = false

    init<E: PublisherExpectation>(
        scheduler: VirtualScheduler<SchedulerTimeType, SchedulerOptions>,
        expectation: E,
        timeout: SchedulerTimeType.Stride?,
        description: String,
        site: CallSite
    ) where E.Output == Output {
        self.scheduler = scheduler
        let plan = expectation.makeWaitPlan()
        self.plan = plan
        self.description = description
        self.site = site
        framework = .current
        let timeout = timeout ?? .seconds(ProbeSettings.current.defaultTimeout)
        var nanoseconds = StrideNanoseconds.finite(timeout) ?? 0
        if !(timeout >= .zero) || StrideNanoseconds.finite(timeout) == nil {
            FailureReporter.fail(
                "VirtualScheduler.wait(for: \(plan.name), timeout: \(StrideNanoseconds.describe(timeout))): the timeout must be zero or positive, and finite; it counts as zero.",
                at: site, in: framework)
            nanoseconds = 0
        }
        self.timeout = VirtualTime(nanoseconds: nanoseconds)
        let target = scheduler.target(after: nanoseconds == 0 ? .zero : timeout, nanoseconds: nanoseconds)
        deadline = target.date
        limit = target.offset
        scheduler.reporter.deliverPending()
        DeliveryGate.testWaits()
        plan.recording.deliverPendingMisuse()
    }

    mutating func begin() -> Bool { true }

    /// One step of the wait (see ``look(worldSettles:)``): done once the
    /// outcome is known. A wait that found nothing scheduled, or work in
    /// flight that did not land, is over unless the world's tasks run when
    /// it settles once more (they may schedule what the wait waits for).
    mutating func step(worldSettles: Bool) -> StepMove {
        // Cancelling the task ends an async wait between its steps.
        if endsOnCancellation, stepped, Task.isCancelled {
            cancelled = true
            return .done
        }
        stepped = true
        outcome = look(worldSettles: worldSettles)
        guard let outcome else { return .goOn }
        return outcome == .nothingScheduled || outcome.isInFlight ? .doneUnlessTheWorldMoves : .done
    }

    /// Checks the expectation, then runs the next action due before the
    /// deadline. Returns the outcome once it is known, nil to go on.
    ///
    /// `worldSettles`: the async wait, which lets the virtual world reach
    /// quiescence before each step. Work outside virtual time that landed
    /// after the last quiescence (a double's background answer resuming a
    /// task of the world: the task's job is on the executor before the
    /// work counts as landed) left the world a job since the step began:
    /// the step goes back to quiescence before it moves time.
    func look(worldSettles: Bool = false) -> VirtualWaitOutcome? {
        // Read first: a job that reaches the world during the step, even
        // one that already ran, changes it.
        let arrivals = worldSettles ? scheduler.world.arrivals : 0
        // A job that reached the world before (since the last quiescence)
        // and has not run yet: quiescence first, then what it did is seen.
        if worldSettles && scheduler.world.hasWorkToRun { return nil }
        if plan.recording.isSatisfied(plan.condition) {
            return plan.isInverted ? .invertedFulfilled : .satisfied
        }
        // Work outside virtual time (a mock's background delivery, a
        // NetworkStub's request) lands before time moves on, so that what it
        // schedules is scheduled at the instant it was started, whatever the
        // threads' timing.
        // (Nothing in flight, the common case: one look under a lock.)
        // The rule is the world's (`landWorkInFlight()`), for every
        // step; the wait keeps what did not land, for its message.
        let (pending, hadAny) = scheduler.world.landWorkInFlight()
        if !pending.isEmpty {
            // Still running after the grace period: the wait goes on in
            // virtual time without it.
            gaveUpOn.withLock { if $0.isEmpty { $0 = scheduler.world.workGivenUpOn } }
        } else if hadAny {
            return nil
        }
        if worldSettles && (scheduler.world.hasWorkToRun || scheduler.world.arrivals != arrivals) { return nil }
        if scheduler.runNextAction(atOrBefore: limit) { return nil }
        let expectsEvents = !plan.isInverted && plan.failsOnTimeout
        switch scheduler.passDeadline(limit, date: deadline, movingWhenNothingIsScheduled: !expectsEvents) {
        case .actionDue:
            // Scheduled since `runNextAction` looked, by work outside
            // virtual time that landed meanwhile: it runs before the
            // deadline passes.
            return nil
        case .nothingScheduled:
            guard expectsEvents else { return .satisfied }
            // Work that was in flight when the scheduler was looked at may
            // have landed since: look again before concluding.
            if scheduler.nextActionTime != nil || plan.recording.isSatisfied(plan.condition) { return nil }
            let gaveUp = gaveUpOn.withLock { $0 }
            return gaveUp.isEmpty ? .nothingScheduled : .inFlight(gaveUp)
        case let .passed(next, now):
            return expectsEvents ? .timedOut(next: next, now: now) : .satisfied
        }
    }

    /// Records the failure the outcome calls for, and returns the value.
    /// `synchronous`: the wait ran no task of the virtual world (its async
    /// form lets them run between its steps).
    func finish(_ outcome: VirtualWaitOutcome, synchronous: Bool = true) throws -> Output {
        scheduler.reporter.deliverPending()
        // The failure and the value come from one snapshot (see WaitConclusion).
        let conclusion = plan.conclude()
        var outcome = outcome
        if conclusion.isFulfilled {
            outcome = .satisfied
        } else if outcome == .satisfied && plan.isInverted {
            outcome = .invertedFulfilled
        }
        var result = conclusion.result
        if let message = message(for: outcome, recorded: conclusion.summary, synchronous: synchronous) {
            FailureReporter.fail(message, at: site, in: framework)
            result = plan.afterRecordedFailure(result, at: site, label: plan.label(description))
        }
        plan.recording.deliverPendingMisuse()
        return try result.get()
    }

    func message(for outcome: VirtualWaitOutcome, recorded summary: String, synchronous: Bool = true) -> String? {
        if outcome == .satisfied { return nil }
        let label = plan.label(description)
        let now = scheduler.elapsed
        switch outcome {
        case .satisfied:
            return nil
        case let .timedOut(next, then):
            // The time and the next action as the step saw them, together:
            // work outside virtual time may schedule more meanwhile.
            return "\(plan.timeoutHeadline): exceeded virtual timeout of \(timeout) waiting for \(label), "
                + "which waits for \(plan.goal). Virtual time is now \(VirtualTime(nanoseconds: then)). "
                + "Recorded so far: \(summary). "
                + "The next scheduled action is due at \(VirtualTime(nanoseconds: next))."
                + gaveUpOn.withLock { $0.isEmpty ? "" : " Work outside virtual time did not land meanwhile: \($0.joined(separator: ", "))." }
                + scheduler.outsideSleepHint
        case .nothingScheduled:
            return "\(plan.timeoutHeadline): nothing is scheduled on the virtual scheduler at \(now), "
                + "so virtual time cannot move on, and \(label) still waits for \(plan.goal). "
                + "Recorded so far: \(summary). Does the code under test use a real scheduler "
                + "(DispatchQueue.main, RunLoop.main, a queue of its own) instead of the virtual one?"
                + (synchronous && scheduler.world.jobsRun > 0 ? Self.synchronousWaitHint : scheduler.taskHint)
                + scheduler.plainTaskHint
        case let .inFlight(pending):
            let grace = ProbeSettings.current.defaultTimeout * ProbeSettings.current.timeoutMultiplier
            return "\(plan.timeoutHeadline): nothing is scheduled on the virtual scheduler at \(now), and \(label) still waits for \(plan.goal); "
                + "work outside virtual time did not land within \(grace) s of real time: \(pending.joined(separator: ", ")). "
                + "Recorded so far: \(summary)."
        case .mainActorBlocked:
            return "\(plan.timeoutHeadline): \(scheduler.mainActorBlockedMessage("wait(for:timeout:)")) "
                + "Recorded so far: \(summary)."
        case .invertedFulfilled:
            // Quoted as XCTest's waiter quotes a fulfilled inverted
            // expectation on this platform, after the same headline.
            let framework = framework
            let label = plan.invertedFulfilledLabel(description, in: framework)
            return "\(FailureReporter.invertedFulfilledHeadline(in: framework)) \(label) at virtual time \(now), which expects \(plan.goal). "
                + "Recorded: \(summary)."
        }
    }
}

/// What a wait in virtual time finds when nothing more is due by its
/// deadline (see ``VirtualScheduler/passDeadline(_:date:movingWhenNothingIsScheduled:)``).
enum DeadlineLook: Equatable {
    /// An action is due by the deadline after all: it was scheduled since
    /// the wait last looked.
    case actionDue
    /// Nothing is scheduled at all.
    case nothingScheduled
    /// The clock moved to the deadline; `next` is when the next action is
    /// due, `now` the time the clock moved to.
    case passed(next: Int64, now: Int64)
}

extension VirtualScheduler {
    /// Looks at the next action and moves the clock to `limit` (`date`)
    /// under one lock, so that what a timed-out wait says comes from one
    /// snapshot: no action scheduled from another thread can fall between
    /// the look and the move. The clock does not move when an action is due
    /// by `limit`, nor when nothing is scheduled and
    /// `movingWhenNothingIsScheduled` is false.
    func passDeadline(_ limit: Int64, date: SchedulerTimeType, movingWhenNothingIsScheduled: Bool) -> DeadlineLook {
        state.withLock { state in
            guard let next = state.queue.nextDue() else {
                if movingWhenNothingIsScheduled { moveClock(&state, to: limit, date: date) }
                return .nothingScheduled
            }
            if next <= limit { return .actionDue }
            moveClock(&state, to: limit, date: date)
            return .passed(next: next, now: state.elapsed)
        }
    }
}
