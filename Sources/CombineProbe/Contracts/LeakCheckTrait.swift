// Swift Testing's scoping traits need Swift 6.1: with Swift 6.0, use
// withLeakCheck { } inside the test instead.
#if compiler(>=6.1) && canImport(Testing)
import Testing

/// A Swift Testing trait that checks, when each test ends, that the
/// objects it tracked with ``trackForLeaks(_:fileID:filePath:line:column:)``
/// were released.
///
/// ```swift
/// @Test(.checksForLeaks) func viewModelIsReleased() {
///     let viewModel = SearchViewModel()
///     trackForLeaks(viewModel)
/// }
/// ```
///
/// Needs Swift 6.1 or later.
public struct LeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
    /// On a suite, the trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// One scope per test function, none for a suite.
    ///
    /// - parameter test: The test or suite.
    /// - parameter testCase: The test case, or nil for the test function or
    ///   suite itself.
    /// - returns: The trait, for a test function; nil otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        !test.isSuite && testCase == nil ? self : nil
    }

    /// Runs the test with a leak tracker, then reports what it tracked and
    /// is still alive.
    ///
    /// - parameter test: The test or suite.
    /// - parameter testCase: The test case, or nil for the test function or
    ///   suite itself.
    /// - parameter function: Runs the test.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withLeakCheck { _ in try await function() }
    }
}

extension Trait where Self == LeakCheckTrait {
    /// Checks that the objects a test tracks with `trackForLeaks(_:)` are
    /// released when it ends.
    public static var checksForLeaks: Self { LeakCheckTrait() }
}
#endif
