import CombineProbe
import Foundation
import XCTest

// The example of Documentation/MarbleDiagrams.md, "Subscriptions": a `-`
// after the last `^` or `!` of a subscription diagram is not compared.
// SearchError is the guide's, in DocumentationMarbleExamples.swift.
final class DocumentationSubscriptionMarbleExamples: FailureCapturingTestCase {
    func testTrailingDashesAreNotCompared() {
        let scheduler = DispatchQueue.virtualScheduler()
        let flaky: ScriptedPublisher<Int, SearchError> = scheduler.coldPublisher("--#", error: .offline)
        let recorder = flaky.retry(1).record(timedBy: scheduler)
        scheduler.run()
        XCTAssertRecordedMarbles(recorder, "----#", failure: .failure(.offline))
        XCTAssertSubscriptionMarbles(flaky, ["^", "--^"])
        XCTAssertSubscriptionMarbles(flaky, ["^-", "--^-"])
        XCTAssertSubscriptionMarbles(flaky, ["^---------", "--^"])
    }

    /// What the guide says beside the example: a diagram without `!` fails
    /// for a cancelled subscription, and a failure draws a subscription
    /// without trailing dashes.
    func testACancellationNeedsItsBang() {
        let scheduler = DispatchQueue.virtualScheduler()
        let slow: ScriptedPublisher<Int, Never> = scheduler.coldPublisher("-----a|", values: ["a": 1])
        var recorder: Recorder<Int, Never>? = slow.record(timedBy: scheduler)
        scheduler.advance(by: .milliseconds(30))
        recorder = nil
        scheduler.run()
        XCTAssertNil(recorder)
        XCTAssertSubscriptionMarbles(slow, ["^--!"])
        let failures = XCTExpectFailures {
            XCTAssertSubscriptionMarbles(slow, ["^-----"])
        }
        XCTAssertEqual(failures.map(\.message), ["""
            XCTAssertSubscriptionMarbles failed
            recorded subscriptions differ from the expected ones at index 0 (expected 1, recorded 1; - is 10ms):
              0 expected  ^
                recorded  ^--!
                           ^
            recorded log:
              0 subscribed at 0s, cancelled at 30ms, demand [unlimited]
            """])
    }
}
