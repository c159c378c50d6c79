@testable import CombineProbe
import Foundation
import Testing

/// A task of another Swift Testing test that reaches this test's scheduler
/// (a fixture shared by tests that run in parallel, or a task a test left
/// behind) and sleeps or makes a timer on its time is refused, and the
/// failure says that the task belongs to another test, and which. The
/// other test is played by a task that carries another test's identity.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum AnotherTestsTask {
    static let otherTest = "AnotherSuite/anotherTest()"
    static let hint = "This task belongs to another test than the one that made the scheduler: it runs for \(otherTest)"
    /// The line that makes the scheduler: its refusals are reported there.
    static let schedulerLine = #line + 5

    /// A task of the other test sleeps 1 s on this test's scheduler while
    /// nothing moves time: "cancelled" when its sleep is refused.
    static func sleep(isolation: isolated (any Actor)? = #isolation) async -> String {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor
        let task = DeliveryGate.$carriedTest.withValue(otherTest) {
            Task { () -> String in
                do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
                return "woke at \(scheduler.elapsed)"
            }
        }
        return await task.value
    }

    /// A task of the other test makes a timer on this test's scheduler
    /// while nothing moves time: the ticks it got (none when refused).
    static func timer(isolation: isolated (any Actor)? = #isolation) async -> Int {
        let scheduler = DispatchQueue.virtualScheduler()
        _ = scheduler.executor
        await scheduler.advance(by: .seconds(1))
        let task = DeliveryGate.$carriedTest.withValue(otherTest) {
            Task { () -> Int in
                var ticks = 0
                for await _ in scheduler.timer(interval: .seconds(1)) { ticks += 1 }
                return ticks
            }
        }
        return await task.value
    }
}

@Suite struct AnotherTestsTaskTests {
    @Test("A sleep from another test's task says whose task it is (fails on purpose)", .tags(.failurePath))
    func aSleep() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        await expectRefusedSleep(
            containing: ["while nothing was moving time", AnotherTestsTask.hint, "give each test a scheduler of its own"],
            atLine: AnotherTestsTask.schedulerLine
        ) {
            await AnotherTestsTask.sleep()
        }
    }

    @MainActor @Test("A sleep from another test's task says whose task it is, from the main actor (fails on purpose)", .tags(.failurePath))
    func aSleepFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        await expectRefusedSleep(containing: [AnotherTestsTask.hint], atLine: AnotherTestsTask.schedulerLine) {
            await AnotherTestsTask.sleep()
        }
    }

    @Test("A timer from another test's task says whose task it is (fails on purpose)", .tags(.failurePath))
    func aTimer() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        var ticks = -1
        _ = await expectIssue(
            "VirtualScheduler.timer(interval: 1s): a task outside the scheduler's virtual world made a timer",
            containing: [AnotherTestsTask.hint],
            atLine: AnotherTestsTask.schedulerLine + 14
        ) {
            ticks = await AnotherTestsTask.timer()
        }
        #expect(ticks == 0)
    }
}
