@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// An `ExplorationFailure` describes itself in the report's words (issue 42,
/// G.27: printed by `XCTAssertNil(result.failure)`, it showed
/// `ScheduleChoices.Point(arity: 2, option: 1, kind: …)`).
enum FailureDescription {
    /// An exploration whose second schedule fails: two actions due at 10ms,
    /// run in the other order.
    static func failingExploration() -> ExplorationResult {
        ScheduleExploration(schedules: 50, seed: 1).run { _ in tiedOrder(2) == [0, 1] }
    }

    /// The report of `failingExploration()`, word for word.
    static let report = """
        Schedule 2 of at most 50 failed (seed 0.1; base seed 0x1).
        It differs from the default order in 1 choice:
          - at 10ms, ran the action scheduled #2 before the action scheduled #1
        Every schedule with fewer differences passed.
        Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
        """

    /// Names of the library's own types, which a description never shows.
    static let internalNames = ["ScheduleChoices", "Point(", "arity:", "kind:", "ExploredSchedule(", "ScheduleExploration(",
                                "ExplorationFailure(", "CombineProbe."]

    /// The internal names that `text` shows.
    static func internalNames(in text: String) -> [String] {
        internalNames.filter { text.contains($0) }
    }
}

final class ExplorationFailureDescriptionTests: FailureCapturingTestCase {
    func testAFailureDescribesItselfInTheReportsWords() throws {
        let result = FailureDescription.failingExploration()
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(result.report, FailureDescription.report)
        XCTAssertEqual(String(describing: failure), FailureDescription.report)
        XCTAssertEqual("\(failure)", FailureDescription.report)
        XCTAssertEqual(String(reflecting: failure), FailureDescription.report)
        XCTAssertEqual(String(describing: Optional(failure)), "Optional(\(FailureDescription.report))")
    }

    func testXCTAssertNilShowsTheReportAndNoInternalType() throws {
        let result = FailureDescription.failingExploration()
        let (failures, _) = captureFailures { XCTAssertNil(result.failure) }
        XCTAssertEqual(failures.count, 1)
        let message = try XCTUnwrap(failures.first?.message)
        XCTAssertTrue(message.contains(FailureDescription.report), message)
        XCTAssertTrue(message.contains("seed 0.1"), message)
        XCTAssertEqual(FailureDescription.internalNames(in: message), [], message)
    }
}

@Suite struct ExplorationFailureDescriptionSwiftTests {
    @Test func aFailureDescribesItselfInTheReportsWords() throws {
        let failure = try #require(FailureDescription.failingExploration().failure)
        #expect(String(describing: failure) == FailureDescription.report)
        #expect("\(failure)" == FailureDescription.report)
        #expect(FailureDescription.internalNames(in: String(reflecting: failure)) == [])
    }

    @Test("#expect(result.failure == nil) shows the report and no internal type (fails on purpose)", .tags(.failurePath))
    func expectShowsTheReport() {
        let result = FailureDescription.failingExploration()
        let shown = Locked<[String]>([])
        withKnownIssue {
            #expect(result.failure == nil)
        } matching: { issue in
            shown.withLock { $0.append(String(describing: issue)) }
            return true
        }
        let messages = shown.withLock { $0 }
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains(FailureDescription.report), "\(message)")
        #expect(FailureDescription.internalNames(in: message) == [], "\(message)")
    }
}
