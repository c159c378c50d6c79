@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Jobs that reach an explored world from outside the schedule's control —
/// a continuation resumed by a real thread — are counted, and a failing
/// schedule's report says so; jobs that come from the schedule itself (its
/// actions, its tasks, the main actor) are not.
/// Who resumes the world task's continuation in `UncontrolledArrivalScenario`.
enum UncontrolledArrivalResumer: Sendable {
    /// A block on a global queue: a real thread, outside the schedule.
    case realThread
    /// An action of the scheduler, run by the step.
    case schedulerAction
    /// An action of a scheduler whose actions run on the main actor
    /// (`actionsOn: .mainActor`).
    case mainActorSchedulerAction
    /// The main actor.
    case mainActor
    /// A plain task the body starts, which joins the world.
    case joinedTask
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum UncontrolledArrivalScenario {
    typealias Resumer = UncontrolledArrivalResumer

    /// One exploration of one schedule, which fails on purpose: a task of
    /// the world awaits a continuation that `resumer` resumes once the task
    /// has surely suspended (a step has reached quiescence).
    static func failingExploration(
        resumedBy resumer: Resumer, isolation: isolated (any Actor)? = #isolation
    ) async -> ExplorationFailure? {
        let result = await ScheduleExploration(schedules: 1).run { _ in
            await awaitResumption(by: resumer)
            return false
        }
        return result.failure
    }

    /// Starts a task of the world that awaits a continuation, lets it
    /// suspend, has `resumer` resume it, and awaits the task.
    static func awaitResumption(by resumer: Resumer, isolation: isolated (any Actor)? = #isolation) async {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: resumer == .mainActorSchedulerAction ? .mainActor : .caller)
        let waiting = Locked<CheckedContinuation<Void, Never>?>(nil)
        let task = Task(executorPreference: scheduler.executor) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                waiting.withLock { $0 = continuation }
            }
        }
        // Quiescence: the task has run until it awaits, and is suspended.
        await scheduler.advance()
        let resume: @Sendable () -> Void = {
            let continuation = waiting.withLock { waiting -> CheckedContinuation<Void, Never>? in
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume()
        }
        switch resumer {
        case .realThread:
            DispatchQueue.global().async { resume() }
        case .schedulerAction, .mainActorSchedulerAction:
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { resume() }
            await scheduler.advance(by: .seconds(1))
        case .mainActor:
            await MainActor.run { resume() }
        case .joinedTask:
            Task { resume() }
        }
        await task.value
    }

    static let realThreadNote = "1 job reached the virtual executor from outside the schedule (the first before its "
        + "first choice point): a continuation resumed by a real thread, a real Task.sleep or another clock's sleep, "
        + "which run when their thread gets there, not when the schedule says"
}

final class ExplorationUncontrolledArrivalsTests: XCTestCase {
    func testAContinuationResumedByARealThreadIsNamedInTheFailure() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let found = await UncontrolledArrivalScenario.failingExploration(resumedBy: .realThread)
        let failure = try XCTUnwrap(found)
        XCTAssertEqual(failure.uncontrolled, UncontrolledArrivalScenario.realThreadNote)
    }

    @MainActor func testAContinuationResumedByARealThreadIsNamedInTheFailureFromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let found = await UncontrolledArrivalScenario.failingExploration(resumedBy: .realThread)
        let failure = try XCTUnwrap(found)
        XCTAssertEqual(failure.uncontrolled, UncontrolledArrivalScenario.realThreadNote)
    }

    func testWhatTheScheduleRunsIsNotCounted() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for resumer: UncontrolledArrivalResumer in [.schedulerAction, .mainActorSchedulerAction, .mainActor, .joinedTask] {
            let found = await UncontrolledArrivalScenario.failingExploration(resumedBy: resumer)
            let failure = try XCTUnwrap(found)
            XCTAssertNil(failure.uncontrolled, "\(resumer)")
        }
    }

    @MainActor func testWhatTheScheduleRunsIsNotCountedFromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for resumer: UncontrolledArrivalResumer in [.schedulerAction, .mainActorSchedulerAction, .mainActor, .joinedTask] {
            let found = await UncontrolledArrivalScenario.failingExploration(resumedBy: resumer)
            let failure = try XCTUnwrap(found)
            XCTAssertNil(failure.uncontrolled, "\(resumer)")
        }
    }

    /// The report of the failing schedule says it, after what the schedule
    /// did.
    func testTheReportSaysIt() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let result = await ScheduleExploration(schedules: 1).run { _ in
            await UncontrolledArrivalScenario.awaitResumption(by: .realThread)
            return false
        }
        XCTAssertEqual(result.report, "The default schedule failed: the test fails without exploring.\n"
            + "While it ran, \(UncontrolledArrivalScenario.realThreadNote): the seed may not replay.")
    }

    /// A schedule that does not replay the same way when it runs twice
    /// names what came from outside, in either run.
    func testANonReplayingScheduleNamesWhatCameFromOutside() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let runs = Locked(0)
        let result = await ScheduleExploration(schedules: 10, checkingReplays: true).run { _ in
            let run = runs.withLock { runs -> Int in
                runs += 1
                return runs
            }
            await UncontrolledArrivalScenario.awaitResumption(by: .realThread)
            // The second run meets three tied actions where the first met
            // two: a counter outside the world decides.
            _ = await tiedOrderAsync(run == 2 ? 3 : 2)
            return true
        }
        XCTAssertEqual(result.nondeterminism, "schedule 1 (seed default) did not replay the same way when it ran twice "
            + "(choice 0 was among 2 actions due at one instant when the schedule was found, and among 3 actions due "
            + "at one instant in this run); " + UncontrolledArrivalScenario.realThreadNote)
    }
}

