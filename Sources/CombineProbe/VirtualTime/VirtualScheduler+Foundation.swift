import Foundation

// The ready-made virtual schedulers for DispatchQueue, RunLoop and
// OperationQueue.
//
// On OpenCombine their types are spelled with the `OCombine` schedulers, which
// always exist (see Support/FoundationSchedulers.swift): a user's module named
// Combine can remove `DispatchQueue: Scheduler`, but not these. Whenever the
// conformances exist, `VirtualSchedulerOf<DispatchQueue.OCombine>` and
// `VirtualSchedulerOf<DispatchQueue>` are one and the same type.

#if COMBINEPROBE_OPENCOMBINE
extension DispatchQueue {
    /// A virtual scheduler with `DispatchQueue`'s time and options types, for
    /// code that takes a `DispatchQueue` scheduler.
    ///
    /// Its type, `VirtualSchedulerOf<DispatchQueue.OCombine>`, is
    /// `VirtualSchedulerOf<DispatchQueue>`; write the former in a project
    /// with a module of its own named Combine, where OpenCombine leaves
    /// `DispatchQueue` without its `Scheduler` conformance (see the pitfalls
    /// guide).
    ///
    /// - parameter actionContext: Where the scheduler runs its actions: on
    ///   the thread that moves time (the default), or `.mainActor`, as the
    ///   main queue, run loop or operation queue it stands for does (see
    ///   ``VirtualActionContext``).
    /// - parameter fileID: Where the scheduler's own failures are reported;
    ///   leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A new virtual scheduler at virtual time zero.
    public static func virtualScheduler(
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> VirtualSchedulerOf<DispatchQueue.OCombine> {
        dispatchQueueVirtualScheduler(actionsOn: actionContext, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension RunLoop {
    /// A virtual scheduler with `RunLoop`'s time and options types, for code
    /// that takes a `RunLoop` scheduler.
    ///
    /// Its type, `VirtualSchedulerOf<RunLoop.OCombine>`, is
    /// `VirtualSchedulerOf<RunLoop>`; write the former in a project with a
    /// module of its own named Combine (see the pitfalls guide).
    ///
    /// - parameter actionContext: Where the scheduler runs its actions: on
    ///   the thread that moves time (the default), or `.mainActor`, as the
    ///   main queue, run loop or operation queue it stands for does (see
    ///   ``VirtualActionContext``).
    /// - parameter fileID: Where the scheduler's own failures are reported;
    ///   leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A new virtual scheduler at virtual time zero.
    public static func virtualScheduler(
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> VirtualSchedulerOf<RunLoop.OCombine> {
        runLoopVirtualScheduler(actionsOn: actionContext, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension OperationQueue {
    /// A virtual scheduler with `OperationQueue`'s time and options types,
    /// for code that takes an `OperationQueue` scheduler.
    ///
    /// Its type, `VirtualSchedulerOf<OperationQueue.OCombine>`, is
    /// `VirtualSchedulerOf<OperationQueue>`; write the former in a project
    /// with a module of its own named Combine (see the pitfalls guide).
    ///
    /// - parameter actionContext: Where the scheduler runs its actions: on
    ///   the thread that moves time (the default), or `.mainActor`, as the
    ///   main queue, run loop or operation queue it stands for does (see
    ///   ``VirtualActionContext``).
    /// - parameter fileID: Where the scheduler's own failures are reported;
    ///   leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A new virtual scheduler at virtual time zero.
    public static func virtualScheduler(
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> VirtualSchedulerOf<OperationQueue.OCombine> {
        operationQueueVirtualScheduler(actionsOn: actionContext, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
#else
extension DispatchQueue {
    /// A virtual scheduler with `DispatchQueue`'s time and options types, for
    /// code that takes a `DispatchQueue` scheduler.
    ///
    /// - parameter actionContext: Where the scheduler runs its actions: on
    ///   the thread that moves time (the default), or `.mainActor`, as the
    ///   main queue, run loop or operation queue it stands for does (see
    ///   ``VirtualActionContext``).
    /// - parameter fileID: Where the scheduler's own failures are reported;
    ///   leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A new virtual scheduler at virtual time zero.
    public static func virtualScheduler(
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> VirtualSchedulerOf<DispatchQueue> {
        dispatchQueueVirtualScheduler(actionsOn: actionContext, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension RunLoop {
    /// A virtual scheduler with `RunLoop`'s time and options types, for code
    /// that takes a `RunLoop` scheduler.
    ///
    /// - parameter actionContext: Where the scheduler runs its actions: on
    ///   the thread that moves time (the default), or `.mainActor`, as the
    ///   main queue, run loop or operation queue it stands for does (see
    ///   ``VirtualActionContext``).
    /// - parameter fileID: Where the scheduler's own failures are reported;
    ///   leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A new virtual scheduler at virtual time zero.
    public static func virtualScheduler(
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> VirtualSchedulerOf<RunLoop> {
        runLoopVirtualScheduler(actionsOn: actionContext, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension OperationQueue {
    /// A virtual scheduler with `OperationQueue`'s time and options types,
    /// for code that takes an `OperationQueue` scheduler.
    ///
    /// - parameter actionContext: Where the scheduler runs its actions: on
    ///   the thread that moves time (the default), or `.mainActor`, as the
    ///   main queue, run loop or operation queue it stands for does (see
    ///   ``VirtualActionContext``).
    /// - parameter fileID: Where the scheduler's own failures are reported;
    ///   leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: A new virtual scheduler at virtual time zero.
    public static func virtualScheduler(
        actionsOn actionContext: VirtualActionContext = .caller,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> VirtualSchedulerOf<OperationQueue> {
        operationQueueVirtualScheduler(actionsOn: actionContext, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
#endif

/// DispatchTime(uptimeNanoseconds: 0) means "now": the virtual clock starts
/// one nanosecond later.
private func dispatchQueueVirtualScheduler(actionsOn actionContext: VirtualActionContext, at site: CallSite) -> VirtualSchedulerOf<DispatchQueueScheduling> {
    VirtualScheduler(
        now: DispatchQueueScheduling.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)),
        actionsOn: actionContext, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}

private func runLoopVirtualScheduler(actionsOn actionContext: VirtualActionContext, at site: CallSite) -> VirtualSchedulerOf<RunLoopScheduling> {
    VirtualScheduler(
        now: RunLoopScheduling.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)),
        actionsOn: actionContext, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}

private func operationQueueVirtualScheduler(actionsOn actionContext: VirtualActionContext, at site: CallSite) -> VirtualSchedulerOf<OperationQueueScheduling> {
    VirtualScheduler(
        now: OperationQueueScheduling.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)),
        actionsOn: actionContext, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}
