import Foundation

// The scheduler types of DispatchQueue, RunLoop and OperationQueue, spelled so
// that they exist in every build.
//
// On OpenCombine, `DispatchQueue: Scheduler` (and RunLoop's and
// OperationQueue's) is declared by OpenCombineDispatch and
// OpenCombineFoundation under `#if !canImport(Combine)`: a user's module named
// Combine, compiled before them, removes those conformances and the
// `SchedulerTimeType`/`SchedulerOptions` type aliases with them. Their
// `DispatchQueue.OCombine`, `RunLoop.OCombine` and `OperationQueue.OCombine`
// schedulers are unconditional, and when the conformances exist,
// `DispatchQueue.SchedulerTimeType` is `DispatchQueue.OCombine.SchedulerTimeType`
// (the same for options and for the other two): the library names them.

#if COMBINEPROBE_OPENCOMBINE
/// `DispatchQueue`'s scheduler types: `DispatchQueue.OCombine` on OpenCombine.
typealias DispatchQueueScheduling = DispatchQueue.OCombine
/// `RunLoop`'s scheduler types: `RunLoop.OCombine` on OpenCombine.
typealias RunLoopScheduling = RunLoop.OCombine
/// `OperationQueue`'s scheduler types: `OperationQueue.OCombine` on OpenCombine.
typealias OperationQueueScheduling = OperationQueue.OCombine
#else
/// `DispatchQueue`'s scheduler types.
typealias DispatchQueueScheduling = DispatchQueue
/// `RunLoop`'s scheduler types.
typealias RunLoopScheduling = RunLoop
/// `OperationQueue`'s scheduler types.
typealias OperationQueueScheduling = OperationQueue
#endif
