import CombineProbe
import Foundation
import Testing
import XCTest

/// An error that is not Equatable, to match by type or predicate.
struct ServerError: Error {
    let status: Int
}

final class RecordAssertionsTests: FailureCapturingTestCase {
    // MARK: - Values

    func testMatchingValuesPass() {
        let recorder = [1, 2, 3].publisher.record()
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1, 2, 3]) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    func testValuesIgnoreConsumption() throws {
        let recorder = [1, 2].publisher.record()
        _ = try recorder.next().get()
        XCTAssertRecordedValues(recorder, [1, 2])
    }

    func testMismatchShowsBothSidesAndMarksTheFirstDifference() {
        let recorder = [1, 5, 3].publisher.record()
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1, 2, 3]) }; let line = #line
        assertFailures(failures, ["XCTAssertRecordedValues failed"], at: line)
        XCTAssertEqual(failures.first?.message, """
            XCTAssertRecordedValues failed
            recorded values differ from the expected ones at index 1, out of 3 expected and 3 recorded:
                 expected  recorded
               0 1         1
             > 1 2         5
               2 3         3
            """)
    }

    func testMissingAndExtraValues() {
        let recorder = ["red"].publisher.record()
        let (missing, _) = captureFailures { XCTAssertRecordedValues(recorder, ["red", "green"], "after the first tap") }
        XCTAssertEqual(missing.first?.message, """
            XCTAssertRecordedValues failed - after the first tap
            recorded values differ from the expected ones at index 1, out of 2 expected and 1 recorded:
                 expected  recorded
               0 "red"     "red"
             > 1 "green"   (none)
            """)
        let (extra, _) = captureFailures { XCTAssertRecordedValues(recorder, []) }
        XCTAssertEqual(extra.first?.message, """
            XCTAssertRecordedValues failed
            recorded values differ from the expected ones at index 0, out of 0 expected and 1 recorded:
                 expected  recorded
             > 0 (none)    "red"
            """)
    }

    func testLongArraysShowAWindowAroundTheFirstDifference() {
        let recorder = (0..<100).publisher.record()
        var expected = Array(0..<100)
        expected[50] = -1
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, expected) }
        XCTAssertEqual(failures.first?.message, """
            XCTAssertRecordedValues failed
            recorded values differ from the expected ones at index 50, out of 100 expected and 100 recorded:
                  expected  recorded
               … 47 more above
               47 47        47
               48 48        48
               49 49        49
             > 50 -1        50
               51 51        51
               52 52        52
               53 53        53
               54 54        54
               55 55        55
               56 56        56
               … 43 more below
            """)
    }

    func testMultiLineValuesAreComparedLineByLine() {
        let recorder = ["Dear Ada,\nthanks!\n— Grace"].publisher.record()
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, ["Dear Ada,\nthank you!\n— Grace"]) }
        XCTAssertEqual(failures.first?.message, #"""
            XCTAssertRecordedValues failed
            recorded values differ from the expected ones at index 0, out of 1 expected and 1 recorded:
                 expected                          recorded
             > 0 "Dear Ada,\nthank you!\n— Grace"  "Dear Ada,\nthanks!\n— Grace"
            at index 0, line by line (- expected, + recorded):
                Dear Ada,
              - thank you!
              + thanks!
                — Grace
            """#)
    }

    // MARK: - Waiting for values

    func testTimeoutWaitsForTheExpectedNumberOfValues() {
        let recorder = [1, 2].publisher
            .delay(for: .milliseconds(20), scheduler: DispatchQueue(label: "values"))
            .record()
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1, 2], timeout: longTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    func testTimeoutSaysWhatArrived() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [1, 2], timeout: shortTimeout) }; let line = #line
        assertFailures(failures, ["XCTAssertRecordedValues failed: waited 0.05 seconds for 2 values, received only 1: [1]\n"], at: line)
    }

    // MARK: - Events

    func testMatchingEventsPass() {
        let recorder = [1, 2].publisher.record()
        let (failures, _) = captureFailures {
            XCTAssertRecordedEvents(recorder, [.value(1), .value(2), .finished])
            XCTAssertRecordedEvents(recorder, [.value(where: { $0 < 2 }, named: "a small value"), .value(2), .anyCompletion])
        }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    func testNonEquatableErrorsMatchByTypeOrPredicate() {
        let recorder = Fail<Int, ServerError>(error: ServerError(status: 503)).record()
        let (failures, _) = captureFailures {
            XCTAssertRecordedEvents(recorder, [.failure(ofType: ServerError.self)])
            XCTAssertRecordedEvents(recorder, [.failure(where: { $0.status == 503 }, named: "status 503")])
        }
        XCTAssertTrue(failures.isEmpty, "\(failures)")

        let (mismatch, _) = captureFailures { XCTAssertRecordedEvents(recorder, [.failure(where: { $0.status == 404 }, named: "status 404")]) }
        XCTAssertEqual(mismatch.first?.message, """
            XCTAssertRecordedEvents failed
            recorded events differ from the expected ones at index 0, out of 1 expected and 1 recorded:
                 expected             recorded
             > 0 failure(status 404)  failure(ServerError(status: 503))
            """)
    }

    func testEventMismatch() {
        let subject = PassthroughSubject<Int, Signal>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(completion: .failure(.lost))
        let (failures, _) = captureFailures { XCTAssertRecordedEvents(recorder, [.value(1), .value(2), .finished]) }; let line = #line
        assertFailures(failures, ["XCTAssertRecordedEvents failed"], at: line)
        XCTAssertEqual(failures.first?.message, """
            XCTAssertRecordedEvents failed
            recorded events differ from the expected ones at index 1, out of 3 expected and 2 recorded:
                 expected  recorded
               0 1         1
             > 1 2         failure(Signal.lost)
               2 finished  (none)
            """)
    }

    func testEventsWaitForTheCompletion() {
        let recorder = [1].publisher
            .delay(for: .milliseconds(20), scheduler: DispatchQueue(label: "events"))
            .record()
        let (failures, _) = captureFailures { XCTAssertRecordedEvents(recorder, [.value(1), .finished], timeout: longTimeout) }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    func testEventsTimeoutSaysWhatArrived() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        let (failures, _) = captureFailures { XCTAssertRecordedEvents(recorder, [.value(1), .finished], timeout: shortTimeout) }
        XCTAssertTrue(failures.first?.message.hasPrefix("XCTAssertRecordedEvents failed: waited 0.05 seconds for 2 events, received only 1: [1]\n") ?? false, "\(failures)")
    }

    func testHistoryInOneLine() {
        let recorder = Fail<String, LoginError>(error: .wrongPassword).record()
        XCTAssertEqual(recorder.events, [.failure(.wrongPassword)])
        XCTAssertRecordedEvents(recorder, [.failure(.wrongPassword)])
    }
}

@Suite struct RecordAssertionsSwiftTestingTests {
    @Test func matchingValues() {
        let recorder = [6, 2].publisher.record()
        expectRecordedValues(recorder, [6, 2])
        expectRecordedEvents(recorder, [.value(6), .value(2), .finished])
    }

    @Test("A mismatch is an issue at the caller's line (fails on purpose)", .tags(.failurePath))
    func mismatchIsAnIssueAtTheCallerLine() async {
        let recorder = [6, 3].publisher.record()
        _ = await expectIssues(["expectRecordedValues failed\nrecorded values differ from the expected ones at index 1"], atLine: #line + 1) {
            expectRecordedValues(recorder, [6, 2])
        }
    }

    @Test("The XCTAssert spelling also reaches Swift Testing (fails on purpose)", .tags(.failurePath))
    func xctAssertSpellingAlsoReachesSwiftTesting() async {
        let recorder = [6, 3].publisher.record()
        _ = await expectIssues(["XCTAssertRecordedEvents failed"], atLine: #line + 1) {
            XCTAssertRecordedEvents(recorder, [.value(6), .value(2), .finished])
        }
    }

    @Test("A timeout is an issue in Swift Testing (fails on purpose)", .tags(.failurePath))
    func timeoutInSwiftTesting() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        _ = await expectIssues(["expectRecordedValues failed: waited 0.05 seconds for 2 values, received only 1: [1]"], atLine: #line + 1) {
            expectRecordedValues(recorder, [1, 2], timeout: 0.05)
        }
    }
}
