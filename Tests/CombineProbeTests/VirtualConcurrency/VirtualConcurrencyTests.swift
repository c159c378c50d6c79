@testable import CombineProbe
import Foundation
import XCTest

/// Swift concurrency in virtual time, in XCTest: the clock, sleeps, timers,
/// and async steps that let the scheduler's tasks reach quiescence before
/// time moves — with no yield and no real time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class VirtualConcurrencyTests: FailureCapturingTestCase {
    // A task sleeping on the clock, woken as soon as time reaches its
    // deadline: DocumentationAsyncTimeTests.testATaskSleepingOnTheVirtualClock.

    func testTaskSleepWithTheClockAndChainedSleeps() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        let task = Task(executorPreference: scheduler.executor) { () -> [String] in
            var log: [String] = []
            for _ in 0..<3 {
                try await Task.sleep(for: .milliseconds(300), tolerance: nil, clock: clock)
                log.append("\(clock.now)")
            }
            return log
        }
        await scheduler.advance(by: .seconds(1))
        let log = try await task.value
        XCTAssertEqual(log, ["300ms", "600ms", "900ms"])
        XCTAssertEqual(scheduler.elapsed, .seconds(1))
    }

    func testCancellingASleepingTaskThrowsAtOnceAndUnschedulesIt() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let task = Task(executorPreference: scheduler.executor) {
            try await scheduler.sleep(for: .seconds(60))
        }
        await scheduler.advance()
        XCTAssertEqual(scheduler.pendingActionCount, 1)
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        XCTAssertEqual(scheduler.elapsed, .zero)
    }

    func testAPastDeadlineReturnsAtOnce() async throws {
        let scheduler = RunLoop.virtualScheduler()
        try await scheduler.clock.sleep(until: scheduler.clock.now.advanced(by: .seconds(-1)))
        try await scheduler.sleep(for: .zero)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    // combine-schedulers' async TestScheduler tests, ported: the rename,
    // and tasks made with the scheduler's executor.

    func testPortedSleep() async throws {
        let testScheduler = DispatchQueue.virtualScheduler()
        let task = Task(executorPreference: testScheduler.executor) {
            try await testScheduler.sleep(for: .seconds(1))
        }
        await testScheduler.advance(by: .seconds(1))
        try await task.value
    }

    func testPortedTimer() async {
        let testScheduler = DispatchQueue.virtualScheduler()
        let task = Task(executorPreference: testScheduler.executor) { () -> [VirtualTime] in
            var ticks: [VirtualTime] = []
            for await _ in testScheduler.timer(interval: .seconds(1)) {
                ticks.append(testScheduler.elapsed)
                if ticks.count == 3 { break }
            }
            return ticks
        }
        await testScheduler.advance(by: .seconds(5))
        let ticks = await task.value
        XCTAssertEqual(ticks, [.seconds(1), .seconds(2), .seconds(3)])
        XCTAssertEqual(testScheduler.pendingActionCount, 0, "the timer's schedule ended after the loop stopped")
    }

    func testPortedRun() async throws {
        let testScheduler = DispatchQueue.virtualScheduler()
        let task = Task(executorPreference: testScheduler.executor) { () -> Int in
            var count = 0
            for _ in 1...5 {
                try await testScheduler.sleep(for: .seconds(1))
                count += 1
            }
            return count
        }
        await testScheduler.run()
        let count = try await task.value
        XCTAssertEqual(count, 5)
        XCTAssertEqual(testScheduler.elapsed, .seconds(5))
    }

    // MARK: Combine and async together

    func testAPublisherValuesLoopInTheVirtualWorld() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let seen = Locked<[Int]>([])
        // A subject locks its own state, but is not annotated Sendable.
        let values = UncheckedSendable(subject.values)
        let task = Task(executorPreference: scheduler.executor) {
            for await value in values.value { seen.withLock { $0.append(value) } }
        }
        await scheduler.advance()
        subject.send(1)
        // The loop asks for one value at a time: it asks again once the
        // world has run it.
        await scheduler.advance()
        subject.send(2)
        await scheduler.advance()
        subject.send(completion: .finished)
        await task.value
        XCTAssertEqual(seen.withLock { $0 }, [1, 2])
    }

    func testAVirtualWaitLetsTheWorldRunBetweenActions() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record()
        let typing = Task(executorPreference: scheduler.executor) {
            for query in ["s", "sw", "swift"] {
                subject.send(query)
                try await scheduler.sleep(for: .milliseconds(100))
            }
        }
        let query = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        XCTAssertEqual(query, "swift")
        XCTAssertEqual(scheduler.elapsed, .milliseconds(500))
        try await typing.value
    }

    func testWithTasksRunsChildTasksInTheVirtualWorld() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let clock = scheduler.clock
        try await scheduler.withTasks {
            async let first: VirtualTime = { try await clock.sleep(for: .seconds(2)); return scheduler.elapsed }()
            async let second: VirtualTime = { try await clock.sleep(for: .seconds(1)); return scheduler.elapsed }()
            await scheduler.advance(by: .seconds(3))
            let times = try await [first, second]
            XCTAssertEqual(times, [.seconds(2), .seconds(1)])
        }
    }

    /// Repetition: the same scenarios, many times in a row, never flaky.
    func testRepeatedlyDeterministic() async throws {
        for round in 0..<VirtualConcurrencyStress.iterations {
            let scheduler = DispatchQueue.virtualScheduler()
            let clock = scheduler.clock
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            let task = Task(executorPreference: scheduler.executor) {
                try await clock.sleep(for: .seconds(1))
                subject.send(round)
                try await clock.sleep(for: .seconds(1))
                subject.send(round + 1)
            }
            await scheduler.advance(by: .seconds(1))
            XCTAssertEqual(recorder.events, [.value(round)], "round \(round)")
            await scheduler.advance(by: .seconds(1))
            XCTAssertEqual(recorder.events, [.value(round), .value(round + 1)], "round \(round)")
            try await task.value
        }
    }

    func testEverySleeperRunsBeforeTheStepReturns() async {
        for n in [1, 100] {
            let scheduler = DispatchQueue.virtualScheduler()
            let clock = scheduler.clock
            let wakeUps = Locked<Int>(0)
            var tasks: [Task<Void, Never>] = []
            for _ in 0..<n {
                tasks.append(Task(executorPreference: scheduler.executor) {
                    while true {
                        do { try await clock.sleep(for: .seconds(1)) } catch { return }
                        wakeUps.withLock { $0 += 1 }
                    }
                })
            }
            await scheduler.advance()
            for step in 1...5 {
                await scheduler.advance(by: .seconds(1))
                XCTAssertEqual(wakeUps.withLock { $0 }, n * step, "n \(n), step \(step)")
            }
            for task in tasks { task.cancel() }
            await scheduler.advance()
        }
    }

    /// `record(timedBy:)` iterates an async sequence in the virtual world:
    /// a virtual wait lets the iteration run to quiescence at each step.
    func testAnAsyncStreamRecordedInTheVirtualWorld() async throws {
        for round in 0..<200 {
            let scheduler = DispatchQueue.virtualScheduler()
            let clock = scheduler.clock
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let producer = Task(executorPreference: scheduler.executor) {
                for value in 1...3 {
                    try await clock.sleep(for: .seconds(1))
                    continuation.yield(value + round)
                }
                continuation.finish()
            }
            let recorder = stream.record(timedBy: scheduler)
            let elements = try await scheduler.wait(for: recorder.elements, timeout: .seconds(5))
            XCTAssertEqual(elements, [1 + round, 2 + round, 3 + round])
            XCTAssertEqual(scheduler.elapsed, .seconds(3), "round \(round)")
            try await producer.value
        }
    }
}
