import Foundation
import Testing

/// Runs `body` in a Swift Testing test, expecting it to record issues whose
/// comments start with the given prefixes, at `line` of this file. Returns
/// the error `body` threw, if any.
///
/// `withKnownIssue` itself fails the test when no issue is recorded, and lets
/// non-matching issues fail it too. The count is checked separately. The
/// test must say it fails on purpose (see `Tag.failurePath`).
func expectIssues(
    _ prefixes: [String],
    atLine line: Int,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> (any Error)? {
    await expectIssues(prefixes, containing: [], atLine: line, isolation: isolation, sourceLocation: sourceLocation, body)
}

/// Runs `body` in a Swift Testing test, expecting it to record one issue at
/// `line` of this file whose comment starts with `prefix` and contains each
/// of `fragments`. Returns the error `body` threw, if any.
func expectIssue(
    _ prefix: String,
    containing fragments: [String],
    atLine line: Int,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> (any Error)? {
    await expectIssues([prefix], containing: fragments, atLine: line, isolation: isolation, sourceLocation: sourceLocation, body)
}

/// `expectIssues` and `expectIssue`: one issue per prefix, each comment
/// containing every one of `fragments`.
private func expectIssues(
    _ prefixes: [String],
    containing fragments: [String],
    atLine line: Int,
    isolation: isolated (any Actor)?,
    sourceLocation: SourceLocation,
    _ body: () async throws -> Void
) async -> (any Error)? {
    expectFailurePathNaming(sourceLocation: sourceLocation)
    var thrown: (any Error)?
    let count = Counter()
    let matching = matcher(prefixes, containing: fragments, line: line, fileName: sourceLocation.fileName, counting: count)
    #if compiler(>=6.0.2) && !COMBINEPROBE_FORCE_FALLBACKS
    await withKnownIssue(nil, isolation: isolation, {
        do { try await body() } catch { thrown = error }
    }, matching: matching)
    #else
    thrown = await withKnownIssueWithoutIsolation(isolation: isolation, matching: matching, body)
    #endif
    #expect(count.value == prefixes.count, "recorded \(count.value) matching issues", sourceLocation: sourceLocation)
    return thrown
}

/// A thread-safe counter, for closures that may run concurrently.
// @unchecked Sendable: `count` is read and written under `lock`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}

/// The synchronous form of `expectIssues`, for code that must run outside
/// an async context.
func expectIssuesNow(
    _ prefixes: [String],
    atLine line: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> (any Error)? {
    expectFailurePathNaming(sourceLocation: sourceLocation)
    var thrown: (any Error)?
    let count = Counter()
    withKnownIssue(nil, {
        do { try body() } catch { thrown = error }
    }, matching: matcher(prefixes, line: line, fileName: sourceLocation.fileName, counting: count))
    #expect(count.value == prefixes.count, "recorded \(count.value) matching issues", sourceLocation: sourceLocation)
    return thrown
}

/// Accepts the issues recorded at `line` of `fileName` whose comment starts
/// with one of `prefixes` and contains each of `fragments`, and counts them.
private func matcher(
    _ prefixes: [String], containing fragments: [String] = [], line: Int, fileName: String, counting count: Counter
) -> KnownIssueMatcher {
    { issue in
        let matches = issue.sourceLocation?.line == line
            && issue.sourceLocation?.fileName == fileName
            && prefixes.contains { prefix in
                issue.comments.contains { comment in
                    comment.rawValue.hasPrefix(prefix) && fragments.allSatisfy { comment.rawValue.contains($0) }
                }
            }
        if matches { count.increment() }
        return matches
    }
}

/// The comment of the first issue `body` records, as a known issue. The
/// test must say it fails on purpose (see `Tag.failurePath`).
func failureMessage(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> String? {
    expectFailurePathNaming(sourceLocation: sourceLocation)
    let message = MessageBox()
    let matching: KnownIssueMatcher = { issue in
        message.set(issue.comments.map { $0.rawValue }.joined(separator: "\n"))
        return true
    }
    #if compiler(>=6.0.2) && !COMBINEPROBE_FORCE_FALLBACKS
    await withKnownIssue(isolation: isolation, {
        do { try await body() } catch {}
    }, matching: matching)
    #else
    _ = await withKnownIssueWithoutIsolation(isolation: isolation, matching: matching, body)
    #endif
    return message.value
}

#if !compiler(>=6.0.2) || COMBINEPROBE_FORCE_FALLBACKS
/// `withKnownIssue(_:isIntermittent:isolation:sourceLocation:_:when:matching:)`
/// first exists in Swift Testing 6.0.2 (Xcode 16.1). Swift 6.0.0 and 6.0.1
/// (Xcode 16.0) have only a nonisolated `withKnownIssue`, which cannot take a
/// closure that captures the caller's isolated `body`. So `body` crosses in
/// an unchecked box and is awaited at once: it never runs concurrently with
/// its caller, and its own isolation (a main-actor test's closure) still
/// applies when it runs. Returns the error `body` threw, if any.
private func withKnownIssueWithoutIsolation(
    isolation: isolated (any Actor)?,
    matching: @escaping KnownIssueMatcher,
    _ body: () async throws -> Void
) async -> (any Error)? {
    await withoutActuallyEscaping(body) { body in
        // Capturing `isolation` keeps this closure in the caller's isolation
        // (newer compilers, with COMBINEPROBE_FORCE_FALLBACKS, require it).
        _ = isolation
        // Unchecked: `run` is called once, by `withKnownIssue`, while this
        // function awaits it; nothing else can reach it.
        let run = unsafeBitCast(body, to: (@Sendable () async throws -> Void).self)
        let thrown = ErrorBox()
        await withKnownIssue(nil, {
            do { try await run() } catch { thrown.set(error) }
        }, matching: matching)
        return thrown.value
    }
}

/// A thread-safe optional error.
// @unchecked Sendable: `error` is read and written under `lock`.
private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    var value: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return error
    }

    func set(_ newValue: any Error) {
        lock.lock()
        error = newValue
        lock.unlock()
    }
}
#endif

/// A thread-safe optional string.
// @unchecked Sendable: `text` is read and written under `lock`.
final class MessageBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    var value: String? {
        lock.lock()
        defer { lock.unlock() }
        return text
    }

    func set(_ newValue: String) {
        lock.lock()
        if text == nil { text = newValue }
        lock.unlock()
    }
}
