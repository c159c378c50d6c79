// Swift Testing's scoping traits need Swift 6.1: with Swift 6.0 tools the
// package builds without them, and ProbeSettings.withOverrides does the same
// job inside a test.
#if compiler(>=6.1) && canImport(Testing)
import Foundation
import Testing

/// A Swift Testing trait that overrides ``ProbeSettings`` for one test, or
/// for every test of a suite, and checks the exhaustive recorders of each
/// test when it ends.
///
/// ```swift
/// @Suite(.probeSettings(defaultTimeout: 2, exhaustive: true))
/// struct CheckoutTests {
///     @Test func payment() async throws { … }
/// }
/// ```
///
/// The overrides are task-local: tests running in parallel never see each
/// other's. Needs Swift 6.1 or later.
public struct ProbeSettingsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The settings this trait overrides.
    public let overrides: ProbeSettings.Overrides

    /// On a suite, the trait applies to each of its tests.
    public var isRecursive: Bool { true }

    /// The trait provides one scope per test function, around all its test
    /// cases, and none for a suite (each test of the suite gets its own);
    /// when the tasks of the test join its world, one more per test case.
    ///
    /// The settings' scope is the test function's rather than each test
    /// case's: Swift Testing records the error a test case throws when the
    /// case's scope has ended, and the exhaustive recorders must be checked
    /// after it, so that their report follows the test's own failures. The
    /// world that tasks join is each test case's: the cases of a
    /// parameterized test run in parallel, each with its own schedulers.
    ///
    /// - parameter test: The test or suite.
    /// - parameter testCase: The test case, or nil for the test function or
    ///   suite itself.
    /// - returns: The trait, for a test function, and for its test cases
    ///   when its tasks join the world; nil otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        guard !test.isSuite else { return nil }
        return testCase == nil || overrides.joinsTasks == true ? self : nil
    }

    /// Runs a test with the overrides in force, then checks its exhaustive
    /// recorders.
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
        guard !test.isSuite else { return try await function() }
        guard testCase == nil else {
            // A test case, inside its test function's scope: a world of its own.
            guard let testScope = ProbeScope.current else { return try await function() }
            let caseScope = ProbeScope(testCaseOf: testScope)
            defer { caseScope.checkSleepingTasks() }
            return try await ProbeScope.$current.withValue(caseScope) { try await function() }
        }
        try await ProbeSettings.withOverrides(overrides) { try await function() }
    }
}

extension Trait where Self == ProbeSettingsTrait {
    /// Overrides ``ProbeSettings`` for a test, or for each test of a suite.
    ///
    /// - parameter defaultTimeout: The default timeout, in seconds.
    /// - parameter timeoutMultiplier: The factor every timeout is multiplied
    ///   by.
    /// - parameter exhaustive: Whether recorders are exhaustive unless they
    ///   say otherwise.
    /// - parameter joinsTasks: Whether the tasks the test starts join its
    ///   virtual world (see ``ProbeSettings/Overrides/joinsTasks``).
    /// - returns: The trait.
    public static func probeSettings(
        defaultTimeout: TimeInterval? = nil,
        timeoutMultiplier: Double? = nil,
        exhaustive: Bool? = nil,
        joinsTasks: Bool? = nil
    ) -> Self {
        ProbeSettingsTrait(overrides: .init(
            defaultTimeout: defaultTimeout, timeoutMultiplier: timeoutMultiplier, exhaustive: exhaustive,
            joinsTasks: joinsTasks))
    }

    /// Makes the tasks a test starts — `Task { }`, `Task.detached { }`, an
    /// operator's own tasks — join the virtual world of the first scheduler
    /// whose executor the test makes: they run in virtual time, ordered and
    /// explored with the world's other work.
    ///
    /// ```swift
    /// @Test(.tasksJoinTheVirtualWorld) func savesAfterAPause() async { … }
    /// ```
    public static var tasksJoinTheVirtualWorld: Self {
        .probeSettings(joinsTasks: true)
    }

    /// Makes every recorder of a test, or of each test of a suite,
    /// exhaustive: the events no read consumes are reported when the test
    /// ends.
    public static var exhaustiveRecorders: Self {
        .probeSettings(exhaustive: true)
    }
}
#endif
