@testable import CombineProbe
import Foundation
import Testing

/// A search model as apps write them: `@MainActor`, starting its work in a
/// task, sleeping on an injected clock, awaiting an async service, then
/// publishing. The task executor is injected too: `nil` in production, the
/// scheduler's executor in tests, so its nonisolated steps (the sleep, the
/// service) run in the virtual world.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class AsyncSearchModel {
    @Published private(set) var results: [String] = []
    private let clock: any Clock<Duration>
    private let search: @Sendable (String) async -> [String]
    private let taskExecutor: (any TaskExecutor)?
    private var task: Task<Void, Never>?

    init(
        clock: any Clock<Duration>, taskExecutor: (any TaskExecutor)? = nil,
        search: @escaping @Sendable (String) async -> [String]
    ) {
        self.clock = clock
        self.taskExecutor = taskExecutor
        self.search = search
    }

    func onAppear(query: String) {
        task = Task(executorPreference: taskExecutor) { [weak self] in await self?.load(query) }
    }

    private func load(_ query: String) async {
        do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
        results = await search(query)
    }
}

/// An async service double: it answers after 200 ms of the given clock.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@Sendable func slowSearch(_ clock: VirtualSchedulerClock) -> @Sendable (String) async -> [String] {
    { query in
        try? await clock.sleep(for: .milliseconds(200))
        return [query, query + "ly"]
    }
}

@Suite struct VirtualConcurrencySwiftTests {
    @Test @MainActor func aMainActorModelRunsInVirtualTime() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let model = AsyncSearchModel(clock: scheduler.clock, taskExecutor: scheduler.executor, search: slowSearch(scheduler.clock))
        let results = model.$results.dropFirst().record()
        model.onAppear(query: "swift")
        await scheduler.advance(by: .milliseconds(499))
        #expect(results.events == [])
        await scheduler.advance(by: .milliseconds(1))
        #expect(try results.next().get() == ["swift", "swiftly"])
    }

    @Test @MainActor func aVirtualWaitFindsTheModelsResult() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let model = AsyncSearchModel(clock: scheduler.clock, taskExecutor: scheduler.executor, search: slowSearch(scheduler.clock))
        let results = model.$results.dropFirst().record()
        model.onAppear(query: "combine")
        #expect(try await scheduler.wait(for: results.next(), timeout: .seconds(1)) == ["combine", "combinely"])
        #expect(scheduler.elapsed == .milliseconds(500))
    }

    @Test func aNonisolatedTaskSleepingOnTheClock() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = RunLoop.virtualScheduler()
        let clock = scheduler.clock
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await clock.sleep(for: .seconds(1))
            subject.send(1)
        }
        await scheduler.advance(by: .seconds(1))
        #expect(recorder.events == [.value(1)])
        try await task.value
    }

    /// In parallel with the other tests of the suite, many times over.
    @Test(arguments: 0..<8) func repeatedlyAndInParallel(_ seed: Int) async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for round in 0..<VirtualConcurrencyStress.iterations / 8 {
            let scheduler = DispatchQueue.virtualScheduler()
            let clock = scheduler.clock
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            let task = Task(executorPreference: scheduler.executor) {
                try await clock.sleep(for: .milliseconds(seed + 1))
                subject.send(round)
            }
            await scheduler.advance(by: .milliseconds(seed + 1))
            #expect(recorder.events == [.value(round)], "round \(round)")
            try await task.value
        }
    }

    @Test("A task blocking its thread is diagnosed, not a hang (fails on purpose)", .tags(.failurePath))
    func aTaskBlockingItsThreadIsDiagnosedNotAHang() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let release = DispatchSemaphore(value: 0)
        let running = DispatchSemaphore(value: 0)
        let task = Task(executorPreference: scheduler.executor) {
            running.signal()
            release.wait() // a task that blocks the virtual world's thread
        }
        // The job runs (and blocks) before the step looks: on a loaded
        // machine the executor's thread could otherwise start it after the
        // grace, and the step would rightly say "1 job is still waiting to
        // run" (seen in CI with four builds on two cores). Waited for from a
        // plain thread: a continuation that the world's blocked task resumed
        // would send the test's own task to that task's thread.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                running.wait()
                done.resume()
            }
        }
        await ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            let message = await failureMessage {
                await scheduler.advance(by: .seconds(1))
            }
            #expect(message?.hasPrefix("VirtualScheduler: the async work of the virtual world did not become quiescent within 0.2 s of real time at virtual time 0s: a job of the virtual world has been running for") == true, "\(message ?? "nil")")
        }
        #expect(scheduler.elapsed == .seconds(1), "time moved on")
        release.signal()
        await task.value
    }
}

@Suite struct VirtualWorldDiagnosisTests {
    @Test("A task sleeping on a real clock is named as a suspect (fails on purpose)", .tags(.failurePath))
    func aTaskOnARealClock() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let task = Task(executorPreference: scheduler.executor) {
            try await ContinuousClock().sleep(for: .seconds(60)) // a real clock, not the virtual one
            subject.send(1)
        }
        let message = await failureMessage {
            _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        }
        #expect(message?.contains("nothing is scheduled on the virtual scheduler at 0s") == true, "\(message ?? "nil")")
        #expect(message?.contains("Or does a task of the virtual world wait on something real — Task.sleep or a clock other than scheduler.clock") == true, "\(message ?? "nil")")
        task.cancel()
    }
}

/// How many rounds the repetition tests run: `COMBINEPROBE_STRESS_ITERATIONS`
/// (10,000 for a stress run), 400 by default.
enum VirtualConcurrencyStress {
    static var iterations: Int {
        ProcessInfo.processInfo.environment["COMBINEPROBE_STRESS_ITERATIONS"].flatMap(Int.init) ?? 400
    }
}
