import Foundation

// The date arithmetic of a virtual scheduler: offsets in nanoseconds from
// its start, the dates they stand for, and the fast path for DispatchQueue's
// plain dispatch times.

extension VirtualScheduler {
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
    func offsetAndExactness(of date: SchedulerTimeType) -> (offset: Int64, isExact: Bool) {
        if let offset = plainOffset(of: date) { return (offset, true) }
        return measuredOffsetAndExactness(of: date)
    }

    /// `offsetAndExactness(of:)` through the time type's own arithmetic.
    /// Not inlined: its temporaries of the generic types would make every
    /// caller look their type metadata up on entry, fast path or not.
    @inline(never)
    func measuredOffsetAndExactness(of date: SchedulerTimeType) -> (offset: Int64, isExact: Bool) {
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
    func plainOffset(of date: SchedulerTimeType) -> Int64? {
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
    static func plainDispatchTime(of date: SchedulerTimeType) -> UInt64? {
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
    static func isPlain(_ raw: UInt64) -> Bool {
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
}
