@testable import CombineProbe
import Foundation
import Testing
import XCTest

// The virtual world's scenarios, repeated: `COMBINEPROBE_STRESS_ITERATIONS`
// times each (400 by default; `scripts/stress.sh` runs 10,000). Any failure
// or hang is a defect: nothing here waits in real time.

/// A search service whose answer takes 200 ms of the virtual clock.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private struct ClockedSearch: Sendable {
    let clock: VirtualSchedulerClock
    func search(_ query: String) async -> [String] {
        try? await clock.sleep(for: .milliseconds(200))
        return [query]
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum VirtualWorldScenarios {
    /// (a) A nonisolated task sleeps on the clock, then sends.
    static func sleepThenSend(_ round: Int) async throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await clock.sleep(for: .seconds(1))
            subject.send(round)
        }
        await scheduler.advance(by: .seconds(1))
        try await task.value
        return recorder.events == [.value(round)]
    }

    /// (c) Combine, then async: a debounced query searched by an async
    /// service inside a `Future`.
    static func combineThenAsync(_ round: Int) async throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = ClockedSearch(clock: scheduler.clock)
        let executor = scheduler.executor
        let query = PassthroughSubject<String, Never>()
        let recorder = query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .flatMap { text in
                Future<[String], Never> { promise in
                    let promise = UncheckedSendable(promise)
                    Task(executorPreference: executor) { promise.value(.success(await service.search(text))) }
                }
            }
            .record()
        query.send("q\(round)")
        let found = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        return found == ["q\(round)"] && scheduler.elapsed == .milliseconds(500)
    }

    /// (d) An async loop over a publisher's values.
    static func valuesLoop(_ round: Int) async -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let seen = Locked<[Int]>([])
        let values = UncheckedSendable(subject.values)
        let task = Task(executorPreference: scheduler.executor) {
            for await value in values.value { seen.withLock { $0.append(value) } }
        }
        await scheduler.advance()
        subject.send(round)
        await scheduler.advance()
        subject.send(round + 1)
        await scheduler.advance()
        subject.send(completion: .finished)
        await task.value
        return seen.withLock { $0 } == [round, round + 1]
    }

    /// (f) combine-schedulers' three async tests, ported.
    static func portedTests() async throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let sleeper = Task(executorPreference: scheduler.executor) { try await scheduler.sleep(for: .seconds(1)) }
        await scheduler.advance(by: .seconds(1))
        try await sleeper.value
        let ticker = Task(executorPreference: scheduler.executor) { () -> Int in
            var count = 0
            for await _ in scheduler.timer(interval: .seconds(1)) {
                count += 1
                if count == 3 { break }
            }
            return count
        }
        await scheduler.advance(by: .seconds(3))
        let ticks = await ticker.value
        let runner = Task(executorPreference: scheduler.executor) { () -> Int in
            var count = 0
            for _ in 1...3 {
                try await scheduler.sleep(for: .seconds(1))
                count += 1
            }
            return count
        }
        await scheduler.run()
        let runs = try await runner.value
        return ticks == 3 && runs == 3
    }
}

/// (b) A `@MainActor` model: its task sleeps, awaits an async service, then
/// publishes.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
private final class StressModel {
    @Published private(set) var results: [String] = []
    private let clock: VirtualSchedulerClock
    private let service: ClockedSearch
    private let executor: any TaskExecutor

    init(scheduler: VirtualSchedulerOf<DispatchQueue>) {
        clock = scheduler.clock
        service = ClockedSearch(clock: scheduler.clock)
        executor = scheduler.executor
    }

    func onAppear(_ query: String) {
        Task(executorPreference: executor) { [weak self] in await self?.load(query) }
    }

    private func load(_ query: String) async {
        do { try await clock.sleep(for: .milliseconds(100)) } catch { return }
        results = await service.search(query)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
private func mainActorModel(_ round: Int) async throws -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let model = StressModel(scheduler: scheduler)
    let results = model.$results.dropFirst().record()
    model.onAppear("r\(round)")
    await scheduler.advance(by: .milliseconds(299))
    guard results.events.isEmpty else { return false }
    await scheduler.advance(by: .milliseconds(1))
    return results.events == [.value(["r\(round)"])]
}

final class VirtualWorldStressTests: XCTestCase {
    private var iterations: Int { VirtualConcurrencyStress.iterations }

    func testEveryScenarioRepeatedly() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        var failures: [String: Int] = [:]
        for round in 0..<iterations {
            if try await !VirtualWorldScenarios.sleepThenSend(round) { failures["a", default: 0] += 1 }
            if try await !mainActorModel(round) { failures["b", default: 0] += 1 }
            if try await !VirtualWorldScenarios.combineThenAsync(round) { failures["c", default: 0] += 1 }
            if await !VirtualWorldScenarios.valuesLoop(round) { failures["d", default: 0] += 1 }
            if try await !VirtualWorldScenarios.portedTests() { failures["f", default: 0] += 1 }
        }
        XCTAssertEqual(failures, [:], "failures by scenario over \(iterations) rounds")
    }
}

@Suite struct VirtualWorldStressSwiftTests {
    /// Eight copies in parallel, each a share of the rounds.
    @Test(arguments: 0..<8) func everyScenarioRepeatedlyInParallel(_ part: Int) async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for round in stride(from: part, to: VirtualConcurrencyStress.iterations, by: 8) {
            #expect(try await VirtualWorldScenarios.sleepThenSend(round), "(a) round \(round)")
            #expect(try await mainActorModel(round), "(b) round \(round)")
            #expect(try await VirtualWorldScenarios.combineThenAsync(round), "(c) round \(round)")
            #expect(await VirtualWorldScenarios.valuesLoop(round), "(d) round \(round)")
            #expect(try await VirtualWorldScenarios.portedTests(), "(f) round \(round)")
        }
    }
}
