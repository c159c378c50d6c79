import Testing

extension Tag {
    /// A test that shows a failure on purpose, inside `withKnownIssue`:
    /// `swift test` prints it as "recorded a known issue" and counts it in
    /// its last line. Such a test also says "(fails on purpose)" at the end
    /// of its name, which is what the console shows.
    @Tag static var failurePath: Self
}
