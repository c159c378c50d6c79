import CombineProbe
import Foundation
import XCTest

/// Shows a failure on purpose: the examples that demonstrate what a failing
/// test prints capture the failure with CombineProbe's `XCTExpectFailures`
/// instead of failing, and assert its text.
class ExampleTestCase: XCTestCase {
    /// Runs `body`, and returns the messages of the failures CombineProbe
    /// reported in it.
    func failureMessages(of body: () throws -> Void) -> [String] {
        XCTExpectFailures { try? body() }.map(\.message)
    }

    /// Runs `body`, and returns the failures CombineProbe reported in it,
    /// with where they were reported.
    func failures(of body: () -> Void) -> [ExpectedFailure] {
        XCTExpectFailures(body)
    }
}
