// The examples of issue 34 (A6, group C): Documentation/Pitfalls.md,
// "Synchronous @MainActor XCTest tests on Linux"; the examples of
// GettingStarted.md, TestDoubles.md and TestingTime.md it added.
import CombineProbe
import Foundation
import Testing
import XCTest

// This class compiling and running on Linux is the test: with a
// synchronous test that throws, the whole test target would stop before any
// test runs.
final class BadgeTests: XCTestCase {
    // async: on Linux, a synchronous @MainActor test can stop the
    // whole test process before any test runs. @MainActor on each test,
    // not on the class: Xcode 27 rejects a @MainActor XCTestCase.
    @MainActor
    func testTheBadgeStartsEmpty() async throws {
        let badge = CurrentValueSubject<Int, Never>(0)
        XCTAssertEqual(try badge.record().next().get(), 0)
    }

    @MainActor
    func testTheBadgeCountsUp() async throws {
        let badge = CurrentValueSubject<Int, Never>(0)
        let recorder = badge.record()
        badge.value = 1
        let values = try await wait(for: recorder.next(2), timeout: 1)
        XCTAssertEqual(values, [0, 1])
    }
}

// TestDoubles.md, "Mocks and @MainActor models": the same mock from every
// test isolation.
protocol TrafficService {
    func delay(on route: String) -> AnyPublisher<Int, Never>
}

// @unchecked Sendable: PublisherMock keeps its calls behind locks, and the
// test sets the results before the model runs.
final class TrafficServiceMock: PublisherMock, TrafficService, @unchecked Sendable {
    var delayResult: MockResult<Int, Never>?
    func delay(on route: String) -> AnyPublisher<Int, Never> {
        mockFunction(returning: delayResult, arguments: route)
    }
}

@MainActor
final class TrafficModel {
    @Published private(set) var status = ""
    private let service: any TrafficService
    private var subscription: AnyCancellable?

    init(service: any TrafficService) {
        self.service = service
    }

    func check(_ route: String, on scheduler: some Scheduler) {
        subscription = service.delay(on: route)
            .receive(on: scheduler)
            .sink { [unowned self] minutes in self.status = "\(route): +\(minutes) min" }
    }
}

@Suite struct TrafficModelDocumentationTests {
    @Test func theModelShowsTheDelay() async throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let service = TrafficServiceMock()
        service.delayResult = .value(12)
        service.defaultDelivery = .on(scheduler)
        let model = await TrafficModel(service: service)
        let status = await MainActor.run { model.$status.dropFirst().record() }
        await model.check("A1", on: scheduler)
        #expect(try await scheduler.wait(for: status.next(), timeout: .seconds(1)) == "A1: +12 min")
        #expect(service.calls.count == 1)
    }

    @Test func theModelShowsTheDelayToASynchronousTest() throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let service = TrafficServiceMock()
        service.delayResult = .value(12)
        service.defaultDelivery = .on(scheduler)
        let (model, status) = DispatchQueue.main.sync {
            MainActor.assumeIsolated {
                let model = TrafficModel(service: service)
                return (model, model.$status.dropFirst().record())
            }
        }
        DispatchQueue.main.sync {
            MainActor.assumeIsolated { model.check("A1", on: scheduler) }
        }
        #expect(try scheduler.wait(for: status.next(), timeout: .seconds(1)) == "A1: +12 min")
        #expect(service.calls.count == 1)
    }


    @Test @MainActor func theModelShowsTheDelayToAMainActorTest() throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let service = TrafficServiceMock()
        service.delayResult = .value(12)
        service.defaultDelivery = .on(scheduler)
        let model = TrafficModel(service: service)
        let status = model.$status.dropFirst().record()
        model.check("A1", on: scheduler)
        #expect(try scheduler.wait(for: status.next(), timeout: .seconds(1)) == "A1: +12 min")
        #expect(service.calls.count == 1)
    }
}

