#if COMBINEPROBE_XCTEST_STAND_INS && !canImport(ObjectiveC)
import Foundation
import XCTest

// The Combine-shim lane only (.ci/combine-shim): compiled into the library's
// module there, and nowhere else. Stand-ins for the Apple XCTest API that
// corelibs-XCTest lacks and the library uses — `XCTIssue`,
// `XCTSourceCodeContext`, `XCTSourceCodeLocation`, `XCTestCase.record(_:)` —
// with Apple's names and the initializers the library calls, so that its
// `#if canImport(ObjectiveC) || COMBINEPROBE_XCTEST_STAND_INS` branches
// compile and run here. `record(_:)` hands the issue to corelibs-XCTest's
// `recordFailure(withDescription:inFile:atLine:expected:)`, as the library's
// corelibs branch does, so the lane's outcomes do not change. (The tests
// have stand-ins of their own: Tests/CombineProbeTests/Support/XCTIssueStandIn.swift.)

/// Apple's `XCTIssue`: one failure, as `XCTestCase.record(_:)` receives it.
struct XCTIssue {
    /// The kinds of issue the library records.
    enum IssueType: Int {
        case assertionFailure = 0
        case thrownError = 1
    }

    var type: IssueType
    var compactDescription: String
    var sourceCodeContext: XCTSourceCodeContext

    init(type: IssueType, compactDescription: String, sourceCodeContext: XCTSourceCodeContext = XCTSourceCodeContext()) {
        self.type = type
        self.compactDescription = compactDescription
        self.sourceCodeContext = sourceCodeContext
    }
}

/// Apple's `XCTSourceCodeContext`: where an issue was recorded.
final class XCTSourceCodeContext {
    let location: XCTSourceCodeLocation?

    init(location: XCTSourceCodeLocation? = nil) {
        self.location = location
    }
}

/// Apple's `XCTSourceCodeLocation`: a file and a line.
final class XCTSourceCodeLocation {
    let filePath: String
    let lineNumber: Int

    init(filePath: String, lineNumber: Int) {
        self.filePath = filePath
        self.lineNumber = lineNumber
    }
}

extension XCTestCase {
    /// Apple's `record(_:)`: records `issue` in corelibs-XCTest.
    func record(_ issue: XCTIssue) {
        recordFailure(
            withDescription: issue.compactDescription,
            inFile: issue.sourceCodeContext.location?.filePath ?? "",
            atLine: issue.sourceCodeContext.location?.lineNumber ?? 0,
            expected: issue.type == .assertionFailure)
    }
}
#endif
