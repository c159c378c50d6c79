/// A failure that CombineProbe reported inside ``XCTExpectFailures(strict:fileID:filePath:line:column:_:)``,
/// captured instead of failing the test.
public struct ExpectedFailure: Sendable, Equatable, CustomStringConvertible {
    /// The failure's message, as the test would have shown it.
    public let message: String
    /// The file it was reported in, as `#fileID` spells it: `MyTests/ProfileTests.swift`.
    public let fileID: String
    /// The full path of that file, as `#filePath` spells it.
    public let filePath: String
    /// The line it was reported at.
    public let line: Int
    /// The column it was reported at.
    public let column: Int

    /// `MyTests/ProfileTests.swift:12: <message>`
    public var description: String { "\(fileID):\(line): \(message)" }
}
