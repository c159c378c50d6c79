/// Objects a test expects to be released, and publishers whose
/// subscriptions it expects to have ended, checked together at the end of a
/// scope.
///
/// ```swift
/// withLeakCheck { leaks in
///     let viewModel = SearchViewModel()
///     leaks.track(viewModel)
/// }
/// ```
///
/// Use it through ``withLeakCheck(_:)``, the `.checksForLeaks` Swift Testing
/// trait (Swift 6.1 or later) with ``trackForLeaks(_:fileID:filePath:line:column:)``,
/// or `XCTestCase.trackForLeaks(_:)` in XCTest. Each object still alive at
/// the end is reported once, at the line that tracked it, in the framework
/// of the test that tracked it.
public final class LeakTracker: Sendable {
    /// The tracker of the current scope, if any.
    @TaskLocal static var current: LeakTracker?

    private let checks = Locked<[Check]>([])

    /// A tracker that checks nothing until ``check()``.
    public init() {}

    deinit {
        check()
    }

    /// Expects `object` to be released when the scope ends.
    ///
    /// - parameter object: The object.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func track(
        _ object: AnyObject,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let reference = WeakReference(object)
        let name = String(describing: type(of: object))
        add(site) {
            guard reference.object != nil else { return nil }
            return "Leak: \(name) (tracked at \(site)) was not released at the end of the scope: "
                + "something still holds it (a retain cycle, a subscription that was not cancelled, a cache)."
        }
    }

    /// Expects every subscription to `publisher` to have completed or been
    /// cancelled when the scope ends.
    ///
    /// - parameter publisher: A publisher made with `trackingSubscriptions()`.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func expectSubscriptionsEnded<Upstream>(
        of publisher: TrackedPublisher<Upstream>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let counter = publisher.counter
        add(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            counter.activeProblem().map { "At the end of the scope, \($0)" }
        }
    }

    /// Runs the checks registered so far, reports what failed, and forgets
    /// them. Scopes call it for you.
    public func check() {
        let checks = self.checks.withLock { checks in
            defer { checks.removeAll() }
            return checks
        }
        for check in checks {
            if let message = check.problem() {
                FailureReporter.fail(message, at: check.site, in: check.framework)
            }
        }
    }

    private func add(_ site: CallSite, _ problem: @escaping @Sendable () -> String?) {
        let check = Check(site: site, framework: .current, problem: problem)
        checks.withLock { $0.append(check) }
    }

    private struct Check: Sendable {
        let site: CallSite
        let framework: TestFramework
        let problem: @Sendable () -> String?
    }
}

/// A weak reference that can cross threads.
// @unchecked Sendable: `object` is assigned once, in init, and only read after;
// the Swift runtime makes loading a weak reference thread-safe.
final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// Runs `body` with a ``LeakTracker``, then reports the tracked objects
/// still alive: the leak check of Swift Testing without traits (Swift 6.0),
/// or of any code.
///
/// ```swift
/// withLeakCheck { leaks in
///     let viewModel = SearchViewModel()
///     leaks.track(viewModel)
/// }
/// ```
///
/// Inside `body`, ``trackForLeaks(_:fileID:filePath:line:column:)`` tracks
/// with the same tracker. The objects `body` returns are still alive at the
/// check: track only what the scope owns.
///
/// - parameter body: The scope; receives the tracker.
/// - returns: What `body` returns.
public func withLeakCheck<Result>(_ body: (LeakTracker) throws -> Result) rethrows -> Result {
    let tracker = LeakTracker()
    defer { tracker.check() }
    return try LeakTracker.$current.withValue(tracker) { try body(tracker) }
}

/// Runs async `body` with a ``LeakTracker``, then reports the tracked
/// objects still alive.
///
/// ```swift
/// await withLeakCheck { leaks in
///     let viewModel = SearchViewModel()
///     leaks.track(viewModel)
///     await viewModel.load()
/// }
/// ```
///
/// - parameter isolation: The caller's isolation; leave the default.
/// - parameter body: The scope; receives the tracker.
/// - returns: What `body` returns.
public func withLeakCheck<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LeakTracker) async throws -> Result
) async rethrows -> Result {
    let tracker = LeakTracker()
    defer { tracker.check() }
    return try await LeakTracker.$current.withValue(tracker) { try await body(tracker) }
}

/// Expects `object` to be released at the end of the current leak-check
/// scope: the `.checksForLeaks` trait, or ``withLeakCheck(_:)``. Outside any
/// scope it fails the test, at the caller's line, and tracks nothing (in
/// XCTest, `XCTestCase.trackForLeaks(_:)` checks at teardown).
///
/// ```swift
/// @Test(.checksForLeaks) func viewModelIsReleased() {
///     let viewModel = SearchViewModel()
///     trackForLeaks(viewModel)
/// }
/// ```
///
/// - parameter object: The object.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func trackForLeaks(
    _ object: AnyObject,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    guard let tracker = LeakTracker.current else {
        FailureReporter.fail(
            "trackForLeaks(_:) needs a leak-check scope: the .checksForLeaks trait (Swift 6.1 or later), "
                + "withLeakCheck { }, or XCTestCase.trackForLeaks(_:) in XCTest. Nothing was tracked.",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return
    }
    tracker.track(object, fileID: fileID, filePath: filePath, line: line, column: column)
}
