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
/// - Times are kept to the nanosecond: `.milliseconds(1)` is one
///   millisecond.
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
    /// The scheduler's ``VirtualTaskExecutor``, once asked for (typed
    /// `AnyObject` because task executors are not available on every
    /// system the library supports).
    let taskExecutor = Locked<AnyObject?>(nil)
    /// How many sleeps on the scheduler's time came from tasks outside its
    /// virtual world (see `noteSleeper()`), for failure messages.
    let outsideSleeps = Locked(0)
    /// Whether the time type counts whole nanoseconds (`DispatchQueue`'s):
    /// then every run of a repeating schedule is at the date of its due time,
    /// and the queue repeats it by itself.
    let countsNanoseconds: Bool
    /// The raw dispatch time of the start, when dates are `DispatchQueue`'s
    /// and their offsets can be read from their raw values (see
    /// ``plainOffset(of:)``); 0 otherwise.
    let plainStart: UInt64

    /// Creates a virtual scheduler whose time starts at `now`.
    ///
    /// - parameter now: The scheduler's starting instant.
    /// - parameter fileID: Where failures of the `Scheduler` methods are
    ///   reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public init(
        now: SchedulerTimeType,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        startDate = VirtualDate(now)
        state = Locked(VirtualClockState())
        currentDate = VirtualDate(now)
        countsNanoseconds = StrideNanoseconds.countsNanoseconds(Stride.self)
        plainStart = Self.plainDispatchTime(of: now) ?? 0
        reporter = DeferredFailureReporter(site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        PendingVirtualSchedulers.remember(self, madeIn: fileID)
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

    /// The current date, computed from `elapsed` when an action moved the
    /// clock. Called under the lock.
    func currentDate(_ state: inout VirtualClockState) -> SchedulerTimeType {
        if !state.dateIsCurrent {
            currentDate.value = date(at: state.elapsed)
            state.dateIsCurrent = true
        }
        return currentDate.value
    }

    /// The nanoseconds from `start` to `date`.
    func offset(of date: SchedulerTimeType) -> Int64 {
        if let offset = plainOffset(of: date) { return offset }
        return StrideNanoseconds.of(startDate.value.distance(to: date))
    }

    /// The nanoseconds from `start` to `date`, and whether `date(at:)` gives
    /// `date` back exactly from them.
    @inline(__always)
    private func offsetAndExactness(of date: SchedulerTimeType) -> (offset: Int64, isExact: Bool) {
        if let offset = plainOffset(of: date) { return (offset, true) }
        return measuredOffsetAndExactness(of: date)
    }

    /// `offsetAndExactness(of:)` through the time type's own arithmetic.
    /// Not inlined: its temporaries of the generic types would make every
    /// caller look their type metadata up on entry, fast path or not.
    @inline(never)
    private func measuredOffsetAndExactness(of date: SchedulerTimeType) -> (offset: Int64, isExact: Bool) {
        let offset = StrideNanoseconds.of(startDate.value.distance(to: date))
        return (offset, self.date(at: offset) == date)
    }

    /// The nanoseconds from `start` to `date`, read from their raw dispatch
    /// times, when both are plain ones (see ``plainDispatchTime(of:)``): then
    /// `offset(of: date)` is their difference, and `date(at:)` of it is
    /// `date` again (`dispatch_time` adds it exactly). Nil otherwise: the
    /// general path computes both, at the cost of generic calls into the
    /// time type and of `dispatch_time`.
    @inline(__always)
    private func plainOffset(of date: SchedulerTimeType) -> Int64? {
        #if COMBINEPROBE_OPENCOMBINE && !canImport(Darwin)
        // `plainStart` is not 0: the time type is `DispatchQueue`'s.
        guard plainStart != 0 else { return nil }
        let raw = unsafeBitCast(date, to: DispatchQueueScheduling.SchedulerTimeType.self).dispatchTime.rawValue
        guard Self.isPlain(raw) else { return nil }
        return Int64(bitPattern: raw &- plainStart)
        #else
        return nil
        #endif
    }

    /// The raw dispatch time of `date`, when the time type is
    /// `DispatchQueue`'s on OpenCombine and Linux, and `date` is a plain
    /// instant of the uptime clock, from 1 to 2^61 nanoseconds: not
    /// `DISPATCH_TIME_NOW` (0), `DISPATCH_TIME_FOREVER`, a wall-clock or
    /// monotonic-clock time (high bits), nor near the clamping limits of
    /// `dispatch_time`. Between two such instants, OpenCombine's
    /// `distance(to:)` is the difference of the raw values in nanoseconds,
    /// and `advanced(by:)` (`dispatch_time`) adds it back exactly. Nil
    /// otherwise, and always on Apple platforms, whose dispatch times count
    /// Mach ticks.
    @inline(__always)
    private static func plainDispatchTime(of date: SchedulerTimeType) -> UInt64? {
        #if COMBINEPROBE_OPENCOMBINE && !canImport(Darwin)
        guard SchedulerTimeType.self == DispatchQueueScheduling.SchedulerTimeType.self else { return nil }
        let raw = unsafeBitCast(date, to: DispatchQueueScheduling.SchedulerTimeType.self).dispatchTime.rawValue
        return isPlain(raw) ? raw : nil
        #else
        return nil
        #endif
    }

    /// Whether a raw dispatch time is a plain instant (see
    /// ``plainDispatchTime(of:)``).
    @inline(__always)
    private static func isPlain(_ raw: UInt64) -> Bool {
        raw >= 1 && raw <= 1 << 61
    }

    /// The date `offset` nanoseconds after `start`.
    func date(at offset: Int64) -> SchedulerTimeType {
        startDate.value.advanced(by: .nanoseconds(Int(offset)))
    }

    /// Where virtual time would be `nanoseconds` (`interval`) from now, as an
    /// offset and a date: clamped to the largest representable time (about
    /// 292 years after the start) rather than overflowing.
    func target(after interval: Stride, nanoseconds: Int64) -> (offset: Int64, date: SchedulerTimeType) {
        // The locked closure writes the date rather than return it in a
        // tuple, whose type metadata (a tuple of the generic date) would be
        // looked up on every call.
        var date = startDate.value
        let offset = state.withLock { state -> Int64 in
            let (offset, overflow) = state.elapsed.addingReportingOverflow(nanoseconds)
            if overflow {
                date = self.date(at: .max)
                return .max
            }
            date = currentDate(&state).advanced(by: interval)
            return offset
        }
        return (offset, date)
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
            state.queue.insert(due: state.elapsed, id: id, run: action)
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
        _ = enqueueOnce(at: date, action)
    }

    /// Schedules `action` to run when virtual time reaches `date`, then every
    /// `interval`, until the returned value is cancelled.
    ///
    /// A negative, zero or non-finite `interval` would repeat forever at one
    /// instant: it is reported as a test failure at the line that created the
    /// scheduler, and the action runs once.
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
        guard interval > .zero, let nanoseconds = StrideNanoseconds.finite(interval), nanoseconds > 0 else {
            reporter.report("VirtualScheduler.schedule(after:interval:): the interval must be a positive, finite time; "
                + "it was \(StrideNanoseconds.describe(interval)). The action was scheduled once, not repeated.")
            let id = enqueueOnce(at: date, action)
            return ScheduleCancellation(state: state, id: id)
        }
        let id = enqueue(at: date, interval: interval, nanoseconds: nanoseconds, action)
        return ScheduleCancellation(state: state, id: id)
    }

    // MARK: Scheduling internals

    /// Inserts the repeating schedule of `action`, first due at `date`, every
    /// `interval` (`nanoseconds`, above 0); it re-inserts itself each time it
    /// runs, under the same identifier and at the same
    /// place among ties (see ``insert(_:at:due:id:interval:nanoseconds:_:)``).
    ///
    /// Its parameters are plain values, not an optional or a tuple of the
    /// generic stride: those would cost a look-up of their type metadata on
    /// every call.
    private func enqueue(at date: SchedulerTimeType, interval: Stride, nanoseconds: Int64, _ action: @escaping () -> Void) -> UInt64 {
        // The date is kept with the action only when the clock cannot
        // compute it back from the due time.
        let (due, isExact) = offsetAndExactness(of: date)
        return state.withLock { state in
            let id = state.queue.makeID()
            if isExact && countsNanoseconds {
                state.queue.insert(due: due, id: id, interval: nanoseconds, repeats: true, run: action)
            } else {
                insert(&state, at: date, due: due, id: id, interval: interval, nanoseconds: nanoseconds, action)
            }
            return id
        }
    }

    /// Inserts `action` due at `date`, once: `enqueue` without an interval,
    /// so that no stride (`.zero`) is made, nor its type looked up, on the
    /// path of every `schedule(after:)`.
    private func enqueueOnce(at date: SchedulerTimeType, _ action: @escaping () -> Void) -> UInt64 {
        // The date is kept with the action only when the clock cannot
        // compute it back from the due time.
        let (due, isExact) = offsetAndExactness(of: date)
        // Made outside the lock, so that the locked closure captures no
        // value of the generic type (whose layout it would look up).
        let exact = isExact ? nil : Self.cell(date)
        return state.withLock { state in
            let id = state.queue.makeID()
            // A date at or before now never moves the clock: not kept.
            state.queue.insert(due: due, id: id, date: due <= state.elapsed ? nil : exact, run: action)
            return id
        }
    }

    /// A cell holding `date`. Not inlined: see
    /// `measuredOffsetAndExactness(of:)`.
    @inline(never)
    private static func cell(_ date: SchedulerTimeType) -> AnyObject {
        VirtualDate(date)
    }

    /// Inserts the next run of a repeating schedule whose dates are not whole
    /// nanoseconds (a `Date`'s): each run keeps its exact date.
    ///
    /// A repeating schedule runs like a real Dispatch or RunLoop timer: every
    /// `interval` from its first date, and each run keeps the schedule's
    /// place in the order of creation, so ties with later schedules run in
    /// creation order. A run that falls due late (the first date was already
    /// past) runs once, and the next run is the first one of that grid after
    /// the current time: missed runs are not played in a burst. A schedule
    /// ends when its next run would be past the largest representable time.
    private func insert(
        _ state: inout VirtualClockState, at date: SchedulerTimeType, due: Int64, id: UInt64,
        interval: Stride, nanoseconds: Int64, _ action: @escaping () -> Void
    ) {
        // unowned(unsafe): the queue's closures are only ever called by the
        // scheduler's own `runNextAction`, so the scheduler is alive whenever
        // one runs (a strong reference would be a cycle).
        let run = { [unowned(unsafe) self] in
            self.state.withLock { state in
                let current = max(state.elapsed, due)
                let next = ActionQueue.nextRun(after: due, every: nanoseconds, current: current)
                // At the end of representable time, a schedule cannot run
                // again later: it ends there.
                guard next > current else { return }
                let nextDate = next == ActionQueue.adding(due, nanoseconds)
                    ? date.advanced(by: interval) : self.date(at: next)
                insert(&state, at: nextDate, due: next, id: id, interval: interval, nanoseconds: nanoseconds, action)
            }
            runAction(at: date, due: due, action)
        }
        state.queue.insert(due: due, id: id, interval: nanoseconds, run: run)
    }

    /// Moves the clock to an action's due time (never backwards), then runs
    /// it outside the lock.
    private func runAction(at date: SchedulerTimeType, due: Int64, _ action: () -> Void) {
        state.withLock { state in
            if due > state.elapsed {
                currentDate.value = date
                state.dateIsCurrent = true
                state.elapsed = due
            }
        }
        action()
    }

    /// Schedules `action` at a time since the start (for scripted
    /// publishers and ``start(created:subscribed:cancelled:fileID:filePath:line:column:_:)``).
    func schedule(at time: VirtualTime, _ action: @escaping () -> Void) -> UInt64 {
        state.withLock { state in
            let id = state.queue.makeID()
            // Its date is the date of its due time: it is not kept.
            state.queue.insert(due: time.nanoseconds, id: id, run: action)
            return id
        }
    }

    /// Cancels the pending and future runs of a schedule.
    func cancelScheduled(_ id: UInt64) {
        state.withLock { $0.queue.cancel(id) }
    }

    // MARK: Moving time

    /// Runs the earliest action due at or before `limit` (nanoseconds since
    /// the start), if there is one. Returns false when there is none.
    ///
    /// The clock moves to the action's due time (never backwards) under the
    /// same lock that takes the action; the action runs outside the lock.
    func runNextAction(atOrBefore limit: Int64) -> Bool {
        // The action is written to a variable, not returned: a closure
        // returned through the lock's generic result would be wrapped in a
        // reabstraction thunk, allocated on every call.
        var action: (() -> Void)?
        state.withLock { state in
            var due: Int64 = 0
            var date: AnyObject?
            action = state.queue.popDue(atOrBefore: limit, elapsed: state.elapsed, due: &due, date: &date)
            if action != nil { moveClock(&state, toDue: due, exactDate: date) }
        }
        guard let action = consume action else { return false }
        action()
        return true
    }

    /// Moves the clock to the due time of an action just taken from the
    /// queue (never backwards), and to its exact date if it has one. Called
    /// under the lock.
    @inline(__always)
    private func moveClock(_ state: inout VirtualClockState, toDue due: Int64, exactDate: AnyObject?) {
        if due > state.elapsed {
            state.elapsed = due
            if let exactDate {
                setCurrentDate(from: exactDate)
                state.dateIsCurrent = true
            } else {
                state.dateIsCurrent = false
            }
        }
    }

    /// Makes the date in `exactDate` (a `VirtualDate`) the current date.
    /// Not inlined: see `measuredOffsetAndExactness(of:)`.
    @inline(never)
    private func setCurrentDate(from exactDate: AnyObject) {
        currentDate.value = unsafeDowncast(exactDate, to: VirtualDate<SchedulerTimeType>.self).value
    }

    /// Moves the clock to `date` without running anything, if it is later
    /// than now.
    func moveClock(to date: SchedulerTimeType) {
        let offset = offset(of: date)
        state.withLock { moveClock(&$0, to: offset, date: date) }
    }

    /// Moves the clock to `offset` (and its `date`), if that is not earlier
    /// than now.
    func moveClock(to offset: Int64, date: SchedulerTimeType) {
        state.withLock { moveClock(&$0, to: offset, date: date) }
    }

    func moveClock(_ state: inout VirtualClockState, to offset: Int64, date: SchedulerTimeType) {
        if offset >= state.elapsed {
            currentDate.value = date
            state.dateIsCurrent = true
            state.elapsed = offset
        }
    }

    /// Moves virtual time forward by `interval`, running every action that
    /// falls due meanwhile, in order, each at its own instant.
    ///
    /// `advance()` (by zero) runs the actions already due.
    ///
    /// A negative or non-finite interval is a test failure at the caller's
    /// line, and time does not move.
    ///
    /// - parameter interval: How far to move time.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func advance(
        by interval: Stride = .zero,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // Not `target(advancingBy:at:)`: an optional tuple of the generic
        // date would cost a look-up of its type metadata.
        guard let nanoseconds = nanoseconds(advancingBy: interval, at: site) else { return }
        let target = target(after: interval, nanoseconds: nanoseconds)
        advance(to: target.offset, date: target.date)
    }

    /// Where `advance(by: interval)` moves to; nil, after a test failure at
    /// `site`, when the interval is negative or not finite.
    func target(advancingBy interval: Stride, at site: CallSite) -> (offset: Int64, date: SchedulerTimeType)? {
        guard let nanoseconds = nanoseconds(advancingBy: interval, at: site) else { return nil }
        return target(after: interval, nanoseconds: nanoseconds)
    }

    /// The nanoseconds of `advance(by: interval)`; nil, after a test failure
    /// at `site`, when the interval is negative or not finite.
    func nanoseconds(advancingBy interval: Stride, at site: CallSite) -> Int64? {
        reporter.deliverPending()
        guard interval >= .zero, let nanoseconds = StrideNanoseconds.finite(interval) else {
            FailureReporter.fail("VirtualScheduler.advance(by: \(StrideNanoseconds.describe(interval))): the interval must be zero or positive, and finite; virtual time did not move (it is \(elapsed)).", at: site)
            return nil
        }
        return nanoseconds
    }

    /// Moves virtual time forward to `date`, running every action that falls
    /// due until then, in order, each at its own instant.
    ///
    /// A `date` before ``now`` is a test failure at the caller's line, and
    /// time does not move.
    ///
    /// - parameter date: The instant to move to.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func advance(
        to date: SchedulerTimeType,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let target = target(advancingTo: date, at: site) else { return }
        advance(to: target, date: date)
    }

    /// The offset of `date` for `advance(to: date)`; nil, after a test
    /// failure at `site`, when it is in the past.
    func target(advancingTo date: SchedulerTimeType, at site: CallSite) -> Int64? {
        reporter.deliverPending()
        let target = offset(of: date)
        let elapsed = state.withLock { $0.elapsed }
        guard target >= elapsed else {
            FailureReporter.fail("VirtualScheduler.advance(to:): \(VirtualTime(nanoseconds: target)) is in the past (virtual time is \(VirtualTime(nanoseconds: elapsed))); virtual time did not move.", at: site)
            return nil
        }
        return target
    }

    private func advance(to limit: Int64, date: SchedulerTimeType) {
        while runNextAction(atOrBefore: limit) {}
        moveClock(to: limit, date: date)
        reporter.deliverPending()
    }

    /// The default horizon of ``run(horizon:fileID:filePath:line:column:)``:
    /// one hour of virtual time.
    public static var defaultHorizon: Stride { .seconds(3600) }

    /// Runs every scheduled action, and those they schedule, until nothing is
    /// left, each at its own instant: all finite work is drained, however
    /// far in the future it falls due.
    ///
    /// Only endless work is bounded. A repeating schedule never runs out, so
    /// its runs stop at `horizon` from now; a chain of one-shot actions that
    /// keeps scheduling more work stops after ``maximumRunActions`` actions.
    /// Either way a test failure at the caller's line describes the work that
    /// is left: advance by a fixed time instead, or cancel it. When
    /// everything ran, ``now`` is the instant of the last action.
    ///
    /// - parameter horizon: How much virtual time repeating schedules may
    ///   run through; one hour by default. A timer that fires every
    ///   millisecond runs 3.6 million times in an hour: pass a shorter
    ///   horizon for such tests.
    /// - parameter fileID: The caller's file, for failures; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public func run(
        horizon: Stride = defaultHorizon,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        run(horizon: horizon, maximumActions: Self.maximumRunActions,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// `run(horizon:)`, with a bound on the actions a chain may run.
    func run(horizon: Stride, maximumActions: Int, site: CallSite) {
        guard var run = RunPlan(self, horizon: horizon, maximumActions: maximumActions, site: site) else { return }
        while run.step() {}
        reporter.deliverPending()
    }

    /// One `run()`: where its horizon ends, and how many actions it ran.
    struct RunPlan {
        let scheduler: VirtualScheduler
        let horizon: Int64
        /// Where the horizon ends, in nanoseconds since the start and as a
        /// date (two fields, not a tuple of the generic date, whose type
        /// metadata each step would look up).
        let endOffset: Int64
        let maximumActions: Int
        let site: CallSite
        var actions = 0
        /// Last: the fields before it are at offsets known when compiling,
        /// those after a generic field are looked up at run time.
        let endDate: SchedulerTimeType

        /// Nil, after a test failure at `site`, when the horizon is negative
        /// or not finite.
        init?(_ scheduler: VirtualScheduler, horizon: Stride, maximumActions: Int, site: CallSite) {
            scheduler.reporter.deliverPending()
            guard horizon >= .zero, let nanoseconds = StrideNanoseconds.finite(horizon) else {
                FailureReporter.fail("VirtualScheduler.run(horizon: \(StrideNanoseconds.describe(horizon))): the horizon must be zero or positive, and finite; nothing ran.", at: site)
                return nil
            }
            self.scheduler = scheduler
            self.horizon = nanoseconds
            let end = scheduler.target(after: horizon, nanoseconds: nanoseconds)
            endOffset = end.offset
            self.maximumActions = maximumActions
            self.site = site
            endDate = end.date
        }

        /// Runs the next action; false when the run is over (nothing left,
        /// or endless work stopped with a test failure).
        ///
        /// One lock round trip per action: the head is read, and taken when
        /// it runs, under the same lock.
        mutating func step() -> Bool {
            let scheduler = scheduler
            let endOffset = endOffset
            let isAtMaximum = actions >= maximumActions
            var stop: ActionQueue.Head?
            // Written, not returned: see `runNextAction(atOrBefore:)`.
            var action: (() -> Void)?
            scheduler.state.withLock { state in
                guard let head = state.queue.peek() else { return }
                if head.interval != nil && head.due > endOffset || isAtMaximum {
                    stop = head
                    return
                }
                var due: Int64 = 0
                var date: AnyObject?
                action = state.queue.popFirst(elapsed: state.elapsed, due: &due, date: &date)
                scheduler.moveClock(&state, toDue: due, exactDate: date)
            }
            if let action = consume action {
                action()
                actions += 1
                return true
            }
            guard let head = stop else { return false }
            return stopped(at: head)
        }

        /// Ends the run before `head`, with a test failure: a repeating
        /// schedule past the horizon, or a chain at its maximum of actions.
        /// Not inlined: its temporaries of the generic types would make
        /// `step()` look their type metadata up on every action.
        @inline(never)
        private func stopped(at head: ActionQueue.Head) -> Bool {
            if let interval = head.interval, head.due > endOffset {
                scheduler.moveClock(to: endOffset, date: endDate)
                scheduler.reporter.deliverPending()
                let pending = scheduler.pendingActionCount
                FailureReporter.fail(
                    "VirtualScheduler.run() stopped at its horizon of \(VirtualTime(nanoseconds: horizon)) of virtual time "
                    + "(virtual time is now \(scheduler.elapsed)): a repeating schedule, every \(VirtualTime(nanoseconds: interval)), "
                    + "is due again at \(VirtualTime(nanoseconds: head.due)), and never runs out "
                    + "(\(pending) action\(pending == 1 ? "" : "s") still scheduled). "
                    + "Advance by a fixed time instead, cancel the repeating schedule, or pass a larger horizon.",
                    at: site)
                return false
            }
            // Stopped with the head in place: the chain ran its maximum.
            scheduler.reporter.deliverPending()
            FailureReporter.fail(
                "VirtualScheduler.run() stopped after running \(actions) actions (virtual time is now \(scheduler.elapsed)): "
                + "the scheduled work keeps scheduling more, and the next action is due at \(VirtualTime(nanoseconds: head.due)). "
                + "Advance by a fixed time instead, or end the chain.",
                at: site)
            return false
        }
    }

    /// How many actions ``run(horizon:fileID:filePath:line:column:)`` runs at
    /// most: a chain of one-shot actions that keeps scheduling more work
    /// would otherwise never end.
    public static var maximumRunActions: Int { 10_000_000 }

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
