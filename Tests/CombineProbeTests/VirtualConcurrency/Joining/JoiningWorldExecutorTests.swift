@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The world a scope's tasks join makes its executor when the first of
/// them comes (issue 43: an explored schedule made one at once, whether or
/// not its body started a task): a scope or a schedule whose code starts no
/// task makes none, and a plain task started there still joins, from
/// nonisolated and `@MainActor` code.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum JoiningWorldExecutor {
    /// What a joining scope made, and what its plain task did.
    struct Outcome: Equatable, Sendable {
        /// Whether the executor existed once the scheduler was made.
        var madeWithTheScheduler: Bool
        /// "woke at 1s" when the task joined the world; "cancelled" when
        /// its sleep was refused.
        var task: String
    }

    /// In a scope whose tasks join: the scheduler is made (its actions
    /// running on `actions`), then a plain task that sleeps 1 s on its
    /// time; the test advances 1 s.
    static func plainTaskInAJoiningScope(
        actionsOn actions: VirtualActionContext = .caller, isolation: isolated (any Actor)? = #isolation
    ) async -> Outcome {
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) { () async -> Outcome in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let made = scheduler.world.hasExecutor
            let task = Task { () -> String in
                do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
                return "woke at \(scheduler.elapsed)"
            }
            await scheduler.advance(by: .seconds(1))
            return Outcome(madeWithTheScheduler: made, task: await task.value)
        }
    }

    /// The explored schedules of Combine code alone (a debounce and a
    /// synchronous step; one schedule, no choice point): whether each made
    /// an executor, and whether the exploration passed.
    static func schedulesOfCombineCode() -> (made: [Bool], recorded: Bool) {
        var made: [Bool] = []
        let result = ScheduleExploration(schedules: 4, seed: 1).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let elements = debouncedQueryElements(on: scheduler)
            made.append(scheduler.world.hasExecutor)
            return elements == [1]
        }
        return (made, result.failure == nil)
    }

    /// Two explored schedules whose body starts a plain task that sleeps
    /// 1 s on the schedule's scheduler; the body advances 1 s. What each
    /// task did.
    static func schedulesWithAPlainTask(isolation: isolated (any Actor)? = #isolation) async -> [String] {
        var outcomes: [String] = []
        _ = await ScheduleExploration(schedules: 2, seed: 1).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let task = Task { () -> String in
                do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
                return "woke at \(scheduler.elapsed)"
            }
            await scheduler.advance(by: .seconds(1))
            outcomes.append(await task.value)
            return true
        }
        return outcomes
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class JoiningWorldExecutorTests: XCTestCase {
    func testAJoiningScopeMakesTheExecutorWithItsFirstTask() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningWorldExecutor.plainTaskInAJoiningScope()
        XCTAssertEqual(outcome, .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    @MainActor
    func testAJoiningScopeMakesTheExecutorWithItsFirstTaskFromTheMainActor() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningWorldExecutor.plainTaskInAJoiningScope()
        XCTAssertEqual(outcome, .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    func testWithActionsOnTheMainActor() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningWorldExecutor.plainTaskInAJoiningScope(actionsOn: .mainActor)
        XCTAssertEqual(outcome, .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    @MainActor
    func testWithActionsOnTheMainActorFromTheMainActor() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningWorldExecutor.plainTaskInAJoiningScope(actionsOn: .mainActor)
        XCTAssertEqual(outcome, .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    func testSchedulesOfCombineCodeMakeNoExecutor() {
        let (made, recorded) = JoiningWorldExecutor.schedulesOfCombineCode()
        XCTAssertEqual(made, [false])
        XCTAssertTrue(recorded)
    }

    @MainActor
    func testSchedulesOfCombineCodeMakeNoExecutorFromTheMainActor() {
        let (made, recorded) = JoiningWorldExecutor.schedulesOfCombineCode()
        XCTAssertEqual(made, [false])
        XCTAssertTrue(recorded)
    }

    func testAScheduleMakesTheExecutorWithItsFirstTask() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcomes = await JoiningWorldExecutor.schedulesWithAPlainTask()
        XCTAssertEqual(outcomes, ["woke at 1s"])
    }

    @MainActor
    func testAScheduleMakesTheExecutorWithItsFirstTaskFromTheMainActor() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcomes = await JoiningWorldExecutor.schedulesWithAPlainTask()
        XCTAssertEqual(outcomes, ["woke at 1s"])
    }
}

@Suite struct JoiningWorldExecutorSwiftTests {
    @Test func aJoiningScopeMakesTheExecutorWithItsFirstTask() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcome = await JoiningWorldExecutor.plainTaskInAJoiningScope()
        #expect(outcome == .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    @MainActor @Test func aJoiningScopeMakesTheExecutorWithItsFirstTaskFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcome = await JoiningWorldExecutor.plainTaskInAJoiningScope()
        #expect(outcome == .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    @Test(arguments: [false, true]) func withActionsOnTheMainActor(fromTheMainActor: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcome = fromTheMainActor
            ? await Self.onTheMainActor { await JoiningWorldExecutor.plainTaskInAJoiningScope(actionsOn: .mainActor) }
            : await JoiningWorldExecutor.plainTaskInAJoiningScope(actionsOn: .mainActor)
        #expect(outcome == .init(madeWithTheScheduler: false, task: "woke at 1s"))
    }

    @MainActor
    private static func onTheMainActor<T: Sendable>(_ body: @MainActor () async -> T) async -> T {
        await body()
    }

    @Test func schedulesOfCombineCodeMakeNoExecutor() {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (made, recorded) = JoiningWorldExecutor.schedulesOfCombineCode()
        #expect(made == [false])
        #expect(recorded)
    }

    @MainActor @Test func schedulesOfCombineCodeMakeNoExecutorFromTheMainActor() {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (made, recorded) = JoiningWorldExecutor.schedulesOfCombineCode()
        #expect(made == [false])
        #expect(recorded)
    }

    @Test func aScheduleMakesTheExecutorWithItsFirstTask() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcomes = await JoiningWorldExecutor.schedulesWithAPlainTask()
        #expect(outcomes == ["woke at 1s"])
    }

    @MainActor @Test func aScheduleMakesTheExecutorWithItsFirstTaskFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcomes = await JoiningWorldExecutor.schedulesWithAPlainTask()
        #expect(outcomes == ["woke at 1s"])
    }
}
