import Foundation

/// A scheduler whose time moves only when the test says so, and whose waits
/// resolve at once, deterministically.
///
/// Inject it where production code takes a scheduler, then move time with
/// ``advance(by:fileID:filePath:line:column:)``, or let a wait move it for
/// you, from one scheduled action to the next, until the expectation is
/// fulfilled:
///
/// ```swift
/// func testSearchWaitsForTheUserToStopTyping() throws {
///     let scheduler = DispatchQueue.virtualScheduler()
///     let query = PassthroughSubject<String, Never>()
///     let recorder = query
///         .debounce(for: .milliseconds(300), scheduler: scheduler)
///         .record(timedBy: scheduler)
///     query.send("s")
///     scheduler.advance(by: .milliseconds(100))
///     query.send("sw")
///     XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), "sw")
///     XCTAssertEqual(scheduler.elapsed, .milliseconds(400))
/// }
/// ```
///
/// It has the time and options types of the scheduler it stands for
/// (``VirtualSchedulerOf``), so code that takes `some Scheduler` of that
/// kind, a generic scheduler, or a type-erased one accepts it unchanged.
/// Make one with `DispatchQueue.virtualScheduler()`,
/// `RunLoop.virtualScheduler()` or `OperationQueue.virtualScheduler()`.
///
/// Its rules:
/// - Nothing runs until time is advanced. An action scheduled at or before
///   ``now`` runs on the next advance, `advance(by: .zero)` included.
/// - Actions run in the order they fall due; actions due at the same instant
///   run in the order they were scheduled. An action scheduled by another
///   action runs in the same advance when it falls due within it.
/// - While an action runs, ``now`` is the instant it was due.
/// - Any scheduled work can be cancelled, repeating schedules included.
/// - Virtual time (``elapsed``, `advance(by:)`, the clock) counts whole
///   nanoseconds exactly, whatever the time type: `.milliseconds(1)` is one
///   millisecond. Dates keep the precision of their type: on Apple
///   platforms a `DispatchQueue` date counts Mach ticks (about 41.67 ns on
///   Apple silicon), so dates finer than a tick round to one, and actions
///   whose dates round to the same tick run in the order they were
///   scheduled.
/// - Actions run on the thread that moves time, or on the main actor for a
///   scheduler made with `actionsOn: .mainActor` (see
///   ``VirtualActionContext``).
/// - Work may be scheduled from any thread.
///
/// Bad input is a test failure, never a crash or a hang: a negative or
/// non-finite interval, advancing to the past. The failures of the
/// `Scheduler` methods, which take no location, are reported at the line
/// that created the scheduler.
public final class VirtualScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler, Sendable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
{
    /// A span of this scheduler's time.
    public typealias Stride = SchedulerTimeType.Stride

    /// The clock and the action queue, under the scheduler's lock. The
    /// current date is kept beside them, in `currentDate`, under the same
    /// lock.
    let state: Locked<VirtualClockState>
    /// The current date, while `state.dateIsCurrent`; only touched under
    /// `state`'s lock.
    let currentDate: VirtualDate<SchedulerTimeType>
    /// The scheduler's starting instant, never changed.
    let startDate: VirtualDate<SchedulerTimeType>
    /// Reports the failures detected where no location is given: at the line
    /// that created the scheduler.
    let reporter: DeferredFailureReporter
    /// The scheduler's virtual world (see `VirtualWorld`): its executor,
    /// its members, its steps under way, and when it is quiet.
    let world: VirtualWorld
    /// Whether ``clock`` was asked for: async code may sleep on this time.
    let clockTaken = Locked(false)
    /// The sleeps in progress on the scheduler's time (see
    /// ``SleepsInProgress``).
    let sleepsInProgress = SleepsInProgress()
    /// Whether the time type counts whole nanoseconds (`DispatchQueue`'s):
    /// then every run of a repeating schedule is at the date of its due time,
    /// and the queue repeats it by itself.
    let countsNanoseconds: Bool
    /// The raw dispatch time of the start, when dates are `DispatchQueue`'s
    /// and their offsets can be read from their raw values (see
    /// ``plainOffset(of:)``); 0 otherwise.
    let plainStart: UInt64
    /// Where the scheduler runs its actions (see ``VirtualActionContext``).
    public let actionContext: VirtualActionContext
    /// The explored schedule this scheduler follows, if it was made while
    /// one was explored (see ``ScheduleExploration``); its queue keeps it
    /// too.
    let scheduleChoices: ScheduleChoices?
    /// The task that created the scheduler (its address), if one did: the
    /// test's own code, which runs in step with the test (see
    /// `outsideTimerRefusal(every:)`).
    let creatorTask: Int?

