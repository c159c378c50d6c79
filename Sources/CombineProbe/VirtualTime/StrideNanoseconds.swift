import Foundation

/// Converts a scheduler's stride to nanoseconds, so that a
/// ``VirtualScheduler`` orders its actions by plain integers and describes
/// times in a readable unit.
///
/// The strides of `DispatchQueue`, `RunLoop` and `OperationQueue` are
/// recognized by type, at the cost of a type comparison; any other stride is
/// measured exactly by a binary search over `.nanoseconds(_:)`. (On
/// OpenCombine, the three are named through their `OCombine` schedulers: see
/// FoundationSchedulers.swift.)
enum StrideNanoseconds {
    static func of<Stride: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(_ stride: Stride) -> Int64 {
        if Stride.self == DispatchQueueScheduling.SchedulerTimeType.Stride.self {
            return Int64(unsafeBitCast(stride, to: DispatchQueueScheduling.SchedulerTimeType.Stride.self).magnitude)
        }
        if Stride.self == RunLoopScheduling.SchedulerTimeType.Stride.self {
            return fromSeconds(unsafeBitCast(stride, to: RunLoopScheduling.SchedulerTimeType.Stride.self).timeInterval)
        }
        if Stride.self == OperationQueueScheduling.SchedulerTimeType.Stride.self {
            return fromSeconds(unsafeBitCast(stride, to: OperationQueueScheduling.SchedulerTimeType.Stride.self).timeInterval)
        }
        return bySearch(stride)
    }

    /// Whether strides of this type count whole nanoseconds (`DispatchQueue`'s),
    /// so that a date advanced by a stride is the date advanced by its
    /// nanoseconds.
    static func countsNanoseconds<Stride>(_ type: Stride.Type) -> Bool {
        type == DispatchQueueScheduling.SchedulerTimeType.Stride.self
    }

    /// Seconds as nanoseconds, rounded and clamped; NaN is zero.
    static func fromSeconds(_ seconds: Double) -> Int64 {
        VirtualTime.seconds(seconds).nanoseconds
    }

    /// The stride in nanoseconds when it is usable as a duration; nil when
    /// it is NaN or infinite.
    ///
    /// `DispatchQueue`'s stride counts whole nanoseconds and clamps what it
    /// cannot hold (`.seconds(.infinity)`, `.seconds(Int.max)`,
    /// `DispatchTimeInterval.never`) to its extremes, which its own
    /// `advanced(by:)` reads as "never": those extremes are not finite here
    /// either. Finite strides beyond what 64-bit nanoseconds hold (about 292
    /// years) are clamped. No arithmetic is done on the stride itself, so
    /// nothing here can overflow.
    static func finite<Stride: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(_ stride: Stride) -> Int64? {
        if stride != stride { return nil } // NaN
        if Stride.self == DispatchQueueScheduling.SchedulerTimeType.Stride.self {
            let nanoseconds = Int64(unsafeBitCast(stride, to: DispatchQueueScheduling.SchedulerTimeType.Stride.self).magnitude)
            return nanoseconds == .max || nanoseconds == .min ? nil : nanoseconds
        }
        if Stride.self == RunLoopScheduling.SchedulerTimeType.Stride.self {
            return finiteSeconds(unsafeBitCast(stride, to: RunLoopScheduling.SchedulerTimeType.Stride.self).timeInterval)
        }
        if Stride.self == OperationQueueScheduling.SchedulerTimeType.Stride.self {
            return finiteSeconds(unsafeBitCast(stride, to: OperationQueueScheduling.SchedulerTimeType.Stride.self).timeInterval)
        }
        return bySearch(stride)
    }

    /// A stride as failure messages print it: a virtual time (`-500ms`,
    /// `1.5s`), or `infinity`, `-infinity`, `NaN`.
    static func describe<Stride: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(_ stride: Stride) -> String {
        if stride != stride { return "NaN" }
        if let nanoseconds = finite(stride) { return VirtualTime(nanoseconds: nanoseconds).description }
        return stride < .zero ? "-infinity" : "infinity"
    }

    private static func finiteSeconds(_ seconds: Double) -> Int64? {
        seconds.isFinite ? fromSeconds(seconds) : nil
    }

    /// The largest n such that `.nanoseconds(n) <= stride`, for strides of
    /// types this file does not know.
    private static func bySearch<Stride: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(_ stride: Stride) -> Int64 {
        if stride < .zero { return -bySearch(-stride) }
        var low = 0, high = Int(Int32.max)
        while Stride.nanoseconds(high) <= stride && high < Int.max / 4 { high *= 4 }
        while low < high {
            let middle = low + (high - low + 1) / 2
            if Stride.nanoseconds(middle) <= stride { low = middle } else { high = middle - 1 }
        }
        return Int64(low)
    }
}
