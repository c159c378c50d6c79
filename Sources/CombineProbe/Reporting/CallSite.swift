/// The place in a test that a failure is attributed to.
///
/// Every public entry point of CombineProbe that can fail takes the caller's
/// `#fileID`, `#filePath`, `#line` and `#column` as defaulted arguments and
/// carries them here, so that a failure points at the test, never at
/// CombineProbe's own sources.
struct CallSite: Sendable, CustomStringConvertible {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `Module/File.swift:12`
    var description: String { "\(fileID):\(line)" }
}