final class TrafficModelDocumentationXCTests: XCTestCase {
    func testASynchronousTestEntersTheMainActor() throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let service = TrafficServiceMock()
        service.delayResult = .value(12)
        service.defaultDelivery = .on(scheduler)
        let (model, status) = MainActor.assumeIsolated {
            let model = TrafficModel(service: service)
            return (model, model.$status.dropFirst().record())
        }
        MainActor.assumeIsolated { model.check("A1", on: scheduler) }
        XCTAssertEqual(try scheduler.wait(for: status.next(), timeout: .seconds(1)), "A1: +12 min")
        XCTAssertEqual(service.calls.count, 1)
    }

    func testANonisolatedAsyncTest() async throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let service = TrafficServiceMock()
        service.delayResult = .value(12)
        service.defaultDelivery = .on(scheduler)
        let model = await TrafficModel(service: service)
        let status = await MainActor.run { model.$status.dropFirst().record() }
        await model.check("A1", on: scheduler)
        let value = try await scheduler.wait(for: status.next(), timeout: .seconds(1))
        XCTAssertEqual(value, "A1: +12 min")
        XCTAssertEqual(service.calls.count, 1)
    }
}

// TestingTime.md, "Inject the scheduler": a generic model that starts tasks.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class TypeaheadSearchModel<S: Scheduler & Sendable> {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private let taskExecutor: (any TaskExecutor)?
    private let search: @Sendable (String) async -> [String]
    private var subscription: AnyCancellable?

    init(scheduler: S, taskExecutor: (any TaskExecutor)? = nil, search: @escaping @Sendable (String) async -> [String]) {
        self.taskExecutor = taskExecutor
        self.search = search
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] query in self?.start(query) }
    }

    private func start(_ query: String) {
        Task(executorPreference: taskExecutor) { await self.load(query) }
    }

    private func load(_ query: String) async {
        results = await search(query)
    }
}

@Test @MainActor func theTypeaheadSearchesAfterThePause() async throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
    let scheduler = DispatchQueue.virtualScheduler()
    let model = TypeaheadSearchModel(scheduler: scheduler, taskExecutor: scheduler.executor) { [$0] }
    let results = model.$results.dropFirst().record()
    model.query = "swift"
    #expect(try await scheduler.wait(for: results.next(), timeout: .seconds(1)) == ["swift"])
    #expect(scheduler.elapsed == .milliseconds(300))
}

// TestingTime.md, "Coming from swift-clocks": `checkSuspension()` becomes
// `await scheduler.advance()`, then `pendingActionCount == 0`.
@Suite struct CheckSuspensionMigrationTests {
    @Test func aSleepingTaskIsPendingUntilItWakes() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let task = Task(executorPreference: scheduler.executor) {
            try await clock.sleep(for: .seconds(1))
        }
        await scheduler.advance()
        #expect(scheduler.pendingActionCount == 1, "checkSuspension() would throw SuspensionError")
        await scheduler.advance(by: .seconds(1))
        #expect(scheduler.pendingActionCount == 0, "checkSuspension() would return")
        try await task.value
    }
}

// Pitfalls.md, "A @MainActor test that blocks the main actor": under Swift
// Testing on Linux, the main actor runs on a worker thread, so a hop through
// `DispatchQueue.global().sync` is another thread to the scheduler, with the
// main actor waiting for it.
//
// It blocks the main actor for the grace period, which stalls the main-actor
// hops of the tests running beside it (the other pitfall of that section):
// 10 ms, well within the timeouts of the tests that expect a hop to land.
#if !canImport(Darwin)
@Suite(.probeSettings(defaultTimeout: 0.01)) struct MainActorGlobalSyncPitfallTests {
    @Test("A @MainActor test moving time inside global().sync is blocked on Linux (fails on purpose)", .tags(.failurePath))
    @MainActor func aGlobalSyncFromAMainActorTestIsAnotherThread() {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        _ = expectIssuesNow(["VirtualScheduler.advance(by:): this scheduler runs its actions on the main actor"], atLine: #line + 1) {
            DispatchQueue.global().sync { scheduler.advance(by: .seconds(1)) }
        }
        #expect(scheduler.elapsed == .zero)
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.elapsed == .seconds(1))
    }
}
#endif
