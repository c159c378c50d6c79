import Foundation

/// Settings that apply to every wait and recorder: process-wide, and
/// overridden for one test, one suite or one XCTestCase class.
///
/// ```swift
/// // In a test target's setup, or before the tests run:
/// ProbeSettings.defaultTimeout = 2
/// ```
///
/// On a slow CI machine, set the `COMBINEPROBE_TIMEOUT_MULTIPLIER`
/// environment variable (for example to `3`) instead of editing tests: every
/// timeout, given or default, is multiplied by it.
///
/// For one test or suite, without touching the others that run in parallel,
/// use the `.probeSettings(…)` Swift Testing trait (Swift 6.1 or later),
/// ``withOverrides(_:operation:)``, or, in XCTest, a ``ProbeTestCase``
/// subclass. The overrides are task-local: parallel tests never see each
/// other's.
public enum ProbeSettings {
    /// The name of the environment variable read by ``timeoutMultiplier``.
    public static let timeoutMultiplierVariable = "COMBINEPROBE_TIMEOUT_MULTIPLIER"

    private static let storage = Locked(
        (defaultTimeout: 5.0 as TimeInterval, timeoutMultiplier: multiplierFromEnvironment()))

    /// The timeout of a wait that is given none, in seconds, before the
    /// ``timeoutMultiplier`` applies. 5 seconds unless changed.
    public static var defaultTimeout: TimeInterval {
        get { storage.withLock { $0.defaultTimeout } }
        set { storage.withLock { $0.defaultTimeout = max(0, newValue) } }
    }

    /// The factor every timeout is multiplied by: the value of the
    /// `COMBINEPROBE_TIMEOUT_MULTIPLIER` environment variable when it is a
    /// positive number, 1 otherwise.
    public static var timeoutMultiplier: Double {
        get { storage.withLock { $0.timeoutMultiplier } }
        set { storage.withLock { $0.timeoutMultiplier = newValue > 0 ? newValue : 1 } }
    }

    /// The timeout a wait actually uses.
    static func effectiveTimeout(_ timeout: TimeInterval?) -> TimeInterval {
        let settings = current
        return effectiveTimeout(timeout, defaultTimeout: settings.defaultTimeout, multiplier: settings.timeoutMultiplier)
    }

    static func effectiveTimeout(_ timeout: TimeInterval?, defaultTimeout: TimeInterval, multiplier: Double) -> TimeInterval {
        max(0, timeout ?? defaultTimeout) * multiplier
    }

    private static func multiplierFromEnvironment() -> Double {
        multiplier(from: ProcessInfo.processInfo.environment)
    }

    /// The multiplier an environment asks for: a positive finite number, or 1.
    static func multiplier(from environment: [String: String]) -> Double {
        guard let text = environment[timeoutMultiplierVariable],
              let value = Double(text.trimmingCharacters(in: .whitespaces)), value > 0, value.isFinite
        else { return 1 }
        return value
    }

    // MARK: Scoped overrides

    /// Whether recorders are exhaustive unless they say otherwise: false
    /// unless changed. See <doc:ExhaustiveTests>.
    public static var exhaustive: Bool {
        get { exhaustiveStorage.withLock { $0 } }
        set { exhaustiveStorage.withLock { $0 = newValue } }
    }

    private static let exhaustiveStorage = Locked(false)

    /// Settings that override the process-wide ones in a scope; nil leaves a
    /// setting as it is.
    public struct Overrides: Sendable, Equatable {
        /// The default timeout, in seconds.
        public var defaultTimeout: TimeInterval?
        /// The factor every timeout is multiplied by.
        public var timeoutMultiplier: Double?
        /// Whether recorders are exhaustive unless they say otherwise.
        public var exhaustive: Bool?
        /// Whether the tasks the scope's code starts — `Task { }`,
        /// `Task.detached { }`, the tasks an operator starts on its own —
        /// join the virtual world of the first ``VirtualScheduler`` whose
        /// ``VirtualScheduler/executor`` the scope makes: they run on that
        /// executor, in virtual time, ordered and explored with its other
        /// work. Off unless set (an exploration's body has it on). See
        /// <doc:TestingTime>, "Tasks that join the virtual world".
        public var joinsTasks: Bool?

