import CombineProbe
import Foundation
import Testing
import XCTest

/// Exhaustive recorders: the consumption rules, the explicit words, the
/// report at the end of a test (message, line, exactly once, earlier failures
/// kept), in XCTest and Swift Testing.
final class ExhaustiveRecorderTests: FailureCapturingTestCase {
    /// Records `values` then finished, exhaustively; runs `read`, then drops
    /// the recorder, which checks it. Returns the failures.
    private func unconsumed<T>(_ values: [T], _ read: (Recorder<T, Never>) throws -> Void) -> [CapturedFailure] {
        captureFailures {
            let recorder = values.publisher.record(exhaustive: true)
            try read(recorder)
        }.failures
    }

    private let prefix = "Exhaustive recorder created at CombineProbeTests/ExhaustiveRecorderTests.swift:"

    func testUnconsumedEventsAreReportedAtTheRecordLine() {
        var line = 0
        let (failures, _) = captureFailures {
            let recorder = ["a", "b", "c"].publisher.record(exhaustive: true); line = #line
            XCTAssertEqual(try recorder.next().get(), "a")
        }
        assertFailures(failures, [
            prefix + "\(line) ends the test with 3 unconsumed events [\"b\", \"c\", finished]. "
                + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents().",
        ], at: line)
    }

    /// Issue 29, item 16: a value is never read as the count.
    func testIntegerValuesAreCountedThenListed() {
        var line = 0
        let (failures, _) = captureFailures {
            let recorder = [2, 3].publisher.record(exhaustive: true); line = #line
            XCTAssertEqual(try recorder.next().get(), 2)
        }
        assertFailures(failures, [
            prefix + "\(line) ends the test with 2 unconsumed events [3, finished]. "
                + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents().",
        ], at: line)
        XCTAssertEqual(unconsumed(Array(1...12)) { _ in }.map(\.message.unconsumedPart),
                       ["1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … (3 more)"], "a long list is elided as the other messages elide it")
    }

    func testNextConsumesWhatItReturns() {
        XCTAssertEqual(unconsumed([1, 2]) { _ = try $0.next(2).get() }.map(\.message.unconsumedPart), ["finished"])
    }

    func testCompletionReadersConsumeEverything() {
        let readers: [(String, (Recorder<Int, Never>) throws -> Void)] = [
            ("elements", { _ = try $0.elements.get() }),
            ("recording", { _ = try $0.recording.get() }),
            ("last", { _ = try $0.last.get() }),
            ("single", { _ = try $0.single.get() }),
            ("finished", { try $0.finished.get() }),
            ("completion", { _ = try $0.completion.get() }),
        ]
        for (name, read) in readers {
            XCTAssertEqual(unconsumed([7], read).count, 0, name)
        }
    }

    func testAvailableElementsConsumesWhatItReturnsOnly() {
        XCTAssertEqual(unconsumed([1, 2]) { _ = try $0.availableElements.get() }.map(\.message.unconsumedPart), ["finished"])
    }

    func testRecordAssertionsConsumeWhatTheyMatched() {
        XCTAssertEqual(unconsumed([1, 2]) { XCTAssertRecordedValues($0, [1, 2]) }.map(\.message.unconsumedPart), ["finished"])
        XCTAssertEqual(unconsumed([1, 2]) { XCTAssertRecordedEvents($0, [.value(1), .value(2), .finished]) }.count, 0)
        XCTAssertEqual(unconsumed([1, 2]) { XCTAssertRecordedValues($0, [1]) }.count, 1, "a mismatch, reported once")
    }

