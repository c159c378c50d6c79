@testable import CombineProbe
import Foundation

/// The `DispatchQueue` dates a virtual scheduler reads from their raw
/// dispatch times (its fast path, on Linux) and those it measures through
/// the time type (its general path), on both sides of the edge between
/// them: every action scheduled at such a date runs with ``now`` exactly
/// that date, and ``elapsed`` the distance the time type itself measures.
enum DispatchDateRoundTrip {
    /// The edge of the fast path: raw dispatch times up to 2^61.
    static let edge: UInt64 = 1 << 61

    /// The starts and dates tried: small ones, around the edge, and the
    /// end of dispatch time.
    static let instants: [DispatchTime] = [
        1, 2, 1_000, edge - 1_000, edge - 1, edge, edge + 1, edge + 1_000, (1 << 62) - 1,
    ].map { DispatchTime(uptimeNanoseconds: $0) } + [.distantFuture]

    /// Describes every action, for a scheduler started at each of
    /// ``instants``, that ran at another date or elapsed time than the
    /// one it was scheduled at; empty when all of them ran exactly.
    static func mismatches() -> [String] {
        var mismatches: [String] = []
        for start in instants {
            let startDate = DispatchQueue.SchedulerTimeType(start)
            let scheduler = VirtualSchedulerOf<DispatchQueue>(now: startDate)
            for target in instants where target >= start {
                let date = DispatchQueue.SchedulerTimeType(target)
                let expected = VirtualTime(nanoseconds: StrideNanoseconds.of(startDate.distance(to: date)))
                scheduler.schedule(after: date) {
                    if scheduler.now != date || scheduler.elapsed != expected {
                        mismatches.append("start \(start.rawValue), date \(target.rawValue): now \(scheduler.now.dispatchTime.rawValue), "
                            + "elapsed \(scheduler.elapsed) (expected \(date.dispatchTime.rawValue), \(expected))")
                    }
                }
            }
            scheduler.run()
            if scheduler.pendingActionCount != 0 {
                mismatches.append("start \(start.rawValue): \(scheduler.pendingActionCount) actions did not run")
            }
        }
        return mismatches
    }
}
