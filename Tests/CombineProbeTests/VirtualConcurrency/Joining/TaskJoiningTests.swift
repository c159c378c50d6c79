@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Plain tasks started by world code join the world: they run on its
/// executor, sleep on its clock in virtual time, and are ordered with its
/// other jobs. Tasks outside any world are untouched.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TaskJoiningProbe {
    /// Whether the current code runs on `executor`'s queue.
    static func runsIn(_ executor: VirtualTaskExecutor) -> Bool {
        VirtualTaskExecutor.runningWorld === executor
    }

    actor Counter {
        var seenInWorld: [Bool] = []
        func note(_ executor: VirtualTaskExecutor) { seenInWorld.append(TaskJoiningProbe.runsIn(executor)) }
    }

    /// From a scope whose settings join tasks: each way of starting a task
    /// runs in the world, sleeps on its clock, and wakes in the step that
    /// reaches its deadline.
    static func survey() async -> [String: String] {
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) {
            let scheduler = DispatchQueue.virtualScheduler()
            let executor = scheduler.executor
            let log = Locked<[String: String]>([:])
            let counter = Counter()
            let plain = Task {
                let before = runsIn(executor)
                try? await scheduler.sleep(for: .seconds(1))
                log.withLock { $0["Task { }"] = "in world \(before) \(runsIn(executor)), woke at \(scheduler.elapsed)" }
            }
            let detached = Task.detached {
                let before = runsIn(executor)
                try? await scheduler.sleep(for: .seconds(2))
                log.withLock { $0["Task.detached { }"] = "in world \(before) \(runsIn(executor)), woke at \(scheduler.elapsed)" }
            }
            let nested = Task {
                await Task {
                    async let child = runsIn(executor)
                    await counter.note(executor)
                    let childRuns = await child
                    log.withLock { $0["nested"] = "in world \(runsIn(executor)) \(childRuns)" }
                }.value
            }
            await scheduler.advance(by: .seconds(1))
            let afterOne = log.withLock { $0.keys.sorted() }
            log.withLock { $0["after 1 s"] = afterOne.joined(separator: ", ") }
            await scheduler.advance(by: .seconds(1))
            await plain.value
            await detached.value
            await nested.value
            let seen = await counter.seenInWorld
            log.withLock { $0["actor"] = "\(seen)" }
            return log.withLock { $0 }
        }
    }

    static let expected: [String: String] = [
        "Task { }": "in world true true, woke at 1s",
        "Task.detached { }": "in world true true, woke at 2s",
        "nested": "in world true true",
        "after 1 s": "Task { }, nested",
        "actor": "[true]",
    ]

    /// Outside any joining scope: a plain task keeps the global executor.
    static func outside() async -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let executor = scheduler.executor
        return await Task { runsIn(executor) }.value
    }
}

final class TaskJoiningTests: XCTestCase {
    func testPlainTasksStartedInAJoiningScopeRunInTheWorld() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let survey = await TaskJoiningProbe.survey()
        XCTAssertEqual(survey, TaskJoiningProbe.expected)
    }

    func testAPlainTaskOutsideAnyScopeIsUntouched() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let runsInWorld = await TaskJoiningProbe.outside()
        XCTAssertFalse(runsInWorld)
    }

    @MainActor func testFromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let survey = await TaskJoiningProbe.survey()
        XCTAssertEqual(survey, TaskJoiningProbe.expected)
    }
}

@Suite struct TaskJoiningSwiftTests {
    @Test func plainTasksStartedInAJoiningScopeRunInTheWorld() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        #expect(await TaskJoiningProbe.survey() == TaskJoiningProbe.expected)
    }

    @Test func aPlainTaskOutsideAnyScopeIsUntouched() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await TaskJoiningProbe.outside() == false)
    }

    @MainActor @Test func fromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        #expect(await TaskJoiningProbe.survey() == TaskJoiningProbe.expected)
    }
}