        /// Overrides of the given settings.
        ///
        /// - parameter defaultTimeout: The default timeout, in seconds.
        /// - parameter timeoutMultiplier: The factor every timeout is
        ///   multiplied by.
        /// - parameter exhaustive: Whether recorders are exhaustive unless
        ///   they say otherwise.
        /// - parameter joinsTasks: Whether the tasks the scope's code starts
        ///   join its virtual world.
        public init(
            defaultTimeout: TimeInterval? = nil, timeoutMultiplier: Double? = nil, exhaustive: Bool? = nil,
            joinsTasks: Bool? = nil
        ) {
            self.defaultTimeout = defaultTimeout
            self.timeoutMultiplier = timeoutMultiplier
            self.exhaustive = exhaustive
            self.joinsTasks = joinsTasks
        }

        /// These overrides, with `inner`'s where it sets them.
        func merging(_ inner: Overrides) -> Overrides {
            Overrides(
                defaultTimeout: inner.defaultTimeout ?? defaultTimeout,
                timeoutMultiplier: inner.timeoutMultiplier ?? timeoutMultiplier,
                exhaustive: inner.exhaustive ?? exhaustive,
                joinsTasks: inner.joinsTasks ?? joinsTasks)
        }
    }

    /// The settings in force here.
    public struct Values: Sendable, Equatable {
        /// The default timeout, in seconds.
        public var defaultTimeout: TimeInterval
        /// The factor every timeout is multiplied by.
        public var timeoutMultiplier: Double
        /// Whether recorders are exhaustive unless they say otherwise.
        public var exhaustive: Bool
    }

    /// The settings in force for the current test: the process-wide ones,
    /// with the overrides of the enclosing scopes.
    public static var current: Values {
        let global = storage.withLock { $0 }
        let overrides = ProbeScope.current?.overrides ?? Overrides()
        return Values(
            defaultTimeout: overrides.defaultTimeout.map { max(0, $0) } ?? global.defaultTimeout,
            timeoutMultiplier: overrides.timeoutMultiplier.flatMap { $0 > 0 ? $0 : nil } ?? global.timeoutMultiplier,
            exhaustive: overrides.exhaustive ?? exhaustive)
    }

    /// Runs `operation` with `overrides` in force, for the current task and
    /// the tasks it creates. When it returns, every exhaustive recorder made
    /// in it is checked (see <doc:ExhaustiveTests>), and so is every virtual
    /// scheduler made in it: a task still asleep on its time is a test
    /// failure, and is cancelled.
    ///
    /// ```swift
    /// func testSlowStartup() throws {
    ///     try ProbeSettings.withOverrides(.init(defaultTimeout: 10)) {
    ///         let recorder = app.startup.record()
    ///         try wait(for: recorder.finished)
    ///     }
    /// }
    /// ```
    ///
    /// - parameter overrides: The settings to override.
    /// - parameter operation: The code that runs with them.
    /// - returns: What `operation` returns.
    public static func withOverrides<Result>(_ overrides: Overrides, operation: () throws -> Result) rethrows -> Result {
        let scope = ProbeScope(overrides: overrides)
        defer { scope.end() }
        return try ProbeScope.$current.withValue(scope, operation: operation)
    }

    /// The async form of ``withOverrides(_:operation:)``.
    ///
    /// - parameter overrides: The settings to override.
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter operation: The code that runs with them.
    /// - returns: What `operation` returns.
    public static func withOverrides<Result>(
        _ overrides: Overrides,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let scope = ProbeScope(overrides: overrides)
        defer { scope.end() }
        return try await ProbeScope.$current.withValue(scope, operation: operation, isolation: isolation)
    }
}
