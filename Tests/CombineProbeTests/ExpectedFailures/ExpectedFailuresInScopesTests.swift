import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 29, item 7: inside a scope that checks exhaustive recorders when the
// test ends (a ProbeTestCase, a trait, withOverrides), XCTExpectFailures
// captures the report of a recorder made and gone inside its closure, as it
// does outside such scopes; a recorder that outlives the closure is left to
// the test's scope.

/// The expected report of a recorder made at `line` of this file.
private func exhaustiveReport(line: Int, events: [String]) -> String {
    "Exhaustive recorder created at CombineProbeTests/ExpectedFailuresInScopesTests.swift:\(line) "
        + "ends the test with \(events.count) unconsumed event\(events.count == 1 ? "" : "s") [\(events.joined(separator: ", "))]. "
        + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents()."
}

/// An exhaustive test case class: an unconsumed event that escaped a
/// closure would fail its test when it ends.
final class ExpectedFailuresInAnExhaustiveTestCaseTests: ProbeTestCase {
    override class var probeSettings: ProbeSettings.Overrides { .init(exhaustive: true) }

    func testTheReportOfARecorderOfTheClosureIsCaptured() {
        let line = #line + 2
        let failures = XCTExpectFailures {
            let recorder = [1, 2].publisher.record()
            XCTAssertEqual(try? recorder.next().get(), 1)
        }
        XCTAssertEqual(failures.map(\.message), [exhaustiveReport(line: line, events: ["2", "finished"])])
        XCTAssertEqual(failures.map(\.line), [line])
    }

    func testTheAsyncFormToo() async {
        let line = #line + 2
        let failures = await XCTExpectFailures {
            let recorder = [3].publisher.record()
            _ = try? await wait(for: recorder.next(), timeout: 1)
        }
        XCTAssertEqual(failures.map(\.message), [exhaustiveReport(line: line, events: ["finished"])])
        XCTAssertEqual(failures.map(\.line), [line])
    }

    /// Read after the closure, it is not reported at all; unread, the test
    /// would fail when it ends.
    func testARecorderThatOutlivesTheClosureIsLeftToTheTest() throws {
        var recorder: Recorder<Int, Never>?
        let failures = XCTExpectFailures(strict: false) {
            recorder = [4, 5].publisher.record()
        }
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(try recorder?.elements.get(), [4, 5])
    }
}

@Suite struct ExpectedFailuresInScopesSwiftTests {
    @Test func theReportOfARecorderOfTheClosureIsCaptured() async {
        await ProbeSettings.withOverrides(.init(exhaustive: true)) {
            let line = #line + 2
            let failures = await XCTExpectFailures {
                let recorder = [1, 2].publisher.record()
                _ = try? await wait(for: recorder.next(), timeout: 1)
            }
            #expect(failures.map(\.message) == [exhaustiveReport(line: line, events: ["2", "finished"])])
            #expect(failures.map(\.line) == [line])
        }
    }
}
