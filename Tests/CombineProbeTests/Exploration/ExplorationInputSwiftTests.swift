@testable import CombineProbe
import Foundation
import Testing

/// What an exploration does with input it cannot use, and with a replay
/// that does not fit the test, in Swift Testing: `exploreSchedules` and the
/// trait.
@Suite struct ExplorationInputSwiftTests {
    @Test("A budget below 1 is an issue at the call, and nothing runs (fails on purpose)", .tags(.failurePath))
    func aBudgetBelowOneIsAnIssueAtTheCall() async {
        var runs = 0
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules(0) { _ in runs += 1 }
            await exploreSchedules(-3) { _ in
                await Task.yield()
                runs += 1
            }
        }
        #expect(runs == 0)
        #expect(issues.map(\.line) == [callLine, callLine + 1], "\(issues)")
        #expect(issues.first?.comment == "The exploration was given a budget of 0 schedules, and nothing ran: "
            + "the budget is the most schedules to run. Pass 1 or more, or leave the default (200).")
        #expect(issues.last?.comment.hasPrefix("The exploration was given a budget of -3 schedules") == true)
    }

    @Test("A replay that does not fit is an issue at the call, though it passes (fails on purpose)", .tags(.failurePath))
    func aReplayThatDoesNotFitIsAnIssueThoughItPasses() async {
        var orders: [[Int]] = []
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules(replaying: "0.5") { _ in orders.append(tiedOrder(2)) }
            await exploreSchedules(replaying: "9.1") { _ in orders.append(await tiedOrderAsync(2)) }
        }
        #expect(orders == [[0, 1], [0, 1]])
        #expect(issues.map(\.line) == [callLine, callLine + 1], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("The schedule 0.5 did not replay exactly (choice 0 had 2 options "
            + "this time, and the schedule takes option 5). Check the seed") == true, "\(issues)")
        #expect(issues.last?.comment.hasPrefix("The schedule 9.1 did not replay exactly (the schedule takes option 1 "
            + "at choice 9, and the test met 1 choice (choice 0)). Check the seed") == true, "\(issues)")
    }

    @Test("An empty or unreadable environment variable is an issue at the call (fails on purpose)", .tags(.failurePath))
    func anUnreadableEnvironmentVariableIsAnIssueAtTheCall() async {
        var runs = 0
        let callLine = #line + 3
        let issues = await issuesRecorded {
            ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_SCHEDULE": ""]) {
                exploreSchedules { _ in runs += 1 }
            }
            await ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_EXPLORATION_SEED": "banana"]) {
                await exploreSchedules { _ in
                    await Task.yield()
                    runs += 1
                }
            }
        }
        #expect(runs == 0)
        #expect(issues.map(\.line) == [callLine, callLine + 3], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("COMBINEPROBE_SCHEDULE is set but empty, which is not a schedule seed, "
            + "and nothing ran") == true, "\(issues)")
        #expect(issues.last?.comment.hasPrefix("COMBINEPROBE_EXPLORATION_SEED is \"banana\", which is not a base seed, "
            + "and nothing ran") == true, "\(issues)")
    }
}

#if compiler(>=6.1)
/// The `.exploringSchedules` trait given input it cannot use, or a replay
/// that does not fit.
@Suite struct ExplorationTraitInputTests {
    /// Runs `trait`'s scope around `body` in the current test, and returns
    /// how many times the body ran and the issues recorded.
    private func scope(
        _ trait: ScheduleExplorationTrait, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () -> Void
    ) async throws -> (runs: Int, issues: [RecordedIssue], test: Test) {
        let test = try #require(Test.current)
        let runs = Locked(0)
        let issues = await issuesRecorded(sourceLocation: sourceLocation) {
            try? await trait.provideScope(for: test, testCase: Test.Case.current, performing: {
                runs.withLock { $0 += 1 }
                body()
            })
        }
        return (runs.withLock { $0 }, issues, test)
    }

    @Test("The trait with a budget below 1 is an issue at the test, and nothing runs (fails on purpose)", .tags(.failurePath))
    func aBudgetBelowOneRunsNothing() async throws {
        let (runs, issues, test) = try await scope(.exploringSchedules(0)) {}
        #expect(runs == 0)
        #expect(issues.map(\.line) == [test.sourceLocation.line], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("The exploration was given a budget of 0 schedules, and nothing ran") == true)
    }

    @Test("The trait with an unreadable seed is an issue at the test, and nothing runs (fails on purpose)", .tags(.failurePath))
    func anUnreadableSeedRunsNothing() async throws {
        let (runs, issues, test) = try await scope(.exploringSchedules(replaying: "4-x")) {}
        #expect(runs == 0)
        #expect(issues.map(\.line) == [test.sourceLocation.line], "\(issues)")
        #expect(issues.first?.comment == SchedulePath.invalidSeedMessage("4-x"))
    }

    @Test("The trait with an empty COMBINEPROBE_SCHEDULE runs nothing (fails on purpose)", .tags(.failurePath))
    func anEmptyReplayVariableRunsNothing() async throws {
        let trait = ScheduleExploration.$environmentForTests.withValue(["COMBINEPROBE_SCHEDULE": " "]) {
            ScheduleExplorationTrait.exploringSchedules()
        }
        let (runs, issues, test) = try await scope(trait) {}
        #expect(runs == 0)
        #expect(issues.map(\.line) == [test.sourceLocation.line], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("COMBINEPROBE_SCHEDULE is \" \", which is not a schedule seed") == true)
    }

    @Test("The trait's replay that does not fit is an issue at the test, though it passes (fails on purpose)", .tags(.failurePath))
    func aReplayThatDoesNotFitIsAnIssue() async throws {
        let (runs, issues, test) = try await scope(.exploringSchedules(replaying: "0.1-4.1")) { _ = tiedOrder(2) }
        #expect(runs == 1)
        #expect(issues.map(\.line) == [test.sourceLocation.line], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("The schedule 0.1-4.1 did not replay exactly (the schedule takes "
            + "option 1 at choice 4, and the test met 1 choice (choice 0)). Check the seed") == true, "\(issues)")
    }
}
#endif
