import CombineProbe
import Foundation
import XCTest

/// Each symbol of the marble grammar, read by a cold or hot publisher and
/// checked against the timeline it plays.
final class MarbleGrammarTests: FailureCapturingTestCase {
    let scheduler = DispatchQueue.virtualScheduler()
    let values = ["a": 1, "b": 2, "c": 3, "long": 10, "5": 5]

    /// Subscribes at once, runs every scheduled event, returns the timeline.
    func played<Failure: Error>(_ publisher: ScriptedPublisher<Int, Failure>) -> [TimedEvent<Int, Failure>] {
        let recorder = publisher.record(timedBy: scheduler)
        scheduler.run()
        return recorder.timeline
    }

    /// The timeline a cold publisher plays on a fresh scheduler.
    func cold(_ diagram: String, tick: VirtualTime = .milliseconds(10)) -> [TimedEvent<Int, Never>] {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = scheduler.coldPublisher(diagram, values: values, tick: tick).record(timedBy: scheduler)
        scheduler.run()
        return recorder.timeline
    }

    func testDashesAreTicksAndNamesAreValues() {
        XCTAssertEqual(played(scheduler.coldPublisher("--a--b|", values: values)), [
            .value(1, at: .milliseconds(20)), .value(2, at: .milliseconds(50)), .finished(at: .milliseconds(60)),
        ])
    }

    func testTheTickIsTheTestsChoice() {
        XCTAssertEqual(played(scheduler.coldPublisher("-a|", values: values, tick: .seconds(1))), [
            .value(1, at: .seconds(1)), .finished(at: .seconds(2)),
        ])
    }

    func testHashFailsWithTheGivenError() {
        let publisher: ScriptedPublisher<Int, TestFailure> = scheduler.coldPublisher("-a#", values: values, error: TestFailure())
        XCTAssertEqual(played(publisher), [.value(1, at: .milliseconds(10)), .failure(TestFailure(), at: .milliseconds(20))])
    }

    func testAGroupIsOneInstantAndTakesItsWidth() {
        XCTAssertEqual(played(scheduler.coldPublisher("(ab)-|", values: values)), [
            .value(1, at: .zero), .value(2, at: .zero), .finished(at: .milliseconds(50)),
        ])
        XCTAssertEqual(cold("--(ab|)"), [
            .value(1, at: .milliseconds(20)), .value(2, at: .milliseconds(20)), .finished(at: .milliseconds(20)),
        ])
    }

    func testBracketsNameLongerValuesAndTakeTheirWidth() {
        XCTAssertEqual(played(scheduler.coldPublisher("-[long]-[a]|", values: values)), [
            .value(10, at: .milliseconds(10)), .value(1, at: .milliseconds(80)), .finished(at: .milliseconds(110)),
        ])
    }

    func testADigitIsANameUnlessATimeProgressionStartsThere() {
        XCTAssertEqual(played(scheduler.coldPublisher("-5 5 [5]|", values: values)), [
            .value(5, at: .milliseconds(10)), .value(5, at: .milliseconds(20)), .value(5, at: .milliseconds(30)),
            .finished(at: .milliseconds(60)),
        ])
    }

    func testSpacesAreIgnored() {
        XCTAssertEqual(
            cold("  -a -  b|  "),
            cold("-a-b|"))
    }

    func testTimeProgressions() {
        XCTAssertEqual(played(scheduler.coldPublisher("a 250ms b 1.5s |", values: values)), [
            .value(1, at: .zero), .value(2, at: .milliseconds(260)), .finished(at: .milliseconds(1770)),
        ], "a takes one tick, then 250 ms pass: b is at 260 ms, as in RxJS")
        XCTAssertEqual(cold("20µs a 20us b 7ns c", tick: .nanoseconds(1)), [
            .value(1, at: .microseconds(20)), .value(2, at: .nanoseconds(40_001)), .value(3, at: .nanoseconds(40_009)),
        ])
    }

    func testAnAtTimePlacesTheNextSymbolEvenBackInTime() {
        XCTAssertEqual(played(scheduler.coldPublisher("(ab) @10ms c @1s |", values: values)), [
            .value(1, at: .zero), .value(2, at: .zero), .value(3, at: .milliseconds(10)), .finished(at: .seconds(1)),
        ])
    }

    func testAColdPublisherPlaysForEachSubscriberFromItsSubscription() {
        let publisher = scheduler.coldPublisher("-a|", values: values)
        let first = publisher.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        let second = publisher.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertEqual(first.timeline, [.value(1, at: .milliseconds(10)), .finished(at: .milliseconds(20))])
        XCTAssertEqual(second.timeline, [.value(1, at: .milliseconds(1010)), .finished(at: .milliseconds(1020))])
    }

    func testAHotPublisherCountsFromTheCaretAndSkipsWhatCameBefore() {
        let publisher = scheduler.hotPublisher("-a-^-b--c-|", values: values)
        let early = publisher.record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(30))
        let late = publisher.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertEqual(early.timeline, [.value(2, at: .milliseconds(20)), .value(3, at: .milliseconds(50)), .finished(at: .milliseconds(70))])
        XCTAssertEqual(late.timeline, [.value(3, at: .milliseconds(50)), .finished(at: .milliseconds(70))])
        XCTAssertEqual(publisher.kind, .hot)
    }

    func testAHotCompletionBeforeTheCaretIsPlayedAtTheCaret() {
        let publisher: ScriptedPublisher<Int, TestFailure> = scheduler.hotPublisher("-a#-^--", values: values, error: TestFailure())
        XCTAssertEqual(played(publisher), [.failure(TestFailure(), at: .zero)])
    }

    func testAHotPublisherMadeLaterCountsFromWhenItIsMade() {
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(played(scheduler.hotPublisher("-a|", values: values)), [
            .value(1, at: .milliseconds(1010)), .finished(at: .milliseconds(1020)),
        ])
    }

    func testSubscriptionDiagrams() {
        let publisher = scheduler.coldPublisher("-----a", values: values)
        let first = publisher.record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(40))
        first.cancel()
        scheduler.advance(by: .milliseconds(20))
        let second = publisher.record(timedBy: scheduler)
        second.cancel()
        let third = publisher.record(timedBy: scheduler)
        XCTAssertSubscriptionMarbles(publisher, ["^---!", "------(^!)", "  ------^  "])
        XCTAssertSubscriptionMarbles(publisher, ["^ 30ms !", "@60ms (^!)", "@60ms ^"])
        withExtendedLifetime(third) {}
    }

    func testRecordedMarblesPassOnTheSameTimeline() {
        let publisher: ScriptedPublisher<Int, TestFailure> = scheduler.coldPublisher("--a-(bc)-#", values: values, error: TestFailure())
        let recorder = publisher.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "--a-(bc)-#", values: values)
        XCTAssertRecordedMarbles(recorder, "--a-(bc)-#", values: values, failure: .failure(TestFailure()))
        XCTAssertRecordedMarbles(recorder, "--a-(bc)-#", matching: [
            "a": .value(where: { $0 == 1 }), "b": .value(where: { $0 == 2 }), "c": .value(where: { $0 > 2 }),
        ], failure: .failure(ofType: TestFailure.self))
    }
}
