#if canImport(Testing)
import Testing

/// Runs one explored schedule in Swift Testing without failing the test:
/// the issues it records become known issues, and the probe says whether
/// there were any. The failing schedule then runs again for real, so that
/// its issues are recorded once, as failures.
enum KnownIssueProbe {
    /// Whether `body` recorded an issue or threw (a thrown error is not
    /// recorded: the report of the failing schedule names it).
    static func fails(_ body: () throws -> Void) -> Bool {
        let failed = Locked(false)
        withKnownIssue(isIntermittent: true, {
            do { try body() } catch { failed.withLock { $0 = true } }
        }, matching: { _ in
            failed.withLock { $0 = true }
            return true
        })
        return failed.withLock { $0 }
    }

    /// The async form of ``fails(_:)``.
    static func fails(isolation: isolated (any Actor)?, _ body: () async throws -> Void) async -> Bool {
        let failed = Locked(false)
        let matcher: KnownIssueMatcher = { _ in
            failed.withLock { $0 = true }
            return true
        }
        #if compiler(>=6.0.2)
        await withKnownIssue(isIntermittent: true, isolation: isolation, {
            do { try await body() } catch { failed.withLock { $0 = true } }
        }, matching: matcher)
        #else
        // Swift Testing 6.0.0 and 6.0.1 have only a nonisolated
        // `withKnownIssue`, which cannot take a closure that captures the
        // caller's isolated `body`: it crosses in an unchecked box and is
        // awaited at once, so it never runs concurrently with its caller,
        // and its own isolation still applies when it runs.
        await withoutActuallyEscaping(body) { body in
            let run = unsafeBitCast(body, to: (@Sendable () async throws -> Void).self)
            await withKnownIssue(isIntermittent: true, {
                do { try await run() } catch { failed.withLock { $0 = true } }
            }, matching: matcher)
        }
        #endif
        return failed.withLock { $0 }
    }
}
#endif