@Suite struct ExplorationUncontrolledArrivalsSwiftTests {
    @Test func aContinuationResumedByARealThreadIsNamedInTheFailure() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let failure = try #require(await UncontrolledArrivalScenario.failingExploration(resumedBy: .realThread))
        #expect(failure.uncontrolled == UncontrolledArrivalScenario.realThreadNote)
    }

    @MainActor @Test func fromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let failure = try #require(await UncontrolledArrivalScenario.failingExploration(resumedBy: .realThread))
        #expect(failure.uncontrolled == UncontrolledArrivalScenario.realThreadNote)
    }

    @Test(arguments: [UncontrolledArrivalResumer.schedulerAction, .mainActorSchedulerAction, .mainActor, .joinedTask])
    func whatTheScheduleRunsIsNotCounted(_ resumer: UncontrolledArrivalResumer) async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let failure = try #require(await UncontrolledArrivalScenario.failingExploration(resumedBy: resumer))
        #expect(failure.uncontrolled == nil)
    }

    /// Through the framework: the failing schedule's issue says it.
    @Test("A failing schedule's issue names a job from a real thread (fails on purpose)", .tags(.failurePath))
    func theIssueSaysIt() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let issues = await issuesRecorded {
            await exploreSchedules(1) { _ in
                await UncontrolledArrivalScenario.awaitResumption(by: .realThread)
                #expect(Bool(false))
            }
        }
        #expect(issues.contains { $0.comment.contains("While it ran, \(UncontrolledArrivalScenario.realThreadNote)") }, "\(issues)")
    }

    /// The failing schedule, run once more for real, meets other choices:
    /// the failure that says so names what came from outside.
    @Test("A failing schedule that does not replay names a job from a real thread (fails on purpose)", .tags(.failurePath))
    func aScheduleThatDoesNotReplayNamesIt() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let runs = Locked(0)
        let issues = await issuesRecorded {
            await exploreSchedules(10) { _ in
                let run = runs.withLock { runs -> Int in
                    runs += 1
                    return runs
                }
                await UncontrolledArrivalScenario.awaitResumption(by: .realThread)
                // The third run, the replay, meets three tied actions where
                // the failing schedule met two.
                let order = await tiedOrderAsync(run >= 3 ? 3 : 2)
                #expect(order.first == 0)
            }
        }
        let expected = "The schedule 0.1 did not replay exactly (choice 0 was among 2 actions due at one instant when the "
            + "schedule was found, and among 3 actions due at one instant in this run): the test does something the "
            + "virtual world does not order, such as real threads or real time, so its failures may not come back. "
            + "While it ran, \(UncontrolledArrivalScenario.realThreadNote)."
        #expect(issues.contains { $0.comment == expected }, "\(issues)")
        #expect(runs.withLock { $0 } == 3)
    }
}
