import CombineProbe
import Foundation
import Testing

/// Waits in virtual time under Swift Testing: failures arrive as issues at
/// the line of the wait, synchronously and with `async`.
@Suite struct VirtualWaitSwiftTests {
    let scheduler = DispatchQueue.virtualScheduler()

    private func delayed(_ value: Int, by milliseconds: Int) -> Recorder<Int, Never> {
        Just(value).delay(for: .milliseconds(milliseconds), scheduler: scheduler).record(timedBy: scheduler)
    }

    @Test func everyExpectationSynchronously() throws {
        #expect(try scheduler.wait(for: delayed(1, by: 10).next(), timeout: .seconds(1)) == 1)
        #expect(try scheduler.wait(for: delayed(2, by: 10).elements, timeout: .seconds(1)) == [2])
        #expect(try scheduler.wait(for: delayed(3, by: 10).single, timeout: .seconds(1)) == 3)
        #expect(try scheduler.wait(for: delayed(4, by: 10).last, timeout: .seconds(1)) == 4)
        #expect(try scheduler.wait(for: delayed(5, by: 10).prefix(1), timeout: .seconds(1)) == [5])
        #expect(try scheduler.wait(for: delayed(6, by: 10).next(1), timeout: .seconds(1)) == [6])
        #expect(try scheduler.wait(for: delayed(7, by: 10).availableElements, timeout: .seconds(1)) == [7])
        #expect(try scheduler.wait(for: delayed(8, by: 10).recording, timeout: .seconds(1)).output == [8])
        try scheduler.wait(for: delayed(9, by: 10).finished, timeout: .seconds(1))
        _ = try scheduler.wait(for: delayed(10, by: 10).completion, timeout: .seconds(1))
        try scheduler.wait(for: delayed(11, by: 2000).finished.inverted, timeout: .seconds(1))
        try scheduler.wait(for: delayed(12, by: 2000).next().inverted, timeout: .seconds(1))
        try scheduler.wait(for: delayed(13, by: 2000).prefix(1).inverted, timeout: .seconds(1))
    }

    @Test func everyExpectationAsynchronously() async throws {
        #expect(try await scheduler.wait(for: delayed(1, by: 10).next(), timeout: .seconds(1)) == 1)
        #expect(try await scheduler.wait(for: delayed(2, by: 10).elements, timeout: .seconds(1)) == [2])
        #expect(try await scheduler.wait(for: delayed(3, by: 10).single, timeout: .seconds(1)) == 3)
        #expect(try await scheduler.wait(for: delayed(4, by: 10).last, timeout: .seconds(1)) == 4)
        #expect(try await scheduler.wait(for: delayed(5, by: 10).prefix(1), timeout: .seconds(1)) == [5])
        #expect(try await scheduler.wait(for: delayed(7, by: 10).availableElements, timeout: .seconds(1)) == [7])
        try await scheduler.wait(for: delayed(9, by: 10).finished, timeout: .seconds(1))
        try await scheduler.wait(for: delayed(11, by: 2000).finished.inverted, timeout: .seconds(1))
        #expect(scheduler.elapsed == .seconds(1) + .milliseconds(70), "seven waits of 10 ms, then a second")
    }

    @Test("A virtual timeout is an issue at the wait (fails on purpose)", .tags(.failurePath))
    func aVirtualTimeoutIsAnIssueAtTheWait() async {
        let recorder = delayed(1, by: 2000)
        let error = await expectIssues(["Asynchronous wait failed: exceeded virtual timeout of 1s waiting for recorder.next()"], atLine: #line + 1) {
            _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        }
        #expect(error as? RecordingError == .notEnoughElements)
        #expect(scheduler.elapsed == .seconds(1))
    }

