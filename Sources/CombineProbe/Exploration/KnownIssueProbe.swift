#if canImport(Testing)
import Testing

/// Runs one explored schedule in Swift Testing without failing the test:
/// the issues it records become known issues, and the probe says whether
/// there were any. The failing schedule then runs again for real, so that
/// its issues are recorded once, as failures.
enum KnownIssueProbe {
    /// Whether `body` passed: false when it recorded an issue. An error it
    /// throws is not recorded, but thrown again, outside the known issues:
    /// the report of the failing schedule names it.
    static func passes(_ body: () throws -> Void) throws -> Bool {
        let failed = Locked(false)
        var thrown: (any Error)?
        withKnownIssue(isIntermittent: true, {
            do { try body() } catch { thrown = error }
        }, matching: { _ in
            failed.withLock { $0 = true }
            return true
        })
        if let thrown { throw thrown }
        return !failed.withLock { $0 }
    }

    /// The async form of ``passes(_:)``.
    static func passes(isolation: isolated (any Actor)?, _ body: () async throws -> Void) async throws -> Bool {
        let failed = Locked(false)
        var thrown: (any Error)?
        let matcher: KnownIssueMatcher = { _ in
            failed.withLock { $0 = true }
            return true
        }
        #if compiler(>=6.0.2) && !COMBINEPROBE_FORCE_FALLBACKS
        await withKnownIssue(isIntermittent: true, isolation: isolation, {
            do { try await body() } catch { thrown = error }
        }, matching: matcher)
        #else
        // Swift Testing 6.0.0 and 6.0.1 have only a nonisolated
        // `withKnownIssue`, which cannot take a closure that captures the
        // caller's isolated `body`: it crosses in an unchecked box and is
        // awaited at once, so it never runs concurrently with its caller,
        // and its own isolation still applies when it runs.
        await withoutActuallyEscaping(body) { body in
            // Capturing `isolation` keeps this closure in the caller's
            // isolation, with `body` (newer compilers, which compile this
            // path with COMBINEPROBE_FORCE_FALLBACKS, require it).
            _ = isolation
            let run = unsafeBitCast(body, to: (@Sendable () async throws -> Void).self)
            let error = Locked<(any Error)?>(nil)
            await withKnownIssue(isIntermittent: true, {
                do { try await run() } catch let caught { error.withLock { $0 = caught } }
            }, matching: matcher)
            thrown = error.withLock { $0 }
        }
        #endif
        if let thrown { throw thrown }
        return !failed.withLock { $0 }
    }
}
#endif
