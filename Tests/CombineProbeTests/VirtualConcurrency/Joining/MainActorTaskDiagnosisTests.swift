@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A `Task { }` started in `@MainActor` code — a view model, and every type
/// of an app target whose default isolation is `MainActor` — inherits the
/// main actor and does not join the world: its sleep on the scheduler's
/// time, which nothing moves, is refused, and the refusal names that
/// cause, not "started before the world" or another library's hook.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class MainActorSleeperModel {
    /// The line that makes the scheduler, in ``sleepInAMainActorTask()``.
    nonisolated static let schedulerLine = #line + 5

    /// Starts a plain task in this main-actor code, which sleeps 1 s on the
    /// time of a scheduler nothing moves: "cancelled" when it is refused.
    static func sleepInAMainActorTask() async -> String {
        let scheduler = DispatchQueue.virtualScheduler()
        let task = Task { () -> String in
            do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
            return "woke"
        }
        return await task.value
    }

    nonisolated static let prefix = "VirtualScheduler: a task outside its virtual world slept on the scheduler's time"
    nonisolated static let cause = "but this one did not: it runs on the main actor. A Task { } started in @MainActor code"
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class MainActorTaskDiagnosisTests: FailureCapturingTestCase {
    func testARefusedMainActorTaskIsNamed() async throws {
        try await assertTheMainActorNamed()
    }

    @MainActor
    func testARefusedMainActorTaskIsNamedFromTheMainActor() async throws {
        try await assertTheMainActorNamed()
    }

    /// In the caller's isolation: the main-actor task's sleep is refused,
    /// naming the main actor, and ends with `CancellationError`.
    private func assertTheMainActorNamed(isolation: isolated (any Actor)? = #isolation) async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let (failures, result) = await captureFailures {
            await ProbeSettings.withOverrides(.init(joinsTasks: true)) { await MainActorSleeperModel.sleepInAMainActorTask() }
        }
        assertFailures(failures, [MainActorSleeperModel.prefix], at: MainActorSleeperModel.schedulerLine)
        XCTAssertTrue(failures.first?.message.contains(MainActorSleeperModel.cause) == true, "\(failures)")
        XCTAssertEqual(try result.get(), "cancelled")
    }
}

@Suite struct MainActorTaskDiagnosisSwiftTests {
    @Test("A refused main-actor task is named (fails on purpose)", .tags(.failurePath))
    func aRefusedMainActorTaskIsNamed() async {
        await Self.expectTheMainActorNamed()
    }

    @MainActor
    @Test("A refused main-actor task is named, from the main actor (fails on purpose)", .tags(.failurePath))
    func aRefusedMainActorTaskIsNamedFromTheMainActor() async {
        await Self.expectTheMainActorNamed()
    }

    /// In the caller's isolation: the main-actor task's sleep is refused,
    /// naming the main actor, and ends with `CancellationError`.
    private static func expectTheMainActorNamed(isolation: isolated (any Actor)? = #isolation) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        var outcome = ""
        _ = await expectIssue(
            MainActorSleeperModel.prefix, containing: [MainActorSleeperModel.cause], atLine: MainActorSleeperModel.schedulerLine
        ) {
            outcome = await ProbeSettings.withOverrides(.init(joinsTasks: true)) { await MainActorSleeperModel.sleepInAMainActorTask() }
        }
        #expect(outcome == "cancelled")
    }
}
