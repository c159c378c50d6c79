/// The scope of an ``XCTExpectFailures(strict:fileID:filePath:line:column:_:)``
/// call: the failures CombineProbe reports while it is active.
final class FailureCapture: Sendable {
    private let failures = Locked<[ExpectedFailure]>([])
    /// The test that opened the scope (see `DeliveryGate.currentTest`):
    /// empty in XCTest, which runs one test at a time.
    let owner: String

    /// The innermost active scope of this task (or thread, outside tasks).
    @TaskLocal static var current: FailureCapture?

    /// The scopes open now, innermost last, for the failures reported on
    /// other threads (see ``capture(_:at:in:)``).
    private static let open = Locked<[FailureCapture]>([])

    init() {
        owner = DeliveryGate.currentTest
    }

    var captured: [ExpectedFailure] { failures.withLock { $0 } }

    /// Runs `body` with this scope open: current on this task, and known to
    /// the failures of its test reported on other threads.
    ///
    /// In a scope that checks exhaustive recorders when the test ends (a
    /// `ProbeTestCase`, a trait, `withOverrides`), the recorders made in
    /// `body` and gone when it returns are checked then, inside this scope,
    /// as they are outside such scopes when they go away; those still alive
    /// are left to the test's scope.
    func run(_ body: () -> Void) {
        Self.open.withLock { $0.append(self) }
        defer { Self.open.withLock { $0.removeAll { $0 === self } } }
        Self.$current.withValue(self) {
            guard let enclosing = ProbeScope.current else { return body() }
            let inner = ProbeScope(overrides: .init())
            ProbeScope.$current.withValue(inner) { body() }
            inner.checkReleasedRecorders(handingTheOthersTo: enclosing)
            inner.handSchedulers(to: enclosing)
        }
    }

    /// The async form of ``run(_:)``.
    func run(isolation: isolated (any Actor)?, _ body: () async -> Void) async {
        Self.open.withLock { $0.append(self) }
        defer { Self.open.withLock { $0.removeAll { $0 === self } } }
        await Self.$current.withValue(self, operation: {
            guard let enclosing = ProbeScope.current else { return await body() }
            let inner = ProbeScope(overrides: .init())
            await ProbeScope.$current.withValue(inner, operation: { await body() }, isolation: isolation)
            inner.checkReleasedRecorders(handingTheOthersTo: enclosing)
            inner.handSchedulers(to: enclosing)
        }, isolation: isolation)
    }

    /// The innermost scope open in the test `owner`, whatever the thread.
    static func open(in owner: String) -> FailureCapture? {
        open.withLock { scopes in scopes.last { $0.owner == owner } }
    }

    /// Keeps the failure in a scope, if one is open for it. Returns whether
    /// it did: the failure must not be reported then.
    ///
    /// The scope of this task (or thread) takes it. On another thread — a
    /// queue on which the code under test calls a mock — a failure for
    /// XCTest goes to the innermost scope open in an XCTest test: XCTest
    /// runs one test at a time, so it is that test's.
    static func capture(_ message: String, at site: CallSite, in framework: TestFramework) -> Bool {
        guard let scope = current ?? (framework == .xcTest ? open(in: "") : nil) else { return false }
        scope.keep(message, at: site)
        return true
    }

    /// Keeps the failure in this scope.
    func keep(_ message: String, at site: CallSite) {
        failures.withLock {
            $0.append(ExpectedFailure(
                message: message, fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                line: Int(site.line), column: Int(site.column)))
        }
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
/// failing the test, and returns them, on every platform and in both test
/// frameworks: for a test that checks a failure message, or that tests a
/// helper built on CombineProbe.
///
/// It is CombineProbe's function, not XCTest's: the name says `XCTExpect`
/// because it serves the same purpose as Apple's `XCTExpectFailure`, but the
/// two differ, and on Apple platforms both exist side by side (the trailing
/// `s` tells them apart):
/// - `XCTExpectFailures` (this function) captures only the failures that
///   CombineProbe reports, on every platform, in XCTest and Swift Testing,
///   and **returns** them (message, file, line), so that the test asserts on
///   them; the test passes unless it checks them and they differ.
/// - Apple's `XCTExpectFailure(_:options:failingBlock:)` (XCTest on Apple
///   platforms only; corelibs-XCTest on Linux has none) marks *any* XCTest
///   issue in its block — `XCTAssertEqual` included — or, without a block,
///   in the rest of the test, as an expected failure: the test passes and
///   the report shows the failure as expected. It returns the block's own
///   result, not the failures; its `issueMatcher` can only accept or refuse
///   each one.
///
/// Use this function to check what CombineProbe says; use Apple's to keep a
/// known failure of any kind from failing an XCTest test on Apple platforms,
/// and `withKnownIssue` for the same in Swift Testing. While this function
/// runs, it takes every CombineProbe failure before the test framework sees
/// it, inside or around an `XCTExpectFailure`: that one never matches it.
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
/// What it captures, precisely: every failure CombineProbe reports for the
/// test while `body` runs — failed waits, assertions
/// (`XCTAssertRecordedValues`…), misuse of a recorder, unexpected calls to a
/// mock, exhaustive reports of recorders made and gone inside `body` — in
/// XCTest and in Swift Testing alike:
/// - on this task (and its child tasks) or this thread;
/// - on any other thread, such as a queue on which the code under test calls
///   a mock: in XCTest, which runs one test at a time, every failure
///   reported there for an XCTest test; in Swift Testing, the failures of
///   the doubles the test made on its own task.
///
/// A failure reported after `body` returned is not captured: when the code
/// under test calls a mock on a queue, let `body` wait for the call
/// (`try wait(for: mock.nextCall(to: "getUser(id:)"), timeout: 1)`). It
/// does not capture failures that do not go through CombineProbe
/// (`XCTAssertEqual`, `#expect`), nor what XCTest records for an error that
/// a test throws: corelibs-XCTest offers no way to intercept those without
/// subclassing. Use Apple's `XCTExpectFailure` on Apple platforms and
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
    scope.run(body)
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
    await scope.run(isolation: isolation, body)
    scope.checkStrict(strict, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return scope.captured
}
