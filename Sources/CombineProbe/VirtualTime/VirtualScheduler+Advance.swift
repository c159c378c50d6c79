import Foundation

// Moving a virtual scheduler's time from synchronous code: `advance(by:)`,
// `advance(to:)` and `run(horizon:)`.

extension VirtualScheduler {
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
        var plan = AdvancePlan(self, by: interval, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        drive(&plan, "advance(by:)", at: plan.site)
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
        var plan = AdvancePlan(self, to: date, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        drive(&plan, "advance(to:)", at: plan.site)
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

    /// The default horizon of ``run(horizon:fileID:filePath:line:column:)``:
    /// one hour of virtual time.
    public static var defaultHorizon: Stride { .seconds(3600) }

    /// Runs every scheduled action, and those they schedule, until nothing is
    /// left, each at its own instant: all finite work is drained, however
    /// far in the future it falls due.
    ///
    /// Only endless work is bounded. A repeating schedule never runs out, so
    /// its runs stop at `horizon` from now. A chain of one-shot actions
    /// scheduled during the run — a task sleeping in a loop, an action that
    /// schedules itself again — stops at `horizon` past the later of now and
    /// the last one-shot action pending when the run started, and a chain at
    /// one instant after ``maximumRunActions`` actions. Either way a test
    /// failure at the caller's line describes the work that is left: advance
    /// by a fixed time instead, or end it. When everything ran, ``now`` is
    /// the instant of the last action.
    ///
    /// - parameter horizon: How much virtual time endless work may run
    ///   through; one hour by default. A timer that fires every
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        run(horizon: horizon, maximumActions: Self.maximumRunActions, site: site)
    }

    /// `run(horizon:)`, with a bound on the actions a chain may run.
    func run(horizon: Stride, maximumActions: Int, site: CallSite) {
        var plan = RunPlan(self, horizon: horizon, maximumActions: maximumActions, at: site)
        drive(&plan, "run()", at: site)
    }

    /// How many actions ``run(horizon:fileID:filePath:line:column:)`` runs at
    /// most: a chain of one-shot actions that keeps scheduling more work
    /// would otherwise never end.
    public static var maximumRunActions: Int { 10_000_000 }
}