    @Test("A synchronous virtual timeout is an issue at the wait (fails on purpose)", .tags(.failurePath))
    func aSynchronousVirtualTimeoutIsAnIssueAtTheWait() {
        let recorder = delayed(1, by: 2000)
        let error = expectIssuesNow(["Asynchronous wait failed: exceeded virtual timeout of 500ms"], atLine: #line + 1) {
            _ = try scheduler.wait(for: recorder.elements, timeout: .milliseconds(500))
        }
        #expect(error as? RecordingError == .notCompleted)
    }

    @Test("An inverted expectation fulfilled early is an issue (fails on purpose)", .tags(.failurePath))
    func anInvertedExpectationFulfilledEarlyIsAnIssue() async {
        let recorder = delayed(1, by: 300)
        let message = await failureMessage {
            try await scheduler.wait(for: recorder.finished.inverted, timeout: .seconds(1))
        }
        #expect(message == "Fulfilled inverted expectation recorder.finished.inverted at virtual time 300ms, "
            + "which expects the publisher not to complete. Recorded: 1 element [1 at 300ms], then finished at 300ms.")
    }

    @Test("A timeline mismatch is an issue (fails on purpose)", .tags(.failurePath)) func aTimelineMismatchIsAnIssue() {
        let recorder = delayed(1, by: 300)
        scheduler.advance(by: .seconds(1))
        expectRecordedTimeline(recorder, [.value(1, at: .milliseconds(300)), .finished(at: .milliseconds(300))])
        _ = expectIssuesNow(["expectRecordedTimeline failed\nrecorded timeline events differ"], atLine: #line + 1) {
            expectRecordedTimeline(recorder, [.value(1, at: .milliseconds(200)), .finished(at: .milliseconds(300))])
        }
    }

    @Test("run() stops at its horizon (fails on purpose)", .tags(.failurePath)) func runStopsAtItsHorizon() {
        let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {}
        _ = expectIssuesNow(["VirtualScheduler.run() stopped at its horizon of 10s"], atLine: #line + 1) {
            scheduler.run(horizon: .seconds(10))
        }
        timer.cancel()
    }
}

/// The scheduler at the edges, in Swift Testing: bad strides are issues at
/// the caller's line, and `run()` drains finite work.
@Suite struct VirtualSchedulerLimitsSwiftTests {
    @Test("An infinite advance is an issue (fails on purpose)", .tags(.failurePath)) func anInfiniteAdvanceIsAnIssue() {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = expectIssuesNow(["VirtualScheduler.advance(by: infinity): the interval must be zero or positive, and finite"], atLine: #line + 1) {
            scheduler.advance(by: .seconds(.infinity))
        }
        _ = expectIssuesNow(["VirtualScheduler.advance(by: -infinity)"], atLine: #line + 1) {
            scheduler.advance(by: .seconds(Int.min))
        }
        #expect(scheduler.elapsed == .zero)
    }

    @Test("A never timeout is an issue that counts as zero (fails on purpose)", .tags(.failurePath))
    func aNeverTimeoutIsAnIssueThatCountsAsZero() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = PassthroughSubject<Int, Never>().record()
        _ = expectIssuesNow(["VirtualScheduler.wait(for: recorder.next().inverted, timeout: infinity)"], atLine: #line + 1) {
            try scheduler.wait(for: recorder.next().inverted, timeout: .init(.never))
        }
        #expect(scheduler.elapsed == .zero)
    }

    @Test func runDrainsALongDelay() {
        let scheduler = RunLoop.virtualScheduler()
        let recorder = Just("late").delay(for: .seconds(7200), scheduler: scheduler).record()
        scheduler.run()
        #expect(recorder.events == [.value("late"), .finished])
        #expect(scheduler.elapsed == .seconds(7200))
    }

    @Test func repeatsKeepCreationOrderAmongTies() {
        let scheduler = OperationQueue.virtualScheduler()
        var log: [String] = []
        let timer = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("repeat") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("one-shot") }
        scheduler.advance(by: .seconds(1))
        #expect(log == ["repeat", "repeat", "one-shot"])
        timer.cancel()
    }
}
