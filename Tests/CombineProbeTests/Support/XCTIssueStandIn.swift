#if COMBINEPROBE_COMBINE_SHIM && !canImport(ObjectiveC)
import Foundation
import XCTest

// The Combine-shim lane only (.ci/combine-shim): stand-ins for what
// corelibs-XCTest lacks, so that the Apple branches of the failure-capturing
// test cases (`override func record(_ issue: XCTIssue)`) compile and run on
// Linux. The declarations follow Apple's XCTest: the `XCTIssue` structure,
// `XCTSourceCodeContext`, `XCTSourceCodeLocation`, and `XCTestCase.record(_:)`,
// through which every failure goes. Nothing else in the test target uses
// them; on Apple platforms XCTest's own are used.

/// Apple's `XCTIssue`: one failure, as `XCTestCase.record(_:)` receives it.
struct XCTIssue {
    /// The kinds of issue this lane produces.
    enum IssueType: Int {
        case assertionFailure = 0
        case thrownError = 1
    }

    var type: IssueType
    var compactDescription: String
    var detailedDescription: String?
    var sourceCodeContext: XCTSourceCodeContext
    var associatedError: (any Error)?

    init(
        type: IssueType,
        compactDescription: String,
        detailedDescription: String? = nil,
        sourceCodeContext: XCTSourceCodeContext = XCTSourceCodeContext(),
        associatedError: (any Error)? = nil
    ) {
        self.type = type
        self.compactDescription = compactDescription
        self.detailedDescription = detailedDescription
        self.sourceCodeContext = sourceCodeContext
        self.associatedError = associatedError
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
    let fileURL: URL
    let lineNumber: Int

    init(fileURL: URL, lineNumber: Int) {
        self.fileURL = fileURL
        self.lineNumber = lineNumber
    }

    convenience init(filePath: String, lineNumber: Int) {
        self.init(fileURL: URL(fileURLWithPath: filePath), lineNumber: lineNumber)
    }
}

/// An `XCTestCase` with Apple's `record(_:)`: every failure that
/// corelibs-XCTest records (`recordFailure(withDescription:…)`, which
/// `XCTFail` and CombineProbe call) becomes an `XCTIssue` and goes through
/// `record(_:)`, whose base implementation records it in corelibs-XCTest.
class IssueRecordingTestCase: XCTestCase {
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: lineNumber)
        record(XCTIssue(
            type: expected ? .assertionFailure : .thrownError, compactDescription: description,
            sourceCodeContext: XCTSourceCodeContext(location: location)))
    }

    /// Records `issue` in corelibs-XCTest; subclasses override it as they
    /// would on Apple platforms.
    func record(_ issue: XCTIssue) {
        super.recordFailure(
            withDescription: issue.compactDescription,
            inFile: issue.sourceCodeContext.location?.fileURL.path ?? "",
            atLine: issue.sourceCodeContext.location?.lineNumber ?? 0,
            expected: issue.type == .assertionFailure)
    }
}
#endif
