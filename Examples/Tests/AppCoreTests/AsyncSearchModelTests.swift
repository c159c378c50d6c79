import AppCore
import CombineProbe
import Foundation
import Testing
import XCTest

// The async search screen, in virtual time: Combine's debounce on the
// virtual scheduler, an async service that sleeps on the virtual clock,
// cancellation of a superseded search, a hint after a second — with no
// yield and no real time. The scheduler stands in for the main queue, so it
// is made with `actionsOn: .mainActor`: the model's sink, which says
// `MainActor.assumeIsolated`, runs on the main actor whether the test is
// `@MainActor` or not.

/// The async service double: answers after `latency` of the virtual clock.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
struct SlowSearch: AsyncRepositorySearching {
    let clock: VirtualSchedulerClock
    var latency: Duration = .milliseconds(200)

    func search(_ query: String) async throws -> [Repository] {
        try await clock.sleep(for: latency)
        return [Repository(name: query, stars: query.count)]
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
private func makeModel(latency: Duration = .milliseconds(200)) -> (AsyncSearchModel, VirtualSchedulerOf<DispatchQueue>) {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
    let model = AsyncSearchModel(
        service: SlowSearch(clock: scheduler.clock, latency: latency), scheduler: scheduler,
        clock: scheduler.clock, taskExecutor: scheduler.executor)
    return (model, scheduler)
}

@Suite struct AsyncSearchModelSwiftTests {
    /// A test that is not `@MainActor` runs on the cooperative pool: the
    /// virtual wait hops to the main actor to run the debounce's action.
    @Test func aNonisolatedTestDrivesTheMainActorModel() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (model, scheduler) = await makeModel()
        let results = await MainActor.run { model.$results.dropFirst().record(timedBy: scheduler) }
        await MainActor.run { model.query = "swift" }
        #expect(try await scheduler.wait(for: results.next(), timeout: .seconds(1)) == [Repository(name: "swift", stars: 5)])
        expectRecordedTimeline(results, [.value([Repository(name: "swift", stars: 5)], at: .milliseconds(500))])
    }

    @Test @MainActor func typingIsDebouncedThenSearched() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (model, scheduler) = makeModel()
        let results = model.$results.dropFirst().record(timedBy: scheduler)
        model.query = "s"
        await scheduler.advance(by: .milliseconds(100))
        model.query = "swift"
        #expect(try await scheduler.wait(for: results.next(), timeout: .seconds(1)) == [Repository(name: "swift", stars: 5)])
        #expect(scheduler.elapsed == .milliseconds(600), "300 ms of debounce after the last keystroke, 200 ms of service")
    }

    @Test @MainActor func aNewQueryCancelsTheSearchInFlight() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (model, scheduler) = makeModel(latency: .milliseconds(500))
        let results = model.$results.dropFirst().record(timedBy: scheduler)
        model.query = "a"
        await scheduler.advance(by: .milliseconds(350)) // the search for "a" started at 300 ms
        model.query = "ab"
        await scheduler.run()
        expectRecordedTimeline(results, [.value([Repository(name: "ab", stars: 2)], at: .milliseconds(1150))])
    }

    @Test @MainActor func aSlowSearchShowsAHintAfterOneSecond() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (model, scheduler) = makeModel(latency: .seconds(3))
        let hint = model.$isSlow.record(timedBy: scheduler)
        model.query = "swift"
        await scheduler.run()
        expectRecordedTimeline(hint, [
            .value(false, at: .zero),
            .value(false, at: .milliseconds(300)),
            .value(true, at: .milliseconds(1300)),
            .value(false, at: .milliseconds(3300)),
        ])
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AsyncSearchModelTests: XCTestCase {
    @MainActor func testTypingIsDebouncedThenSearched() async throws {
        let (model, scheduler) = makeModel()
        let results = model.$results.dropFirst().record()
        model.query = "combine"
        let found = try await scheduler.wait(for: results.next(), timeout: .seconds(1))
        XCTAssertEqual(found, [Repository(name: "combine", stars: 7)])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(500))
    }
}
