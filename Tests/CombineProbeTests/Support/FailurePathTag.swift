import Testing

extension Tag {
    /// A failure-path test: it makes CombineProbe fail on purpose, inside
    /// `withKnownIssue` (directly, or through `expectIssues`,
    /// `expectIssuesNow` and `failureMessage`), and checks the message and
    /// the line. `swift test` counts each such failure as a "known issue".
    ///
    /// Such a test also ends its display name with ``failsOnPurpose``, which
    /// is what the console shows next to "recorded a known issue":
    ///
    ///     @Test("A timeout is an issue at the wait (fails on purpose)", .tags(.failurePath))
    ///     func aTimeoutIsAnIssueAtTheWait() async { … }
    @Tag static var failurePath: Self
}

/// The end of the display name of every failure-path test.
let failsOnPurpose = "(fails on purpose)"

/// Checks that the running test says it fails on purpose: tagged
/// ``Testing/Tag/failurePath``, its display name ending with
/// ``failsOnPurpose``. Called by the helpers that expect issues, so that a
/// new failure-path test cannot forget it.
func expectFailurePathNaming(sourceLocation: SourceLocation) {
    guard let test = Test.current else { return }
    #expect(
        test.tags.contains(.failurePath) && test.displayName?.hasSuffix(failsOnPurpose) == true,
        """
        \(test.name) records known issues on purpose: tag it .failurePath and end its display name \
        with "\(failsOnPurpose)", so that the console says so (see CONTRIBUTING.md)
        """,
        sourceLocation: sourceLocation)
}
