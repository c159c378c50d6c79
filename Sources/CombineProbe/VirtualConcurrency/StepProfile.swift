/// What the moves of time cost on their way, counted process-wide, for the
/// benchmarks (`CombineProbeBenchmarks --step-profile`): the path of a step
/// as issue 41 measures it — hops between isolations, round trips through
/// the main queue, real-time timers armed.
///
/// ```swift
/// @_spi(Benchmarks) import CombineProbe
///
/// _ = StepProfile.take()
/// await scheduler.advance(by: .seconds(1))
/// print(StepProfile.take()) // hops 3, round trips 9, timers 0
/// ```
///
/// The counts cost one lock each; a step counts a handful.
@_spi(Benchmarks)
public enum StepProfile {
    /// The counts since the last ``take()``.
    public struct Counts: Sendable, Equatable, CustomStringConvertible {
        /// Isolation changes on a step's path: into the main actor and back
        /// for a main-actor scheduler's async step, a step resumed after
        /// each wait for quiescence, an action handed to the main actor.
        public var hops = 0
        /// Round trips through the main queue, by the world's executor
        /// (quiescence, and the settling of an explored schedule).
        public var roundTrips = 0
        /// Real-time timers armed: the world's watchdog (once per grace
        /// period for a run of steps, not once per wait for quiescence), a
        /// timer tick's grace, the hold limit of new tasks, an async wait's
        /// timeout.
        public var timers = 0

        /// `hops 2, round trips 3, timers 1`.
        public var description: String { "hops \(hops), round trips \(roundTrips), timers \(timers)" }
    }

    private static let counts = Locked(Counts())

    /// The counts since the last call, and a new count from zero.
    public static func take() -> Counts {
        counts.withLock { counts in
            defer { counts = Counts() }
            return counts
        }
    }

    static func hop(_ count: Int = 1) {
        counts.withLock { $0.hops += count }
    }

    static func roundTrip() {
        counts.withLock { $0.roundTrips += 1 }
    }

    static func timer() {
        counts.withLock { $0.timers += 1 }
    }
}