    /// Creates a virtual scheduler whose time starts at `now`.
    ///
    /// - parameter now: The scheduler's starting instant.
    /// - parameter actionContext: Where actions run: on the thread that moves
    ///   time (the default), or on the main actor, as those of a real main
    ///   queue or main run loop do (see ``VirtualActionContext``).
    /// - parameter fileID: Where failures of the `Scheduler` methods are
    ///   reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public init(
        now: SchedulerTimeType,
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        startDate = VirtualDate(now)
        var clock = VirtualClockState()
        // A scheduler made while a schedule is explored orders its ties as
        // that schedule says.
        scheduleChoices = ScheduleChoices.current
        clock.queue.choices = scheduleChoices
        state = Locked(clock)
        // The world sees actions being scheduled through the scheduler's
        // count of schedules made. Its closures hold the clock's state, not
        // the scheduler: no cycle, and nothing generic.
        // The first world made in a scope whose tasks join (a scope whose
        // settings say `joinsTasks`, an exploration's schedule) is the one
        // they join: its executor is made when the first of them comes.
        let scope = ProbeScope.current
        world = VirtualWorld(
            choices: scheduleChoices, scopeJoining: scope?.joiningWorld,
            schedulesMade: { [state] in state.withLock { $0.queue.schedulesMade } },
            elapsed: { [state] in VirtualTime(nanoseconds: state.withLock { $0.elapsed }) })
        currentDate = VirtualDate(now)
        countsNanoseconds = StrideNanoseconds.countsNanoseconds(Stride.self)
        plainStart = Self.plainDispatchTime(of: now) ?? 0
        self.actionContext = actionContext
        creatorTask = withUnsafeCurrentTask { $0?.hashValue }
        // Later tests may share a scheduler (a property of a fixture): its
        // failures go to the test that runs.
        reporter = DeferredFailureReporter(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), endsWithItsTest: false)
        PendingVirtualSchedulers.remember(self, madeIn: fileID)
        scope?.adopt(self)
    }

    // MARK: Time

    /// The current virtual time.
    public var now: SchedulerTimeType {
        state.withLock { currentDate(&$0) }
    }

    /// The instant the scheduler started at.
    public var start: SchedulerTimeType { startDate.value }

    /// The virtual time elapsed since the scheduler started: the time a
    /// timed recorder stamps on the events it records.
    public var elapsed: VirtualTime {
        VirtualTime(nanoseconds: state.withLock { $0.elapsed })
    }

    /// Zero: virtual actions run exactly when they fall due.
    public var minimumTolerance: Stride { .zero }


    /// The number of scheduled actions that have not run yet (cancelled ones
    /// excluded; a repeating schedule counts once).
    public var pendingActionCount: Int {
        state.withLock { $0.queue.pendingCount }
    }

    /// When the next scheduled action falls due, as a time since the start;
    /// nil when nothing is scheduled.
    public var nextActionTime: VirtualTime? {
        state.withLock { $0.queue.nextDue().map { VirtualTime(nanoseconds: $0) } }
    }

    // MARK: Scheduler

    /// Schedules `action` to run on the next advance.
    ///
    /// - parameter options: Ignored.
    /// - parameter action: The work to run.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        state.withLock { state in
            // Due now: it never moves the clock, so its date is not needed.
            let id = state.queue.makeID()
            state.queue.insert(due: state.elapsed, id: id, now: state.elapsed, run: action)
        }
    }

    /// Schedules `action` to run when virtual time reaches `date`, or on the
    /// next advance if `date` is not after ``now``.
    ///
    /// - parameter date: When the action falls due.
    /// - parameter tolerance: Ignored: virtual actions run exactly on time.
    /// - parameter options: Ignored.
    /// - parameter action: The work to run.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        enqueueOnce(at: date, action)
    }

    /// Schedules `action` to run when virtual time reaches `date`, then every
    /// `interval`, until the returned value is cancelled.
    ///
    /// A zero `interval` runs the action once, as operators that schedule
    /// that way expect (`debounce(for: .zero)`, `timeout(.zero)`: they
    /// cancel the schedule in its first run); a zero-interval schedule not
    /// cancelled by the end of its run would repeat at one instant for ever,
    /// and is reported as a test failure at the line that created the
    /// scheduler. A negative or non-finite
    /// `interval` is reported at once, and the action runs once.
    ///
    /// - parameter date: When the action first falls due.
    /// - parameter interval: The time between two runs.
    /// - parameter tolerance: Ignored: virtual actions run exactly on time.
    /// - parameter options: Ignored.
    /// - parameter action: The work to run.
    /// - returns: A cancellable that stops the repetition.
    public func schedule(
        after date: SchedulerTimeType,
        interval: Stride,
        tolerance: Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        if interval == .zero {
            let reporter = reporter
            let elapsed = elapsedReader
            return ZeroIntervalSchedule(action, enqueue: { run in
                ScheduleCancellation(state: state, action: enqueueOnce(at: date, run))
            }, report: {
                reporter.report("VirtualScheduler.schedule(after:interval:): an interval of 0s repeats at one instant for ever; "
                    + "the action ran once, at \(elapsed()), and its schedule was not cancelled in that run, so it is not "
                    + "repeated. (Operators that schedule this way, like debounce(for: .zero), cancel it in its first run.)")
            })
        }
        guard interval > .zero, let nanoseconds = StrideNanoseconds.finite(interval), nanoseconds > 0 else {
            reporter.report("VirtualScheduler.schedule(after:interval:): the interval must be a positive, finite time; "
                + "it was \(StrideNanoseconds.describe(interval)). The action was scheduled once, not repeated.")
            return ScheduleCancellation(state: state, action: enqueueOnce(at: date, action))
        }
        let (first, moves) = enqueue(at: date, interval: interval, nanoseconds: nanoseconds, action)
        return ScheduleCancellation(state: state, action: first, movesBetweenSlots: moves)
    }

    deinit {
        reporter.deliverPending()
    }
}

/// The virtual scheduler that stands for `S`: same time and options types.
///
/// ```swift
/// let scheduler: VirtualSchedulerOf<DispatchQueue> = DispatchQueue.virtualScheduler()
/// ```
public typealias VirtualSchedulerOf<S: Scheduler> = VirtualScheduler<S.SchedulerTimeType, S.SchedulerOptions>

