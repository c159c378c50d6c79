import AppCore
import CombineProbe
import Testing
import XCTest

// A job with progress, retries after a delay, and cancellation, in virtual
// time: the retries' two-second pauses take no time at all.

final class SyncJobTests: ExampleTestCase {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = SyncServiceMock()

    override func setUp() {
        service.defaultDelivery = .on(scheduler)
    }

    func testProgressIsPublishedAfterEachItem() throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b", "c", "d"]).record()
        XCTAssertEqual(try scheduler.wait(for: recorder.elements, timeout: .seconds(1)), [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(service.calledFunctions.count, 4)
    }

    func testAFailedUploadIsRetriedAfterTwoSeconds() throws {
        // One result per attempt: fail twice, then succeed.
        service.uploadResult = .attempts([.failure(.offline), .failure(.offline), .value(())])
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["report"]).record(timedBy: scheduler)
        XCTAssertEqual(try scheduler.wait(for: recorder.last, timeout: .seconds(10)), 1)
        XCTAssertEqual(service.subscriptionCount(to: "upload(_:)"), 3)
        XCTAssertRecordedTimeline(recorder, [.value(1, at: .seconds(4)), .finished(at: .seconds(4))])
        // The same in marbles, one tick (-) per second: two failed attempts,
        // each retried two seconds later, then the upload and the end.
        XCTAssertRecordedMarbles(recorder, "----(a|)", values: ["a": 1], tick: .seconds(1))
    }

    func testTheRetryIsAnAwaitedCallTwoSecondsLater() throws {
        service.uploadResult = .attempts([.failure(.offline), .value(())])
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["report"]).record()
        // Wait for each call in virtual time, with its argument.
        XCTAssertEqual(try scheduler.wait(for: service.nextCall(to: "upload(_:)"), timeout: .seconds(1)).argument(as: String.self), "report")
        XCTAssertEqual(try scheduler.wait(for: service.nextCall(to: "upload(_:)"), timeout: .seconds(5)).argument(as: String.self), "report")
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
        XCTAssertEqual(try scheduler.wait(for: recorder.elements, timeout: .seconds(1)), [1])
    }

    func testTheJobFailsWhenRetriesRunOut() throws {
        service.uploadResult = .failure(.rejected("quota"))
        let recorder = SyncJob(service: service, scheduler: scheduler, retries: 1).run(["a"]).record()
        let recording = try scheduler.wait(for: recorder.recording, timeout: .seconds(10))
        XCTAssertEqual(recording.output, [])
        XCTAssertEqual(recording.completion, .failure(.rejected("quota")))
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
    }

    /// Exhaustive: every progress value and the completion must be read;
    /// an extra, unexpected progress value would fail the test.
    func testEveryProgressValueIsAccountedFor() throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b", "c"]).record(exhaustive: true)
        XCTAssertEqual(try scheduler.wait(for: recorder.next(where: { $0 > 0.5 }), timeout: .seconds(1)), 2.0 / 3)
        XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), 1)
        try scheduler.wait(for: recorder.finished, timeout: .seconds(1))
    }

    /// What an exhaustiveness failure looks like: the job published a value
    /// that the test never read.
    func testWhatAnUnreadValueLooksLike() {
        service.uploadResult = .value(())
        var line = 0
        let messages = failureMessages {
            let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b"]).record(exhaustive: true); line = #line
            XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), 0.5)
            scheduler.run()
        }
        XCTAssertEqual(messages, [
            "Exhaustive recorder created at AppCoreTests/SyncJobTests.swift:\(line) ends the test with 2 unconsumed events [1.0, finished]. "
            + "Read them (next(), elements, finished…), skip them (skip(n)), or say so with ignoreRemainingEvents().",
        ])
    }

    func testCancellingStopsTheJob() throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b", "c"]).record()
        XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), 1.0 / 3)
        recorder.cancel()
        scheduler.run()
        XCTAssertEqual(service.calls.count, 2, "the second upload was under way; the third never started")
        XCTAssertRecordedValues(recorder, [1.0 / 3])
    }

    func testAnAsyncWaitInXCTest() async throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b"]).record()
        try await scheduler.wait(for: recorder.finished, timeout: .seconds(1))
        XCTAssertRecordedEvents(recorder, [.value(0.5), .value(1), .finished])
    }
}

@Suite struct SyncJobSwiftTests {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = SyncServiceMock()

    init() {
        service.defaultDelivery = .on(scheduler)
    }

    @Test func progressThenFinished() async throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b"]).record()
        let completion = try await scheduler.wait(for: recorder.completion, timeout: .seconds(1))
        #expect(completion == .finished)
        expectRecordedEvents(recorder, [.value(0.5), .value(1), .finished])
    }

    @Test func theLastErrorIsReported() async throws {
        service.uploadResult = .failure(.offline)
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a"]).record()
        #expect(try await scheduler.wait(for: recorder.failure, timeout: .seconds(10)) == .offline)
        #expect(scheduler.elapsed == .seconds(4), "two retries, two seconds apart")
        #expect(service.calls.count == 3)
    }

    #if compiler(>=6.1)
    /// With the trait, every recorder of the test is exhaustive.
    @Test(.exhaustiveRecorders) func progressRead() async throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a"]).record()
        let recording = try await scheduler.wait(for: recorder.recording, timeout: .seconds(1))
        #expect(recording.output == [1])
    }
    #endif

    @Test func theProgressCountsItems() throws {
        service.uploadResult = .value(())
        let recorder = SyncJob(service: service, scheduler: scheduler).run(["a", "b", "c", "d"]).record()
        let percent = try scheduler.wait(for: recorder.elements.map { $0.map { Int($0 * 100) } }, timeout: .seconds(1))
        #expect(percent == [25, 50, 75, 100])
    }
}
