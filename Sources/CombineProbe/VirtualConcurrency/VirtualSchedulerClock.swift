/// A `Clock` whose time is a ``VirtualScheduler``'s: the same queue of
/// scheduled work and the same `now`, so that `Task.sleep(for:clock:)` and
/// `clock.sleep(for:)` move in step with `debounce(for:scheduler:)`.
///
/// Get one from ``VirtualScheduler/clock``, and inject it where the code
/// under test takes `any Clock<Duration>`:
///
/// ```swift
/// let scheduler = DispatchQueue.virtualScheduler()
/// let clock = scheduler.clock
/// let sleeper = Task(executorPreference: scheduler.executor) {
///     try await clock.sleep(for: .seconds(1))
///     return "woke"
/// }
/// await scheduler.advance(by: .seconds(1))
/// let woke = try await sleeper.value // "woke", at virtual time 1s
/// ```
///
/// - A sleep falls due when the scheduler's time reaches its deadline, in
///   the same order as the scheduler's other work; a deadline that is not
///   after `now` returns at once, as real clocks do.
/// - Cancelling a sleeping task throws `CancellationError` at once, and
///   removes its wake-up from the scheduler.
/// - Instants are exact to the nanosecond, counted from the scheduler's
///   start.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct VirtualSchedulerClock: Clock, Sendable {
    /// A point in the scheduler's virtual time: how long after its start.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the scheduler's start.
        public var offset: Duration

        /// An instant `offset` after the scheduler's start.
        ///
        /// - parameter offset: The time since the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        ///
        /// - parameter duration: How much later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        ///
        /// - parameter other: Another instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - parameter lhs: An instant.
        /// - parameter rhs: Another instant.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The time since the start, as virtual times print: `1.5s`.
        public var description: String {
            VirtualTime(duration: offset).description
        }
    }

    let source: any VirtualClock

    init(source: any VirtualClock) {
        self.source = source
    }

    /// The scheduler's current virtual time.
    public var now: Instant {
        Instant(offset: .nanoseconds(source.elapsed.nanoseconds))
    }

    /// One nanosecond: virtual time is kept to the nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends until the scheduler's time reaches `deadline`.
    ///
    /// - parameter deadline: When to wake up.
    /// - parameter tolerance: Ignored: virtual sleeps end exactly on time.
    /// - throws: `CancellationError` if the task is cancelled before the
    ///   deadline, or was already.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await VirtualSleep.sleep(until: VirtualTime(duration: deadline.offset), on: source)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension VirtualScheduler {
    /// A `Clock` in this scheduler's virtual time: it shares the queue of
    /// scheduled work and `now` (see ``VirtualSchedulerClock``).
    public var clock: VirtualSchedulerClock {
        clockTaken.withLock { $0 = true }
        return VirtualSchedulerClock(source: self)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension VirtualTime {
    /// A duration as a virtual time, rounded down to the nanosecond and
    /// clamped to the representable range.
    ///
    /// - parameter duration: The duration.
    public init(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow {
            self.init(nanoseconds: seconds > 0 ? .max : .min)
            return
        }
        self = VirtualTime(nanoseconds: whole) + VirtualTime(nanoseconds: attoseconds / 1_000_000_000)
    }

    /// The virtual time as a `Duration`.
    public var duration: Duration {
        .nanoseconds(nanoseconds)
    }
}
