import CombineProbe
import Foundation
import Testing
import XCTest

// The examples of Documentation/TestingTime.md and the README's time
// section, verbatim.

/// Production code of the guide: a view model that debounces what the user
/// types, with the scheduler injected.
final class TypeaheadModel<S: Scheduler> {
    @Published var query = ""
    private let scheduler: S

    init(scheduler: S) {
        self.scheduler = scheduler
    }

    var suggestions: AnyPublisher<String, Never> {
        $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .eraseToAnyPublisher()
    }
}

/// A type-erased-scheduler flavour of the same injection, with the smallest
/// type-erased scheduler, as apps write (or import) one (shown in the guide).
struct Poller {
    let scheduler: AnySchedulerOfDispatchQueue
    func ticks() -> AnyPublisher<Int, Never> {
        Just(1).delay(for: .seconds(5), scheduler: scheduler).eraseToAnyPublisher()
    }
}

struct AnySchedulerOfDispatchQueue: Scheduler {
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = DispatchQueue.SchedulerOptions
    let base: any Scheduler<SchedulerTimeType> & Sendable

    init<S: Scheduler & Sendable>(_ base: S) where S.SchedulerTimeType == SchedulerTimeType {
        self.base = base
    }
    var now: SchedulerTimeType { base.now }
    var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        base.schedule(action)
    }
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        base.schedule(after: date, tolerance: tolerance, action)
    }
    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable {
        base.schedule(after: date, interval: interval, tolerance: tolerance, action)
    }
}

final class DocumentationTimeXCTests: FailureCapturingTestCase {
    // MARK: README

    func testSuggestionsWaitForTheUserToStopTyping() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let model = TypeaheadModel(scheduler: scheduler)
        let recorder = model.suggestions.record(timedBy: scheduler)
        model.query = "swi"
        scheduler.advance(by: .milliseconds(100))
        model.query = "swift"
        XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), "swift")
        XCTAssertEqual(scheduler.elapsed, .milliseconds(400))
    }

    // MARK: The scheduler

    func testMovingTimeByHand() {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = Just("ready").delay(for: .seconds(2), scheduler: scheduler).record()
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.events, [])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(recorder.events, [.value("ready"), .finished])
    }

    func testATypeErasedScheduler() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let poller = Poller(scheduler: AnySchedulerOfDispatchQueue(scheduler))
        let recorder = poller.ticks().record()
        XCTAssertEqual(try scheduler.wait(for: recorder.single, timeout: .seconds(10)), 1)
        XCTAssertEqual(scheduler.elapsed, .seconds(5))
    }

    // MARK: Waits in virtual time

    func testNothingHappensForTenSeconds() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let model = TypeaheadModel(scheduler: scheduler)
        let recorder = model.suggestions.record()
        try scheduler.wait(for: recorder.next().inverted, timeout: .seconds(10))
    }

    func testAVirtualTimeout() {
        let (failures, _) = captureFailures {
            let scheduler = DispatchQueue.virtualScheduler()
            let report = Just("report").delay(for: .seconds(5), scheduler: scheduler)
            let recorder = report.record(timedBy: scheduler)
            _ = try scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        }
        XCTAssertEqual(failures.map(\.message), [
            "Asynchronous wait failed: exceeded virtual timeout of 1s waiting for recorder.next(), which waits for one more element. "
            + "Virtual time is now 1s. Recorded so far: no element, not completed. The next scheduled action is due at 5s.",
        ])
    }

    func testTheCodeEscapedToARealScheduler() {
        let (failures, _) = captureFailures {
            let scheduler = DispatchQueue.virtualScheduler()
            let model = TypeaheadModel(scheduler: DispatchQueue.main)
            let recorder = model.suggestions.record()
            model.query = "swift"
            _ = try scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        }
        XCTAssertEqual(failures.map(\.message), [
            "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, so virtual time cannot move on, "
            + "and recorder.next() still waits for one more element. Recorded so far: no element, not completed. "
            + "Does the code under test use a real scheduler (DispatchQueue.main, RunLoop.main, a queue of its own) instead of the virtual one?",
        ])
    }

    // MARK: Timelines

    func testTimeline() {
        let scheduler = DispatchQueue.virtualScheduler()
        let model = TypeaheadModel(scheduler: scheduler)
        let recorder = model.suggestions.record(timedBy: scheduler)
        model.query = "s"
        scheduler.advance(by: .milliseconds(500))
        model.query = "sw"
        scheduler.advance(by: .seconds(1))
        XCTAssertRecordedTimeline(recorder, [
            .value("s", at: .milliseconds(300)),
            .value("sw", at: .milliseconds(800)),
        ])
    }

    // MARK: Scripted publishers

    func testTapsAreThrottledToOneASecond() {
        let scheduler = DispatchQueue.virtualScheduler()
        let taps: ScriptedPublisher<String, Never> = scheduler.hotPublisher([
            .value("tap", at: .milliseconds(100)),
            .value("tap", at: .milliseconds(150)),
            .value("tap", at: .seconds(2)),
        ])
        let recorder = scheduler.start(created: .zero, subscribed: .zero, cancelled: .seconds(3)) {
            taps.throttle(for: .seconds(1), scheduler: scheduler, latest: false)
        }
        XCTAssertRecordedTimeline(recorder, [
            .value("tap", at: .milliseconds(100)),
            .value("tap", at: .milliseconds(1100)),
            .value("tap", at: .milliseconds(2100)),
        ])
        XCTAssertEqual(taps.subscriptions, [
            SubscriptionRecord(subscribed: .zero, cancelled: .seconds(3), demands: [.unlimited]),
        ])
    }

    func testEachSubscriberGetsItsOwnRun() {
        let scheduler = DispatchQueue.virtualScheduler()
        let response: ScriptedPublisher<String, URLError> = scheduler.coldPublisher([
            .value("ok", at: .milliseconds(200)),
            .finished(at: .milliseconds(200)),
        ])
        let first = response.record(timedBy: scheduler)
        scheduler.advance(by: .seconds(1))
        let second = response.record(timedBy: scheduler)
        scheduler.run()
        XCTAssertEqual(first.timeline, [.value("ok", at: .milliseconds(200)), .finished(at: .milliseconds(200))])
        XCTAssertEqual(second.timeline, [.value("ok", at: .milliseconds(1200)), .finished(at: .milliseconds(1200))])
    }

    // MARK: Mocks in virtual time

    func testTheServiceAnswersInVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = SearchServiceMock()
        service.searchResult = .value(["swift"])
        service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
        let recorder = service.search("swift").record()
        XCTAssertEqual(try scheduler.wait(for: recorder.single, timeout: .seconds(1)), ["swift"])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(200))
    }
}

@Suite struct DocumentationTimeSwiftTests {
    @Test func suggestionsWaitForTheUserToStopTyping() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let model = TypeaheadModel(scheduler: scheduler)
        let recorder = model.suggestions.record(timedBy: scheduler)
        model.query = "swift"
        #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == "swift")
        expectRecordedTimeline(recorder, [.value("swift", at: .milliseconds(300))])
    }
}
