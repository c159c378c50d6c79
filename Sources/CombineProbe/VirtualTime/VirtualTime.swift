/// A span of virtual time, with nanosecond precision: how long after a
/// ``VirtualScheduler`` started something happened, or how long something
/// lasts.
///
/// ```swift
/// let recorder = scheduler.start { search.results }
/// XCTAssertRecordedTimeline(recorder, [.value(["swift"], at: .milliseconds(300))])
/// ```
///
/// Virtual times describe themselves the way a test reads them: `0s`,
/// `300ms`, `1.5s`, `250µs`, `7ns`.
public struct VirtualTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number of nanoseconds.
    public var nanoseconds: Int64

    /// A virtual time of `nanoseconds` nanoseconds.
    ///
    /// - parameter nanoseconds: The number of nanoseconds.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// No time at all: the instant a virtual scheduler starts.
    public static let zero = VirtualTime(nanoseconds: 0)

    /// A whole number of seconds.
    ///
    /// - parameter value: The number of seconds.
    public static func seconds(_ value: Int) -> VirtualTime {
        VirtualTime(nanoseconds: clampedProduct(value, 1_000_000_000))
    }

    /// A number of seconds, rounded to the nearest nanosecond. A value that
    /// is not finite is clamped to the largest (or smallest) representable
    /// time.
    ///
    /// - parameter value: The number of seconds.
    public static func seconds(_ value: Double) -> VirtualTime {
        let nanoseconds = (value * 1_000_000_000).rounded()
        if nanoseconds.isNaN { return .zero }
        if nanoseconds >= Double(Int64.max) { return VirtualTime(nanoseconds: .max) }
        if nanoseconds <= Double(Int64.min) { return VirtualTime(nanoseconds: .min) }
        return VirtualTime(nanoseconds: Int64(nanoseconds))
    }

    /// A number of milliseconds.
    ///
    /// - parameter value: The number of milliseconds.
    public static func milliseconds(_ value: Int) -> VirtualTime {
        VirtualTime(nanoseconds: clampedProduct(value, 1_000_000))
    }

    /// A number of microseconds.
    ///
    /// - parameter value: The number of microseconds.
    public static func microseconds(_ value: Int) -> VirtualTime {
        VirtualTime(nanoseconds: clampedProduct(value, 1_000))
    }

    /// A number of nanoseconds.
    ///
    /// - parameter value: The number of nanoseconds.
    public static func nanoseconds(_ value: Int) -> VirtualTime {
        VirtualTime(nanoseconds: Int64(value))
    }

    /// The time in seconds.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    /// Compares two virtual times.
    ///
    /// - parameter lhs: A value.
    /// - parameter rhs: Another value.
    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The sum of two virtual times, clamped to the representable range.
    ///
    /// - parameter lhs: A value.
    /// - parameter rhs: Another value.
    public static func + (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
        if overflow { return VirtualTime(nanoseconds: rhs.nanoseconds > 0 ? .max : .min) }
        return VirtualTime(nanoseconds: sum)
    }

    /// The difference of two virtual times, clamped to the representable
    /// range.
    ///
    /// - parameter lhs: A value.
    /// - parameter rhs: Another value.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
        if overflow { return VirtualTime(nanoseconds: rhs.nanoseconds < 0 ? .max : .min) }
        return VirtualTime(nanoseconds: difference)
    }

    /// `0s`, `300ms`, `1.5s`, `250µs`, `7ns`: the largest unit in which the
    /// time is at least 1, exact to the nanosecond (one day and one
    /// nanosecond is `86400.000000001s`), trailing zeros removed.
    public var description: String {
        let magnitude = nanoseconds.magnitude
        let sign = nanoseconds < 0 ? "-" : ""
        if magnitude == 0 { return "0s" }
        if magnitude >= 1_000_000_000 { return sign + Self.format(magnitude, unit: 1_000_000_000, digits: 9) + "s" }
        if magnitude >= 1_000_000 { return sign + Self.format(magnitude, unit: 1_000_000, digits: 6) + "ms" }
        if magnitude >= 1_000 { return sign + Self.format(magnitude, unit: 1_000, digits: 3) + "µs" }
        return sign + "\(magnitude)ns"
    }

    /// `magnitude / unit`, with every decimal the remainder needs.
    private static func format(_ magnitude: UInt64, unit: UInt64, digits: Int) -> String {
        let whole = magnitude / unit
        let remainder = magnitude % unit
        guard remainder > 0 else { return "\(whole)" }
        var decimals = String(remainder)
        decimals = String(repeating: "0", count: digits - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(whole).\(decimals)"
    }

    private static func clampedProduct(_ value: Int, _ factor: Int64) -> Int64 {
        let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
        if overflow { return value > 0 ? .max : .min }
        return product
    }
}