    /// One problem, one failure: a record assertion that fails lists the
    /// recording in its diff, and the end of the test does not list it
    /// again; what is recorded after it still is.
    func testAFailedRecordAssertionIsReportedOnce() {
        let cases: [(String, (Recorder<Int, Never>) -> Void)] = [
            ("XCTAssertRecordedValues", { XCTAssertRecordedValues($0, [1]) }),
            ("XCTAssertRecordedEvents", { XCTAssertRecordedEvents($0, [.value(1), .finished]) }),
            ("XCTAssertRecordedMarbles", { XCTAssertRecordedMarbles($0, "(a|)", values: ["a": 1]) }),
        ]
        for (name, assertion) in cases {
            let failures = unconsumed([1, 2], assertion)
            XCTAssertEqual(failures.map { String($0.message.prefix(name.count + 7)) }, ["\(name) failed"], name)
        }
        let subject = PassthroughSubject<Int, Never>()
        let (failures, _) = captureFailures {
            let recorder = subject.record(exhaustive: true)
            subject.send(1)
            XCTAssertRecordedValues(recorder, [2])
            subject.send(3)
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(failures.last?.message.unconsumedPart, "3")
    }

    func testTheExplicitWords() {
        XCTAssertEqual(unconsumed([1, 2, 3]) { try $0.skip(2).get(); _ = try $0.next().get(); try $0.finished.get() }.count, 0)
        XCTAssertEqual(unconsumed([1, 2, 3]) { _ = try $0.next().get(); $0.ignoreRemainingEvents() }.count, 0)
        var line = 0
        let failures = captureFailures {
            let recorder = [1].publisher.record()
            recorder.expectNoEvents(); line = #line
        }.failures
        assertFailures(failures, ["recorder.expectNoEvents(): expected no unconsumed event; found 2 unconsumed events [1, finished]."], at: line)
    }

    func testIgnoringTheRemainingEventsKeepsTheRecorderExhaustiveForLaterOnes() {
        let subject = PassthroughSubject<Int, Never>()
        var line = 0
        let failures = captureFailures {
            let recorder = subject.record(exhaustive: true); line = #line
            subject.send(1)
            recorder.ignoreRemainingEvents()
            subject.send(2)
            _ = recorder
        }.failures
        assertFailures(failures, [
            prefix + "\(line) ends the test with 1 unconsumed event [2]. "
                + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents().",
        ], at: line)
        let recorder = subject.record(exhaustive: true)
        recorder.ignoreRemainingEvents()
        XCTAssertTrue(recorder.isExhaustive)
        recorder.cancel()
    }

    func testCancellingExcusesOnlyTheMissingCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertEqual(captureFailures {
            let recorder = subject.record(exhaustive: true)
            subject.send(1)
            _ = try recorder.next().get()
            recorder.cancel()
        }.failures.count, 0, "no completion was ever recorded: nothing to consume")
        XCTAssertEqual(captureFailures {
            let recorder = subject.record(exhaustive: true)
            subject.send(2)
            recorder.cancel()
        }.failures.map(\.message.unconsumedPart), ["2"], "cancelling does not excuse an unconsumed element")
    }

    func testAScopeReportsOnceAndKeepsEarlierFailures() {
        let (failures, _) = captureFailures {
            let recorder = ProbeSettings.withOverrides(.init(exhaustive: true)) { () -> Recorder<Int, Never> in
                let recorder = [1].publisher.record()
                XCTFail("an earlier failure of the test")
                return recorder
            }
            XCTAssertTrue(recorder.isExhaustive)
            // The scope ended: reported then; dropping the recorder now does not report again.
        }
        XCTAssertEqual(failures.map(\.message), [
            "an earlier failure of the test",
            prefix + "\(#line - 9) ends the test with 2 unconsumed events [1, finished]. "
                + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents().",
        ])
    }

    func testVirtualTimesAreListed() {
        let scheduler = DispatchQueue.virtualScheduler()
        let failures = captureFailures {
            let recorder = Just("late").delay(for: .seconds(2), scheduler: scheduler).record(timedBy: scheduler, exhaustive: true)
            scheduler.run()
            _ = recorder
        }.failures
        XCTAssertEqual(failures.map(\.message.unconsumedPart), ["\"late\" at 2s, finished at 2s"])
    }

    func testRecordersAreNotExhaustiveByDefault() {
        XCTAssertEqual(captureFailures { _ = [1].publisher.record() }.failures.count, 0)
        XCTAssertFalse(ProbeSettings.current.exhaustive)
    }
}

/// Exhaustiveness and scoped settings for a whole XCTestCase class.
final class ExhaustiveTestCaseTests: ProbeTestCase {
    override class var probeSettings: ProbeSettings.Overrides {
        .init(defaultTimeout: 3, exhaustive: true)
    }

