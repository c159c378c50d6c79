import CombineProbe
import Foundation
import XCTest

/// Scripted publishers, `start`, timelines and their assertions.
final class ScriptedPublisherTests: FailureCapturingTestCase {
    let scheduler = DispatchQueue.virtualScheduler()

    func testAColdPublisherPlaysItsEventsForEachSubscriber() {
        let response: ScriptedPublisher<String, TestFailure> = scheduler.coldPublisher([
            .value("ok", at: .milliseconds(200)), .finished(at: .milliseconds(300)),
        ])
        let first = response.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        let second = response.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(first.timeline, [.value("ok", at: .milliseconds(200)), .finished(at: .milliseconds(300))])
        XCTAssertEqual(second.timeline, [.value("ok", at: .milliseconds(1200)), .finished(at: .milliseconds(1300))])
        XCTAssertEqual(response.kind, .cold)
        XCTAssertEqual(response.subscriptions, [
            SubscriptionRecord(subscribed: .zero, demands: [.unlimited]),
            SubscriptionRecord(subscribed: .seconds(1), demands: [.unlimited]),
        ])
    }

    func testAHotPublisherIsSharedAndALateSubscriberMissesEarlierEvents() {
        let taps: ScriptedPublisher<String, Never> = scheduler.hotPublisher([
            .value("first", at: .milliseconds(100)), .value("second", at: .milliseconds(150)), .finished(at: .seconds(1)),
        ])
        let early = taps.record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(120))
        let late = taps.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(2))
        let afterCompletion = taps.record(timedBy: scheduler)
        XCTAssertEqual(early.timeline, [.value("first", at: .milliseconds(100)), .value("second", at: .milliseconds(150)), .finished(at: .seconds(1))])
        XCTAssertEqual(late.timeline, [.value("second", at: .milliseconds(150)), .finished(at: .seconds(1))])
        XCTAssertEqual(afterCompletion.events, [.finished])
    }

    func testCancellationIsLoggedAndStopsTheEvents() {
        let ticks: ScriptedPublisher<Int, Never> = scheduler.coldPublisher([
            .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .value(3, at: .seconds(3)),
        ])
        let recorder = ticks.record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(1500))
        recorder.cancel()
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(recorder.timeline, [.value(1, at: .seconds(1))])
        XCTAssertEqual(ticks.subscriptions, [SubscriptionRecord(subscribed: .zero, cancelled: .milliseconds(1500), demands: [.unlimited])])
        XCTAssertEqual(scheduler.pendingActionCount, 0, "cancelled events are unscheduled")
    }

    func testDemandIsHonouredAndLogged() {
        let numbers: ScriptedPublisher<Int, Never> = scheduler.coldPublisher([
            .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .value(3, at: .seconds(3)),
        ])
        var received: [Int] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.max(1)) },
            receiveValue: { received.append($0); return received.count == 1 ? .none : .none },
            receiveCompletion: { _ in })
        numbers.subscribe(subscriber)
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(received, [1], "values beyond the demand are dropped")
        XCTAssertEqual(numbers.subscriptions.first?.demands, [.max(1)])
        XCTAssertEqual(numbers.subscriptions.first?.description, "subscribed at 0s, demand [max(1)]")
    }

    func testStartCreatesSubscribesAndCancelsAtTheClassicTimes() {
        let taps: ScriptedPublisher<String, Never> = scheduler.hotPublisher([
            .value("missed", at: .seconds(150)), .value("kept", at: .seconds(300)), .value("too late", at: .seconds(1001)),
        ])
        var createdAt: VirtualTime?
        let recorder = scheduler.start { () -> ScriptedPublisher<String, Never> in
            createdAt = scheduler.elapsed
            return taps
        }
        XCTAssertEqual(createdAt, .seconds(100))
        XCTAssertEqual(recorder.timeline, [.value("kept", at: .seconds(300))])
        XCTAssertEqual(taps.subscriptions, [SubscriptionRecord(subscribed: .seconds(200), cancelled: .seconds(1000), demands: [.unlimited])])
        XCTAssertEqual(scheduler.elapsed, .seconds(1000))
    }

    func testStartWithTimesOutOfOrderIsAFailure() {
        let (failures, _) = captureFailures {
            _ = scheduler.start(created: .seconds(2), subscribed: .seconds(1)) { Just(1) }
        }
        assertFailures(failures, ["VirtualScheduler.start(created: 2s, subscribed: 1s, cancelled: 1000s): the times must be in this order"], at: #line - 2)
    }

    func testTimelineAssertion() {
        let recorder = scheduler.start(created: .zero, subscribed: .zero, cancelled: .seconds(2)) {
            Just("sw").delay(for: .milliseconds(400), scheduler: scheduler)
        }
        XCTAssertRecordedTimeline(recorder, [.value("sw", at: .milliseconds(400)), .finished(at: .milliseconds(400))])
        let (failures, _) = captureFailures {
            XCTAssertRecordedTimeline(recorder, [.value("sw", at: .milliseconds(300)), .finished(at: .milliseconds(400))], "debounced")
        }
        assertFailures(failures, ["""
            XCTAssertRecordedTimeline failed - debounced
            recorded timeline events differ from the expected ones at index 0, out of 2 expected and 2 recorded:
                 expected           recorded
             > 0 "sw" at 300ms      "sw" at 400ms
               1 finished at 400ms  finished at 400ms
            """], at: #line - 8)
    }

    func testATimelineNeedsATimedRecorder() {
        let recorder = Just(1).record()
        XCTAssertEqual(recorder.timeline, [])
        XCTAssertFalse(recorder.isTimed)
        let (failures, _) = captureFailures { XCTAssertRecordedTimeline(recorder, [.value(1, at: .zero)]) }
        assertFailures(failures, ["XCTAssertRecordedTimeline failed: the recorder has no virtual times; create it with record(timedBy: scheduler)"], at: #line - 1)
    }

    func testTimedEventDescriptions() {
        XCTAssertEqual(TimedEvent<String, TestFailure>.value("sw", at: .milliseconds(400)).description, "\"sw\" at 400ms")
        XCTAssertEqual(TimedEvent<String, TestFailure>.failure(TestFailure(), at: .seconds(1)).description, "failure(TestFailure()) at 1s")
        XCTAssertEqual(TimedEvent<String, TestFailure>.finished(at: .zero).description, "finished at 0s")
    }
}
