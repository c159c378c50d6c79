import CombineProbe
import Foundation
import Testing
import XCTest

// The examples of Documentation/MarbleDiagrams.md, verbatim.

/// The error of the guide's failing search.
enum SearchError: Error, Equatable {
    case offline
}

/// A value that is not Equatable, for the guide's matchers.
struct Profile {
    let id: Int
    let name: String
}

final class DocumentationMarbleXCTests: FailureCapturingTestCase {
    func testDebounceInMarbles() {
        let scheduler = DispatchQueue.virtualScheduler()
        let queries = scheduler.hotPublisher("-a-b------c---|", values: ["a": "s", "b": "sw", "c": "swift"])
        let recorder = queries
            .debounce(for: .milliseconds(30), scheduler: scheduler)
            .record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "------b------c|", values: ["b": "sw", "c": "swift"])
    }

    func testTheSameTestAsATimeline() {
        let scheduler = DispatchQueue.virtualScheduler()
        let queries: ScriptedPublisher<String, Never> = scheduler.hotPublisher([
            .value("s", at: .milliseconds(10)),
            .value("sw", at: .milliseconds(30)),
            .value("swift", at: .milliseconds(100)),
            .finished(at: .milliseconds(140)),
        ])
        let recorder = queries
            .debounce(for: .milliseconds(30), scheduler: scheduler)
            .record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedTimeline(recorder, [
            .value("sw", at: .milliseconds(60)),
            .value("swift", at: .milliseconds(130)),
            .finished(at: .milliseconds(140)),
        ])
    }

    func testAColdPublisherThatFails() {
        let scheduler = DispatchQueue.virtualScheduler()
        let search: ScriptedPublisher<[String], SearchError> = scheduler.coldPublisher(
            "--a--#", values: ["a": ["swift"]], error: .offline)
        let recorder = search.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "--a--#", values: ["a": ["swift"]], failure: .failure(.offline))
    }

    func testGroupsNamesAndTimeProgressions() {
        let scheduler = DispatchQueue.virtualScheduler()
        let numbers = scheduler.coldPublisher(
            "(ab)-[ten] 1s c|", values: ["a": 1, "b": 2, "ten": 10, "c": 3])
        let recorder = numbers.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedTimeline(recorder, [
            .value(1, at: .zero),
            .value(2, at: .zero),
            .value(10, at: .milliseconds(50)),
            .value(3, at: .milliseconds(1_100)),
            .finished(at: .milliseconds(1_110)),
        ])
    }

    func testAHotPublisherAndItsSubscriptionPoint() {
        let scheduler = DispatchQueue.virtualScheduler()
        let taps = scheduler.hotPublisher("-a-^-b--c|", values: ["a": "early", "b": "first", "c": "second"])
        let recorder = taps.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "--b--c|", values: ["b": "first", "c": "second"])
    }

    func testATickOfYourChoice() {
        let scheduler = DispatchQueue.virtualScheduler()
        let ticks = scheduler.coldPublisher("-a-b|", values: ["a": 1, "b": 2], tick: .seconds(1))
        let recorder = ticks.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "-a-b|", values: ["a": 1, "b": 2], tick: .seconds(1))
        XCTAssertEqual(scheduler.elapsed, .seconds(4))
    }

    func testValuesThatAreNotEquatable() {
        let scheduler = DispatchQueue.virtualScheduler()
        let profiles = scheduler.coldPublisher("--p|", values: ["p": Profile(id: 7, name: "Ada")])
        let recorder = profiles.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "--p|", matching: ["p": .value(where: { $0.id == 7 }, named: "profile 7")])
    }

    func testRetryResubscribes() {
        let scheduler = DispatchQueue.virtualScheduler()
        let flaky: ScriptedPublisher<Int, SearchError> = scheduler.coldPublisher("--#", error: .offline)
        let recorder = flaky.retry(2).record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "------#", failure: .failure(.offline))
        XCTAssertSubscriptionMarbles(flaky, ["^-", "--^-", "----^-"])
    }

    func testWhatAMismatchLooksLike() {
        let scheduler = DispatchQueue.virtualScheduler()
        let queries = scheduler.hotPublisher("-a-b------c---|", values: ["a": "s", "b": "sw", "c": "swift"])
        let recorder = queries
            .debounce(for: .milliseconds(30), scheduler: scheduler)
            .record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedMarbles(recorder, "-----b-------c|", values: ["b": "sw", "c": "swift"])
        }
        assertFailures(failures, ["""
            XCTAssertRecordedMarbles failed
            marbles (- is 10ms):
              expected  -----b-------c|
              recorded  ------b------c|
                             ^
            recorded timeline events differ from the expected ones at index 0, out of 3 expected and 3 recorded:
                 expected           recorded
             > 0 "sw" at 50ms       "sw" at 60ms
               1 "swift" at 130ms   "swift" at 130ms
               2 finished at 140ms  finished at 140ms
            """], at: #line - 13)
    }

    func testWhatABadDiagramLooksLike() {
        let scheduler = DispatchQueue.virtualScheduler()
        let (failures, _) = captureFailures {
            _ = scheduler.coldPublisher("--a--(b|", values: ["a": 1, "b": 2])
        }
        assertFailures(failures, ["""
            coldPublisher("--a--(b|"): "(" is never closed by ")", at column 6:
                --a--(b|
                     ^
            The publisher plays the 3 events read before the mistake: 1 at 20ms, 2 at 50ms, finished at 50ms.
            """], at: #line - 7)
    }
}

@Suite struct DocumentationMarbleSwiftTests {
    @Test func debounceInMarbles() {
        let scheduler = DispatchQueue.virtualScheduler()
        let queries = scheduler.hotPublisher("-a-b------c---|", values: ["a": "s", "b": "sw", "c": "swift"])
        let recorder = queries
            .debounce(for: .milliseconds(30), scheduler: scheduler)
            .record(timedBy: scheduler)
        scheduler.run()
        expectRecordedMarbles(recorder, "------b------c|", values: ["b": "sw", "c": "swift"])
    }
}