    func testTheClassSettingsApplyToItsTests() throws {
        XCTAssertEqual(ProbeSettings.current.defaultTimeout, 3)
        let recorder = ["a", "b"].publisher.record()
        XCTAssertTrue(recorder.isExhaustive)
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), ["a", "b"])
    }

    func testAnAsyncTestOfTheClass() async throws {
        XCTAssertEqual(ProbeSettings.current.defaultTimeout, 3)
        let recorder = ["c"].publisher.record()
        let single = try await wait(for: recorder.single, timeout: 1)
        XCTAssertEqual(single, "c")
    }
}

@Suite struct ExhaustiveSwiftTests {
    @Test("Unconsumed events are an issue at the record line (fails on purpose)", .tags(.failurePath))
    func unconsumedEventsAreAnIssueAtTheRecordLine() async throws {
        _ = await expectIssue(
            "Exhaustive recorder created at CombineProbeTests/ExhaustiveRecorderTests.swift:",
            containing: [" ends the test with 2 unconsumed events [2, finished]. Read them"], atLine: #line + 3
        ) {
            try await ProbeSettings.withOverrides(.init(exhaustive: true)) {
                let recorder = [1, 2].publisher.record()
                let first = try await wait(for: recorder.next(), timeout: 1)
                #expect(first == 1)
            }
        }
    }

    @Test("Ignoring the remaining events keeps the recorder exhaustive for later ones (fails on purpose)", .tags(.failurePath))
    func ignoringTheRemainingEventsKeepsTheRecorderExhaustiveForLaterOnes() async throws {
        let subject = PassthroughSubject<Int, Never>()
        _ = await expectIssue(
            "Exhaustive recorder created at CombineProbeTests/ExhaustiveRecorderTests.swift:",
            containing: [" ends the test with 1 unconsumed event [2]. Read them"], atLine: #line + 3
        ) {
            ProbeSettings.withOverrides(.init(exhaustive: true)) {
                let recorder = subject.record()
                subject.send(1)
                recorder.ignoreRemainingEvents()
                #expect(recorder.isExhaustive)
                subject.send(2)
            }
        }
    }

    @Test("A failed record assertion on an exhaustive recorder is one issue (fails on purpose)", .tags(.failurePath))
    func aFailedRecordAssertionIsOneIssue() async {
        _ = await expectIssues(["XCTAssertRecordedValues failed"], atLine: #line + 4) {
            ProbeSettings.withOverrides(.init(exhaustive: true)) {
                let recorder = [1, 2].publisher.record()
                // The one failure: the end of the scope does not list 1, 2 again.
                XCTAssertRecordedValues(recorder, [1])
            }
        }
    }

    #if compiler(>=6.1)
    @Test(.exhaustiveRecorders) func theTraitMakesRecordersExhaustive() throws {
        let recorder = [1].publisher.record()
        #expect(recorder.isExhaustive)
        #expect(try recorder.single.get() == 1)
    }
    #endif
}

#if compiler(>=6.1)
/// Parallel tests with different scoped settings never see each other's.
@Suite(.probeSettings(defaultTimeout: 7)) struct SevenSecondTests {
    @Test(arguments: 0..<20) func seesItsOwnSettings(_ index: Int) async throws {
        #expect(ProbeSettings.current.defaultTimeout == 7)
        try await Task.sleep(nanoseconds: 1_000_000)
        #expect(ProbeSettings.current.defaultTimeout == 7)
        #expect(!ProbeSettings.current.exhaustive)
    }
}

@Suite(.probeSettings(defaultTimeout: 9, exhaustive: true)) struct NineSecondTests {
    @Test(arguments: 0..<20) func seesItsOwnSettings(_ index: Int) async throws {
        #expect(ProbeSettings.current.defaultTimeout == 9)
        let recorder = [index].publisher.record()
        try await Task.sleep(nanoseconds: 1_000_000)
        #expect(ProbeSettings.current.defaultTimeout == 9)
        #expect(try await wait(for: recorder.single, timeout: 1) == index)
    }
}
#endif

extension String {
    /// The list of events in an exhaustiveness failure, inside its brackets.
    var unconsumedPart: String {
        guard let start = range(of: "unconsumed event"), let open = self[start.upperBound...].firstIndex(of: "["),
              let end = range(of: "]. Read them") else { return self }
        return String(self[index(after: open)..<end.lowerBound])
    }
}
