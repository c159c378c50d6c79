import CombineProbe
import Foundation
import XCTest

/// Bad diagrams and mismatches: one failure at the caller's line, the
/// diagram shown with a caret under the column, the marbles drawn.
final class MarbleFailureTests: FailureCapturingTestCase {
    let scheduler = DispatchQueue.virtualScheduler()
    let values = ["a": 1, "b": 2, "long": 10]

    func testAnUnknownNameNamesItsColumnAndThePublisherPlaysWhatCameBefore() {
        var publisher: ScriptedPublisher<Int, Never>?
        let (failures, _) = captureFailures { publisher = scheduler.coldPublisher("--ax|", values: values) }
        assertFailures(failures, ["""
            coldPublisher("--ax|"): unknown value name "x" (the names are "a", "b", "long"), at column 4:
                --ax|
                   ^
            The publisher plays the event read before the mistake: 1 at 20ms.
            """], at: #line - 6)
        let recorder = publisher!.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertEqual(recorder.timeline, [.value(1, at: .milliseconds(20))])
    }

    func testEachMistakeIsNamedAtItsColumn() {
        let cases: [(String, Bool, String)] = [
            ("-(ab", false, "\"(\" is never closed by \")\", at column 2:\n    -(ab\n     ^\nThe publisher plays the 2 events read before the mistake: 1 at 10ms, 2 at 10ms."),
            ("-a)", false, "\")\" closes no group, at column 3:\n    -a)\n      ^\n"),
            ("-(a(b))", false, "a group inside a group, at column 4:"),
            ("(a-b)", false, "\"-\" inside a group: a group is one instant, at column 3:"),
            ("-|-|", false, "a second completion (the first is at column 2), at column 4:\n    -|-|\n       ^\nThe publisher plays the event read before the mistake: finished at 10ms."),
            ("-|a", false, "a value after the completion at column 2, at column 3:"),
            ("^-^", true, "a second \"^\" (the first is at column 1), at column 3:\n    ^-^\n      ^\nThe publisher plays no event."),
            ("^-a", false, "\"^\" marks the subscription point of a hot publisher, not allowed here, at column 1:"),
            ("a-!", false, "\"!\" is for subscription diagrams (\"^---!\"), not allowed here, at column 3:"),
            ("a 25xs b", false, "the time \"25xs\" has an unknown unit \"xs\": write ns, µs (or us), ms or s, at column 3:\n    a 25xs b\n      ^\n"),
            ("a 25ms- b", false, "a time progression must be followed by a space, at column 3:"),
            ("a 1.5ns b", false, "the time 1.5ns is finer than a nanosecond, at column 3:"),
            ("-[long", false, "\"[\" is never closed by \"]\", at column 2:"),
            ("-[]", false, "an empty name \"[]\", at column 2:"),
            ("-a-#", false, "\"#\" in the diagram of a publisher that never fails, at column 4:"),
            ("a-b @5ms |", false, "@5ms is before the previous event, at column 3, at column 5:"),
        ]
        for (diagram, hot, expected) in cases {
            let (failures, _) = captureFailures {
                _ = hot ? scheduler.hotPublisher(diagram, values: values) : scheduler.coldPublisher(diagram, values: values)
            }
            let function = hot ? "hotPublisher" : "coldPublisher"
            assertFailures(failures, ["\(function)(\(diagram.debugDescription)): \(expected)"], at: #line - 3)
        }
    }

    func testAHashWithoutAnErrorIsAMistake() {
        let (failures, _) = captureFailures {
            let _: ScriptedPublisher<Int, TestFailure> = scheduler.hotPublisher("-a#", values: values)
        }
        assertFailures(failures, ["hotPublisher(\"-a#\"): \"#\" needs the error to fail with: pass error:, at column 3:"], at: #line - 2)
    }

    func testATickOfZeroIsAFailure() {
        let (failures, _) = captureFailures { _ = scheduler.coldPublisher("-a", values: values, tick: .zero) }
        assertFailures(failures, ["coldPublisher: the tick must be longer than zero, not 0s; drawn with 10ms instead."], at: #line - 1)
    }

    func testARecordingThatDiffersIsDrawnAboveTheTable() {
        let recorder = scheduler.coldPublisher("--a--b|", values: values).record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedMarbles(recorder, "--a---b|", values: values, "late b")
        }
        assertFailures(failures, ["""
            XCTAssertRecordedMarbles failed - late b
            marbles (- is 10ms):
              expected  --a---b|
              recorded  --a--b|
                             ^
            recorded timeline events differ from the expected ones at index 1, out of 3 expected and 3 recorded:
                 expected          recorded
               0 1 at 20ms         1 at 20ms
             > 1 2 at 60ms         2 at 50ms
               2 finished at 70ms  finished at 60ms
            """], at: #line - 13)
    }

    /// One failure at the line, from an async main-actor test too: on Apple
    /// platforms the assertion once started an XCTest activity for its
    /// attachment, which XCTest may refuse there by stopping the process
    /// ("Current context must not be nil"). The message carries the timeline.
    @MainActor
    func testAFailingMarbleAssertionInAnAsyncMainActorTestIsOneFailure() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.coldPublisher("--a|", values: values).record(timedBy: scheduler)
        await scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedMarbles(recorder, "---a|", values: values)
        }
        assertFailures(failures, ["""
            XCTAssertRecordedMarbles failed
            marbles (- is 10ms):
              expected  ---a|
              recorded  --a|
            """], at: #line - 7)
    }

    func testARecordedValueWithoutANameIsDrawnAsAQuestionMark() {
        let recorder = scheduler.coldPublisher("-a-b-(a|)", values: ["a": 1, "b": 7]).record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedMarbles(recorder, "-a-b-(a|)", values: ["a": 1, "b": 2])
        }
        assertFailures(failures, ["""
            XCTAssertRecordedMarbles failed
            marbles (- is 10ms):
              expected  -a-b-(a|)
              recorded  -a-?-(a|)
                           ^
              ? is a recorded value that no name stands for: 7 at 30ms
            recorded timeline events differ
            """], at: #line - 10)
    }

    func testTwoFailuresDrawnAlikeAreStillPointedAt() {
        struct Failed: Error, Equatable { let code: Int }
        let publisher: ScriptedPublisher<Int, Failed> = scheduler.coldPublisher("-a#", values: values, error: Failed(code: 1))
        let recorder = publisher.record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedMarbles(recorder, "-a#", values: values, failure: .failure(Failed(code: 2)))
        }
        assertFailures(failures, ["""
            XCTAssertRecordedMarbles failed
            marbles (- is 10ms):
              expected  -a#
              recorded  -a#
                          ^
            """], at: #line - 8)
    }

    func testABadExpectedDiagramShowsTheRecordingDrawn() {
        let recorder = scheduler.coldPublisher("--a--b|", values: values).record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedMarbles(recorder, "--a--b|", values: ["a": 1])
        }
        assertFailures(failures, ["""
            XCTAssertRecordedMarbles failed: unknown value name "b" (the names are "a"), at column 6 of the expected diagram:
                --a--b|
                     ^
            recorded (- is 10ms): --a--?|
              ? is a recorded value that no name stands for: 2 at 50ms
            """], at: #line - 8)
    }

    func testARecorderWithoutTimesIsAFailure() {
        let recorder = Just(1).record()
        let (failures, _) = captureFailures { XCTAssertRecordedMarbles(recorder, "(a|)", values: ["a": 1]) }
        assertFailures(failures, ["XCTAssertRecordedMarbles failed: the recorder has no virtual times"], at: #line - 1)
    }

    func testATimelineAssertionDrawsMarblesBelowItsTable() {
        let recorder = scheduler.coldPublisher("--a--b|", values: values).record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedTimeline(recorder, [
                .value(1, at: .milliseconds(20)), .value(2, at: .milliseconds(40)), .finished(at: .milliseconds(60)),
            ])
        }
        assertFailures(failures, ["""
            XCTAssertRecordedTimeline failed
            recorded timeline events differ from the expected ones at index 1, out of 3 expected and 3 recorded:
                 expected          recorded
               0 1 at 20ms         1 at 20ms
             > 1 2 at 40ms         2 at 50ms
               2 finished at 60ms  finished at 60ms
            drawn as marbles (- is 10ms; a = 1, b = 2):
              expected  --a-b-|
              recorded  --a--b|
                            ^
            """], at: #line - 15)
    }

    func testATimelineBetweenTicksIsDrawnWithTimeProgressions() {
        let publisher: ScriptedPublisher<String, Never> = scheduler.coldPublisher([
            .value("sw", at: .milliseconds(300)), .value("swift", at: .milliseconds(1_250)), .finished(at: .milliseconds(1_250)),
        ])
        let recorder = publisher.record(timedBy: scheduler)
        scheduler.run()
        let (failures, _) = captureFailures {
            XCTAssertRecordedTimeline(recorder, [.value("sw", at: .milliseconds(300)), .value("swift", at: .seconds(10))])
        }
        assertFailures(failures, ["""
            XCTAssertRecordedTimeline failed
            recorded timeline events differ from the expected ones at index 1, out of 2 expected and 3 recorded:
                 expected        recorded
               0 "sw" at 300ms   "sw" at 300ms
             > 1 "swift" at 10s  "swift" at 1.25s
               2 (none)          finished at 1.25s
            drawn as marbles (- is 10ms; a = "sw", b = "swift"):
              expected  ------------------------------a 9.69s b
              recorded  ------------------------------a 940ms (b|)
                                                         ^
            """], at: #line - 13)
    }

    func testSubscriptionsThatDifferAreDrawn() {
        let publisher = scheduler.coldPublisher("-----a", values: values)
        let recorder = publisher.record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(30))
        recorder.cancel()
        let (failures, _) = captureFailures {
            XCTAssertSubscriptionMarbles(publisher, ["^---!", "-----^"], "two")
        }
        assertFailures(failures, ["""
            XCTAssertSubscriptionMarbles failed - two
            recorded subscriptions differ from the expected ones at index 0 (expected 2, recorded 1; - is 10ms):
              0 expected  ^---!
                recorded  ^--!
                             ^
              1 expected  -----^
                recorded  (none)
                          ^
            recorded log:
              0 subscribed at 0s, cancelled at 30ms, demand [unlimited]
            """], at: #line - 13)
    }

    func testABadSubscriptionDiagramNamesItsColumn() {
        let publisher = scheduler.coldPublisher("-a", values: values)
        let cases = [
            ("--!", "\"!\" before the subscription \"^\", at column 3 of diagram 0:\n    --!\n      ^"),
            ("^-^", "a second \"^\" (the first is at column 1): write one diagram per subscription, at column 3 of diagram 0:"),
            ("^-!!", "a second \"!\" (the first is at column 3), at column 4 of diagram 0:"),
            ("^-a", "\"a\" in a subscription diagram, which holds \"-\", \"^\", \"!\", groups and times, at column 3 of diagram 0:"),
            ("----", "no \"^\": a subscription diagram draws when the subscription started, at column 1 of diagram 0:"),
        ]
        for (diagram, expected) in cases {
            let (failures, _) = captureFailures { XCTAssertSubscriptionMarbles(publisher, [diagram]) }
            assertFailures(failures, ["XCTAssertSubscriptionMarbles failed: \(expected)"], at: #line - 1)
        }
    }
}
