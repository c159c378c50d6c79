import Testing

/// Runs `sleep` in a Swift Testing test that fails on purpose: a task
/// outside the virtual world sleeps on a scheduler's time and is refused.
/// Expects one issue at `line` (the line that made the scheduler) naming
/// the refusal and containing each of `fragments`, and that the sleep ended
/// with `CancellationError` (`sleep` returns "cancelled" then).
func expectRefusedSleep(
    containing fragments: [String],
    atLine line: Int,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ sleep: () async -> String
) async {
    var outcome = ""
    _ = await expectIssue(
        "VirtualScheduler: a task outside its virtual world slept on the scheduler's time",
        containing: fragments, atLine: line, isolation: isolation, sourceLocation: sourceLocation
    ) {
        outcome = await sleep()
    }
    #expect(outcome == "cancelled", sourceLocation: sourceLocation)
}
