@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The ways a whole test opts in to tasks joining its world — the trait,
/// a `ProbeTestCase`'s settings — and what a test that does not opt in
/// gets: the plain task's sleep is refused, loudly, as before.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum JoiningOptIn {
    /// A plain task sleeps 1 s on the scheduler's time; the test advances
    /// 1 s. "woke at 1s" when it joined the world; "cancelled" when its
    /// sleep was refused.
    static func plainTaskSleep(actionsOn actions: VirtualActionContext = .caller) async -> String {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
        _ = scheduler.executor
        let task = sleepInAPlainTask(on: scheduler)
        await scheduler.advance(by: .seconds(1))
        return await task.value
    }

    /// A plain task started inside an `XCTExpectFailures` closure (which
    /// captures nothing here: not strict) sleeps 1 s on the time of a
    /// scheduler made before the closure; the closure advances 1 s.
    static func plainTaskSleepInsideAnExpectFailuresClosure(isolation: isolated (any Actor)? = #isolation) async -> String {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor
        let outcome = Locked("")
        await XCTExpectFailures(strict: false) {
            let task = sleepInAPlainTask(on: scheduler)
            await scheduler.advance(by: .seconds(1))
            let value = await task.value
            outcome.withLock { $0 = value }
        }
        return outcome.withLock { $0 }
    }

    /// A plain task started after the test's step sleeps on the
    /// scheduler's time, while nothing moves it.
    static func plainTaskSleepAfterTheStep() async -> String {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor
        await scheduler.advance(by: .seconds(1))
        return await sleepInAPlainTask(on: scheduler).value
    }

    /// The line of ``sleepInATaskStartedBeforeTheWorld()`` that makes the
    /// scheduler.
    static let lateWorldLine = #line + 13

    /// A plain task started before the scope's first scheduler exists,
    /// handed that scheduler by a real thread (which resumes it outside any
    /// world), sleeps 1 s on its time while nothing moves it: "cancelled"
    /// when its sleep is refused.
    static func sleepInATaskStartedBeforeTheWorld() async -> String {
        let handOver = HandOver<VirtualSchedulerOf<DispatchQueue>>()
        let early = Task { () -> String in
            let scheduler = await handOver.value()
            do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
            return "woke at \(scheduler.elapsed)"
        }
        let scheduler = DispatchQueue.virtualScheduler()
        DispatchQueue.global().async { handOver.give(scheduler) }
        return await early.value
    }

    /// The first scheduler made in a scope whose tasks join is its world:
    /// a plain task started right after it joins, with no
    /// `_ = scheduler.executor` first.
    static func plainTaskSleepWithoutAskingForTheExecutor() async -> String {
        let scheduler = DispatchQueue.virtualScheduler()
        let task = sleepInAPlainTask(on: scheduler)
        await scheduler.advance(by: .seconds(1))
        return await task.value
    }

    /// A plain `Task { }` that sleeps 1 s on `scheduler`'s time, and says
    /// when it woke, or "cancelled".
    static func sleepInAPlainTask(on scheduler: VirtualSchedulerOf<DispatchQueue>) -> Task<String, Never> {
        Task {
            do {
                try await scheduler.sleep(for: .seconds(1))
                return "woke at \(scheduler.elapsed)"
            } catch {
                return "cancelled"
            }
        }
    }
}

/// A value handed to one waiting task, from any thread.
final class HandOver<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Locked(State())

    /// The value, once given.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if let value = state.value { return value }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Gives the value to the task that waits for it, or will.
    func give(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }
}

final class JoiningProbeTestCaseTests: ProbeTestCase {
    override class var probeSettings: ProbeSettings.Overrides { .init(joinsTasks: true) }

    func testTheFirstSchedulerMadeIsTheWorldWithNoExecutorAskedFor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleepWithoutAskingForTheExecutor()
        XCTAssertEqual(outcome, "woke at 1s")
    }

    @MainActor
    func testTheFirstSchedulerMadeIsTheWorldFromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleepWithoutAskingForTheExecutor()
        XCTAssertEqual(outcome, "woke at 1s")
    }

    func testAPlainTaskOfAProbeTestCaseThatOptsInJoins() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleep()
        XCTAssertEqual(outcome, "woke at 1s")
    }

    /// A scheduler whose actions run on the main actor: the step hops
    /// there, the joined task's wake-up is one of its actions.
    func testWithActionsOnTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleep(actionsOn: .mainActor)
        XCTAssertEqual(outcome, "woke at 1s")
    }

    /// An `XCTExpectFailures` closure opens a scope of its own: a task
    /// started inside it still joins the test's world, the scheduler made
    /// before it.
    func testATaskStartedInsideAnExpectFailuresClosureJoinsTheTestsWorld() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleepInsideAnExpectFailuresClosure()
        XCTAssertEqual(outcome, "woke at 1s")
    }

    @MainActor func testATaskStartedInsideAnExpectFailuresClosureJoinsTheTestsWorldFromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleepInsideAnExpectFailuresClosure()
        XCTAssertEqual(outcome, "woke at 1s")
    }

    @MainActor func testWithActionsOnTheMainActorFromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await JoiningOptIn.plainTaskSleep(actionsOn: .mainActor)
        XCTAssertEqual(outcome, "woke at 1s")
    }
}

