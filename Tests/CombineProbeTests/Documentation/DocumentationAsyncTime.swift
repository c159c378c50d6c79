import CombineProbe
import Foundation
import Testing
import XCTest

// The examples of the Testing time guide's "Swift concurrency in virtual
// time" section, as tests.

final class DocumentationAsyncTimeTests: XCTestCase {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testATaskSleepingOnTheVirtualClock() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await clock.sleep(for: .seconds(1))
            subject.send(1)
        }
        await scheduler.advance(by: .milliseconds(999))
        XCTAssertEqual(recorder.events, [])
        await scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(recorder.events, [.value(1)])
        try await task.value
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testAWorldWithoutMainActorWork() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.executor.mainActorRoundTrips = 0 // nothing here runs on the main actor
        let clock = scheduler.clock
        let results = PassthroughSubject<String, Never>()
        let recorder = results.record()
        let task = Task(executorPreference: scheduler.executor) {
            for query in ["s", "sw", "swift"] {
                try await clock.sleep(for: .milliseconds(300))
                results.send(query)
            }
        }
        await scheduler.advance(by: .milliseconds(900))
        XCTAssertEqual(recorder.events, [.value("s"), .value("sw"), .value("swift")])
        try await task.value
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testAStreamFedInVirtualTime() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let (ticks, continuation) = AsyncStream.makeStream(of: Int.self)
        let producer = Task(executorPreference: scheduler.executor) {
            for tick in 1...3 {
                try await clock.sleep(for: .seconds(1))
                continuation.yield(tick)
            }
            continuation.finish()
        }
        let recorder = ticks.record(timedBy: scheduler)
        let elements = try await scheduler.wait(for: recorder.elements, timeout: .seconds(5))
        XCTAssertEqual(elements, [1, 2, 3])
        XCTAssertEqual(scheduler.elapsed, .seconds(3))
        try await producer.value
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class DocumentedSearchModel {
    @Published private(set) var results: [String] = []
    private let clock: any Clock<Duration>
    private let taskExecutor: (any TaskExecutor)?
    private let search: @Sendable (String) async -> [String]

    init(clock: any Clock<Duration>, taskExecutor: (any TaskExecutor)? = nil, search: @escaping @Sendable (String) async -> [String]) {
        self.clock = clock
        self.taskExecutor = taskExecutor
        self.search = search
    }

    func queryChanged(_ query: String) {
        Task(executorPreference: taskExecutor) { [weak self] in await self?.load(query) }
    }

    private func load(_ query: String) async {
        do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
        results = await search(query)
    }
}

@Test @MainActor func theModelSearchesAfterAPause() async throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
    let scheduler = DispatchQueue.virtualScheduler()
    let model = DocumentedSearchModel(clock: scheduler.clock, taskExecutor: scheduler.executor) { query in [query] }
    let results = model.$results.dropFirst().record()
    model.queryChanged("swift")
    #expect(try await scheduler.wait(for: results.next(), timeout: .seconds(1)) == ["swift"])
    #expect(scheduler.elapsed == .milliseconds(300))
}
