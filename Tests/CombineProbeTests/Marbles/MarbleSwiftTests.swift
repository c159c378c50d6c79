import CombineProbe
import Foundation
import Testing

/// The marble publishers and assertions in Swift Testing: issues at the
/// caller's line, with the marbles drawn.
@Suite struct MarbleSwiftTests {
    let scheduler = DispatchQueue.virtualScheduler()
    let values = ["a": 1, "b": 2, "c": 3]

    @Test func aColdPublisherAndItsMarbles() {
        let publisher: ScriptedPublisher<Int, TestFailure> = scheduler.coldPublisher("-a-(bc)-#", values: values, error: TestFailure())
        let recorder = publisher.record(timedBy: scheduler)
        scheduler.run()
        expectRecordedMarbles(recorder, "-a-(bc)-#", values: values, failure: .failure(TestFailure()))
        expectRecordedMarbles(recorder, "-a-(bc)-#", matching: ["a": .value(1), "b": .value(2), "c": .value(where: { $0 == 3 })])
        expectSubscriptionMarbles(publisher, ["^"])
    }

    @Test func aHotPublisherAndItsMarbles() {
        let publisher = scheduler.hotPublisher("a-^-b 100ms c|", values: values)
        let recorder = scheduler.start(created: .zero, subscribed: .zero, cancelled: .seconds(1)) { publisher }
        expectRecordedMarbles(recorder, "--b 100ms c|", values: values)
        // The publisher finished before the recorder was cancelled: no "!".
        expectSubscriptionMarbles(publisher, ["^"])
    }

    @Test("A mismatch is an issue with the marbles drawn (fails on purpose)", .tags(.failurePath))
    func aMismatchIsAnIssueWithTheMarblesDrawn() {
        let recorder = scheduler.coldPublisher("--a--b|", values: values).record(timedBy: scheduler)
        scheduler.run()
        _ = expectIssuesNow(["""
            expectRecordedMarbles failed
            marbles (- is 10ms):
              expected  --a-b|
              recorded  --a--b|
                            ^
            recorded timeline events differ
            """], atLine: #line + 1) {
            expectRecordedMarbles(recorder, "--a-b|", values: values)
        }
    }

    @Test("A timeline mismatch is drawn too (fails on purpose)", .tags(.failurePath))
    func aTimelineMismatchIsDrawnToo() {
        let recorder = scheduler.coldPublisher("--a--b|", values: values).record(timedBy: scheduler)
        scheduler.run()
        _ = expectIssuesNow(["expectRecordedTimeline failed\nrecorded timeline events differ"], atLine: #line + 1) {
            expectRecordedTimeline(recorder, [.value(1, at: .milliseconds(20))])
        }
        let message = MessageBox()
        withKnownIssue {
            expectRecordedTimeline(recorder, [.value(1, at: .milliseconds(20))])
        } matching: { issue in
            message.set(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(message.value?.hasSuffix("""
            drawn as marbles (- is 10ms; a = 1, b = 2):
              expected  --a
              recorded  --a--b|
                           ^
            """) == true, "\(message.value ?? "no issue")")
    }

    @Test("A bad diagram is an issue naming its column (fails on purpose)", .tags(.failurePath))
    func aBadDiagramIsAnIssueNamingItsColumn() {
        _ = expectIssuesNow(["hotPublisher(\"-a-^-(b\"): \"(\" is never closed by \")\", at column 6:\n    -a-^-(b\n         ^"], atLine: #line + 1) {
            _ = scheduler.hotPublisher("-a-^-(b", values: values)
        }
        _ = expectIssuesNow(["expectSubscriptionMarbles failed: \"a\" in a subscription diagram"], atLine: #line + 1) {
            expectSubscriptionMarbles(scheduler.coldPublisher("-a", values: values), ["^-a"])
        }
    }

    @Test("Subscriptions that differ are an issue (fails on purpose)", .tags(.failurePath))
    func subscriptionsThatDifferAreAnIssue() {
        let publisher = scheduler.coldPublisher("-a", values: values)
        let recorder = publisher.record(timedBy: scheduler)
        _ = expectIssuesNow(["expectSubscriptionMarbles failed\nrecorded subscriptions differ from the expected ones at index 0"], atLine: #line + 1) {
            expectSubscriptionMarbles(publisher, ["^-!"])
        }
        withExtendedLifetime(recorder) {}
    }
}
