/// The scope of an ``XCTExpectFailures(strict:fileID:filePath:line:column:_:)``
/// call: the failures CombineProbe reports while it is active.
final class FailureCapture: Sendable {
    private let failures = Locked<[ExpectedFailure]>([])

    /// The innermost active scope of this task (or thread, outside tasks).
    @TaskLocal static var current: FailureCapture?

    var captured: [ExpectedFailure] { failures.withLock { $0 } }

    /// Keeps the failure in the current scope, if there is one. Returns
    /// whether it did: the failure must not be reported then.
    static func capture(_ message: String, at site: CallSite) -> Bool {
        guard let scope = current else { return false }
        scope.failures.withLock {
            $0.append(ExpectedFailure(
                message: message, fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                line: Int(site.line), column: Int(site.column)))
        }
        return true
    }

    /// Reports that a strict scope captured nothing, outside the scope.
    func checkStrict(_ strict: Bool, at site: CallSite) {
        guard strict, captured.isEmpty else { return }
        FailureReporter.fail(
            "XCTExpectFailures: expected CombineProbe to report a failure inside the closure; it reported none.",
            at: site)
    }
}

/// Runs `body`, capturing the failures CombineProbe reports in it instead of
/// failing the test, and returns them: the `XCTExpectFailure` of every
/// platform, for a test that fails on purpose or that tests a helper built on
/// CombineProbe.
///
/// ```swift
/// func testTimeoutMessage() {
///     let recorder = PassthroughSubject<Int, Never>().record()
///     let failures = XCTExpectFailures {
///         _ = try? wait(for: recorder.next(), timeout: 0.01)
///     }
///     XCTAssertEqual(failures.count, 1)
///     XCTAssertTrue(failures[0].message.contains("waiting for recorder.next()"))
/// }
/// ```
///
/// What it captures, precisely: every failure CombineProbe reports on this
/// task (and its child tasks) or this thread while `body` runs — failed
/// waits, assertions (`XCTAssertRecordedValues`…), misuse of a recorder,
/// unexpected calls to a mock, exhaustive reports of recorders that go away
/// inside `body` — in XCTest and in Swift Testing alike. Failures that a
/// double kept on a background thread are captured when they are delivered
/// inside `body`. It does not capture failures that do not go through
/// CombineProbe (`XCTAssertEqual`, `#expect`), nor what XCTest records for an
/// error that a test throws: corelibs-XCTest offers no way to intercept those
/// without subclassing. Use `XCTExpectFailure` on Apple platforms and
/// `withKnownIssue` in Swift Testing for them.
///
/// `body` does not throw: write `try?` for the throwing waits, which report a
/// failure *and* throw. With `strict` (the default), a `body` that reports
/// no failure is itself a failure, at the caller's line.
///
/// - parameter strict: Whether it is a failure that `body` reports none.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
/// - parameter body: The code expected to fail.
/// - returns: The captured failures, in the order they were reported.
@discardableResult
public func XCTExpectFailures(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () -> Void
) -> [ExpectedFailure] {
    let scope = FailureCapture()
    FailureCapture.$current.withValue(scope) { body() }
    scope.checkStrict(strict, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return scope.captured
}

/// The async form of ``XCTExpectFailures(strict:fileID:filePath:line:column:_:)``:
/// runs async `body`, capturing the failures CombineProbe reports in it (and
/// in its child tasks), and returns them.
///
/// ```swift
/// let failures = await XCTExpectFailures {
///     _ = try? await wait(for: recorder.next(), timeout: 0.01)
/// }
/// ```
///
/// - parameter strict: Whether it is a failure that `body` reports none.
/// - parameter isolation: The actor `body` runs on; leave the default.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
/// - parameter body: The code expected to fail.
/// - returns: The captured failures, in the order they were reported.
@discardableResult
public func XCTExpectFailures(
    strict: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async -> Void
) async -> [ExpectedFailure] {
    let scope = FailureCapture()
    await FailureCapture.$current.withValue(scope, operation: { await body() }, isolation: isolation)
    scope.checkStrict(strict, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return scope.captured
}
