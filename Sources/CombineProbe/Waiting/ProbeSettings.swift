import Foundation

/// Settings that apply to every wait.
///
/// ```swift
/// // In a test target's setup, or before the tests run:
/// ProbeSettings.defaultTimeout = 2
/// ```
///
/// On a slow CI machine, set the `COMBINEPROBE_TIMEOUT_MULTIPLIER`
/// environment variable (for example to `3`) instead of editing tests: every
/// timeout, given or default, is multiplied by it.
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
        let (defaultTimeout, multiplier) = storage.withLock { ($0.defaultTimeout, $0.timeoutMultiplier) }
        return effectiveTimeout(timeout, defaultTimeout: defaultTimeout, multiplier: multiplier)
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
}
