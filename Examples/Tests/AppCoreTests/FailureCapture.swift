import Foundation
import XCTest

/// Shows a failure on purpose: the examples that demonstrate what a failing
/// test prints capture the failure instead of failing, and assert its text.
/// (corelibs-XCTest has no `XCTExpectFailure`: this overrides the method
/// every XCTest failure goes through.)
class ExampleTestCase: XCTestCase {
    private let captured = Mutex<[String]?>(nil)

    /// Runs `body`, and returns the messages of the failures it recorded.
    func failureMessages(of body: () throws -> Void) -> [String] {
        captured.withLock { $0 = [] }
        try? body()
        return captured.withLock { messages in
            defer { messages = nil }
            return messages ?? []
        }
    }

    private func keep(_ message: String) -> Bool {
        captured.withLock { messages in
            guard messages != nil else { return false }
            messages!.append(message.hasPrefix("failed - ") ? String(message.dropFirst(9)) : message)
            return true
        }
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if !keep(issue.compactDescription) { super.record(issue) }
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if !keep(description) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif
}
