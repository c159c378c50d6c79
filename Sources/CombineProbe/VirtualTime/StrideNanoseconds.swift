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

    /// Seconds as nanoseconds, rounded and clamped; NaN is zero.
    static func fromSeconds(_ seconds: Double) -> Int64 {
        VirtualTime.seconds(seconds).nanoseconds
    }

    /// Whether a stride is usable as a duration: not NaN, not infinite.
    static func isFinite<Stride: SchedulerTimeIntervalConvertible & Comparable & SignedNumeric>(_ stride: Stride) -> Bool {
        if stride != stride { return false }                    // NaN
        if stride != .zero && stride + stride == stride { return false } // ±infinity
        return true
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
