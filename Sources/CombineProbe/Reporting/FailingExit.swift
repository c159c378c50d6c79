import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Makes the test process exit with status 1 when it ends, whatever its
/// tests said, for what no test framework could show: a broken XCTest rule
/// in the strict lane, a failure detected while no test runs.
///
/// Each cause is counted as it happens (and written to standard error by
/// its reporter, at once); when the process exits (`atexit`, registered by
/// the first cause), one summary line per cause, and `_exit(1)`.
enum FailingExit {
    /// Why the run fails.
    enum Cause: Int, Sendable, CaseIterable {
        /// A violation of Apple's XCTest rules (``XCTestRules``).
        case strictXCTestViolation
        /// A failure detected while no test runs (``FailuresOutsideTests``).
        case failureOutsideTests

        func summary(_ count: Int) -> String {
            switch self {
            case .strictXCTestViolation:
                "strict XCTest: \(count) violation(s) of Apple's XCTest rules (above); the run fails."
            case .failureOutsideTests:
                "CombineProbe: \(count) failure(s) detected while no test ran (above); the run fails."
            }
        }
    }

    private static let counts = Locked([Int](repeating: 0, count: Cause.allCases.count))

    private static let registered: Void = {
        atexit { FailingExit.exitIfAnyCause() }
    }()

    /// Counts `cause`: the process will exit with status 1.
    static func add(_ cause: Cause) {
        _ = registered
        counts.withLock { $0[cause.rawValue] += 1 }
    }

    /// How many times `cause` was counted.
    static func count(of cause: Cause) -> Int {
        counts.withLock { $0[cause.rawValue] }
    }

    private static func exitIfAnyCause() {
        let counts = counts.withLock { $0 }
        guard counts.contains(where: { $0 > 0 }) else { return }
        for cause in Cause.allCases where counts[cause.rawValue] > 0 {
            FileHandle.standardError.write(Data("\(cause.summary(counts[cause.rawValue]))\n".utf8))
        }
        fflush(nil)
        _exit(1)
    }
}