#if compiler(>=6.1)
@Suite(.tasksJoinTheVirtualWorld) struct JoiningTraitTests {
    @Test func theFirstSchedulerMadeIsTheWorldWithNoExecutorAskedFor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        #expect(await JoiningOptIn.plainTaskSleepWithoutAskingForTheExecutor() == "woke at 1s")
    }

    @MainActor @Test func theFirstSchedulerMadeIsTheWorldFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        #expect(await JoiningOptIn.plainTaskSleepWithoutAskingForTheExecutor() == "woke at 1s")
    }

    @Test func aPlainTaskOfATestWithTheTraitJoins() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        #expect(await JoiningOptIn.plainTaskSleep() == "woke at 1s")
    }

    @MainActor @Test func fromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        #expect(await JoiningOptIn.plainTaskSleep() == "woke at 1s")
    }

    /// The cases of a parameterized test run in parallel, each making its
    /// own scheduler: each case's tasks join its own world, not the world
    /// of whichever case made a scheduler first.
    @Test(arguments: [false, true], 0..<4)
    func withActionsOnTheMainActor(fromTheMainActor: Bool, case: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcome = fromTheMainActor
            ? await Self.onTheMainActor { await JoiningOptIn.plainTaskSleep(actionsOn: .mainActor) }
            : await JoiningOptIn.plainTaskSleep(actionsOn: .mainActor)
        #expect(outcome == "woke at 1s")
    }

    /// A scope opened inside the test (`withOverrides`, an
    /// `XCTExpectFailures` closure) keeps the test's world: the task it
    /// starts runs on the executor of the scheduler made before it.
    @Test func aTaskStartedInANestedScopeJoinsTheTestsWorld() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let world = scheduler.executor.worldNumber
        let (outcome, ranInTheWorld) = await ProbeSettings.withOverrides(.init(defaultTimeout: 2)) {
            let sleeper = JoiningOptIn.sleepInAPlainTask(on: scheduler)
            let probe = Task.detached { VirtualTaskExecutor.runningWorld?.worldNumber == world }
            await scheduler.advance(by: .seconds(1))
            return (await sleeper.value, await probe.value)
        }
        #expect(outcome == "woke at 1s")
        #expect(ranInTheWorld)
    }

    @MainActor private static func onTheMainActor(_ body: @MainActor () async -> String) async -> String {
        await body()
    }
}
#endif

@Suite struct NotJoiningTests {
    /// Opted in, but the task starts before the scope's first scheduler
    /// (its world) is made, and a real thread resumes it: it stays outside,
    /// and the refusal says why.
    @Test("A task started before the world exists says why it did not join (fails on purpose)", .tags(.failurePath))
    func aTaskStartedBeforeTheWorldExistsSaysWhy() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        await expectRefusedSleep(
            containing: ["but this one did not: it was started before the scope's first scheduler"],
            atLine: JoiningOptIn.lateWorldLine
        ) {
            await ProbeSettings.withOverrides(.init(joinsTasks: true)) {
                await JoiningOptIn.sleepInATaskStartedBeforeTheWorld()
            }
        }
    }

    /// Without the opt-in, the plain task stays outside: its sleep, which
    /// arrives while nothing moves time, is refused, with a failure that
    /// names the plain task, and ends with `CancellationError`: never a
    /// hang.
    @Test("A plain task of a test that does not opt in stays outside (fails on purpose)", .tags(.failurePath))
    func aPlainTaskOfATestThatDoesNotOptInStaysOutside() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        await expectRefusedSleep(
            containing: ["while nothing was moving time", "Task { }",
                         "let the test's plain tasks join the world instead: ProbeSettings.Overrides(joinsTasks: true)"],
            atLine: 41
        ) {
            await JoiningOptIn.plainTaskSleepAfterTheStep()
        }
    }
}
