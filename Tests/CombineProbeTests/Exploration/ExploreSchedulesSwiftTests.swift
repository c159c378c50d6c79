@testable import CombineProbe
import Foundation
import Testing

/// An issue recorded inside `issuesRecorded`: its text and its line.
struct RecordedIssue: Sendable, CustomStringConvertible {
    let comment: String
    let line: Int
    var description: String { "\(line): \(comment)" }
}

/// Runs `body` and returns every issue it recorded, as known issues, in
/// order. The test must say it fails on purpose (see `Tag.failurePath`).
func issuesRecorded(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async -> [RecordedIssue] {
    expectFailurePathNaming(sourceLocation: sourceLocation)
    let issues = Locked<[RecordedIssue]>([])
    let matcher: KnownIssueMatcher = { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        issues.withLock { $0.append(RecordedIssue(comment: text, line: issue.sourceLocation?.line ?? 0)) }
        return true
    }
    #if compiler(>=6.0.2) && !COMBINEPROBE_FORCE_FALLBACKS
    await withKnownIssue(isIntermittent: true, isolation: isolation, { await body() }, matching: matcher)
    #else
    await withoutActuallyEscaping(body) { body in
        // Capturing `isolation` keeps this closure in the caller's isolation
        // (newer compilers, with COMBINEPROBE_FORCE_FALLBACKS, require it).
        _ = isolation
        // Unchecked: `run` is called once, by `withKnownIssue`, while this
        // function awaits it; nothing else can reach it.
        let run = unsafeBitCast(body, to: (@Sendable () async -> Void).self)
        await withKnownIssue(isIntermittent: true, { await run() }, matching: matcher)
    }
    #endif
    return issues.withLock { $0 }
}

/// `exploreSchedules` in Swift Testing: sync and async, nonisolated and on
/// the main actor, passing and failing.
@Suite struct ExploreSchedulesSwiftTests {
    @Test func aPassingBodyRunsEveryScheduleAndRecordsNothing() {
        var orders: [[Int]] = []
        exploreSchedules(50) { _ in
            let order = tiedOrder(3)
            orders.append(order)
            #expect(order.count == 3)
        }
        #expect(orders.count == 6)
        #expect(Set(orders).count == 6)
    }

    @Test func anAsyncBodyRunsEverySchedule() async {
        var orders: [[Int]] = []
        await exploreSchedules(50) { _ in orders.append(await tiedOrderAsync(2)) }
        #expect(orders == [[0, 1], [1, 0]])
    }

    @Test @MainActor func aMainActorBodyRunsOnTheMainActor() async {
        var orders: [[Int]] = []
        await exploreSchedules(50, exploring: .all) { _ in
            MainActor.assertIsolated()
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
            let order = Locked<[Int]>([])
            for index in 0..<2 {
                scheduler.schedule { MainActor.assumeIsolated { order.withLock { $0.append(index) } } }
            }
            await scheduler.advance()
            orders.append(order.withLock { $0 })
        }
        #expect(orders == [[0, 1], [1, 0]])
    }

    @Test @MainActor func aSynchronousMainActorBodyRunsOnTheMainActor() {
        var orders: [[Int]] = []
        exploreSchedules(50) { _ in
            MainActor.assertIsolated()
            orders.append(tiedOrder(2))
        }
        #expect(orders == [[0, 1], [1, 0]])
    }

    @Test("The failing schedule is reported at the call, then replayed for real (fails on purpose)", .tags(.failurePath))
    func theFailingScheduleIsReportedThenReplayedForReal() async {
        var runs = 0
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules(50, seed: 7) { _ in
                runs += 1
                #expect(tiedOrder(2) == [0, 1])
            }
        }
        // The default order, the failing one (a known issue inside), then
        // the replay.
        #expect(runs == 3)
        #expect(issues.count == 2, "\(issues)")
        #expect(issues.first?.line == callLine)
        #expect(issues.first?.comment == """
            Schedule 2 of at most 50 failed (seed 0.1; base seed 0x7).
            It differs from the default order in 1 choice:
              - at 10ms, ran the action scheduled #2 before the action scheduled #1
            Every schedule with fewer differences passed.
            Replay it with `replaying: "0.1"`, or COMBINEPROBE_SCHEDULE=0.1 in the environment.
            """)
        #expect(issues.last?.line == callLine + 2)
        #expect(issues.last?.comment == "", "an #expect's issue has no comment")
    }

    @Test("An async failing schedule is reported, then replayed (fails on purpose)", .tags(.failurePath))
    @MainActor
    func anAsyncFailingScheduleIsReportedThenReplayed() async {
        var orders: [[Int]] = []
        let callLine = #line + 2
        let issues = await issuesRecorded {
            await exploreSchedules(50) { _ in
                let order = await tiedOrderAsync(3)
                orders.append(order)
                #expect(order != [1, 2, 0])
            }
        }
        #expect(orders.suffix(2) == [[1, 2, 0], [1, 2, 0]], "the failing schedule, then its replay")
        #expect(issues.map(\.line) == [callLine, callLine + 3], "\(issues)")
        #expect(issues.first?.comment.hasPrefix("Schedule \(orders.count - 1) of at most 50 failed") == true)
    }

    @Test("A thrown error fails the schedule and is reported, not thrown (fails on purpose)", .tags(.failurePath))
    func aThrownErrorFailsTheScheduleAndIsReported() async {
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules(50) { _ in
                if tiedOrder(2) == [1, 0] { throw ScheduleError() }
            }
        }
        #expect(issues.map(\.line) == [callLine, callLine], "\(issues)")
        #expect(issues.first?.comment.contains("It threw ScheduleError.") == true, "\(issues)")
        #expect(issues.last?.comment == "The schedule threw an error: ScheduleError")
    }

    @Test func replayingASeedRunsThatScheduleOnce() {
        var orders: [[Int]] = []
        exploreSchedules(replaying: "0.2-1.1") { _ in orders.append(tiedOrder(3)) }
        #expect(orders == [[2, 1, 0]])
    }

    @Test("A replayed failing schedule fails as a plain test does (fails on purpose)", .tags(.failurePath))
    func aReplayedFailingScheduleFailsAsAPlainTestDoes() async {
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules(replaying: "0.1") { _ in
                #expect(tiedOrder(2) == [0, 1])
            }
        }
        #expect(issues.map(\.line) == [callLine + 1], "\(issues)")
    }

    @Test("An unreadable seed is an issue at the call, and nothing runs (fails on purpose)", .tags(.failurePath))
    func anUnreadableSeedIsAnIssue() async {
        var runs = 0
        let callLine = #line + 2
        let issues = await issuesRecorded {
            exploreSchedules(replaying: "4-1") { _ in runs += 1 }
        }
        #expect(runs == 0)
        #expect(issues.map(\.line) == [callLine])
        #expect(issues.first?.comment == SchedulePath.invalidSeedMessage("4-1"))
    }

    @Test func theEngineRecordsNothing() {
        let result = ScheduleExploration(schedules: 50).run { _ in tiedOrder(2) == [0, 1] }
        #expect(result.failure?.schedule.seed == "0.1")
        #expect(result.failure?.deviations == ["at 10ms, ran the action scheduled #2 before the action scheduled #1"])
    }
}

#if compiler(>=6.1)
/// The `.exploringSchedules` trait.
@Suite struct ScheduleExplorationTraitTests {
    /// The orders the trait's test saw, for the test that follows it.
    static let traitOrders = Locked<[[Int]]>([])

    @Test(.exploringSchedules(50)) func theTraitRunsTheTestOncePerSchedule() {
        let order = tiedOrder(3)
        Self.traitOrders.withLock { $0.append(order) }
        #expect(order.count == 3)
    }

    @Test func theTraitsScopeRunsEveryScheduleOfItsFunction() async throws {
        let orders = Locked<[[Int]]>([])
        let trait = ScheduleExplorationTrait.exploringSchedules(50)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: Test.Case.current, performing: {
            orders.withLock { $0.append(tiedOrder(2)) }
        })
        #expect(orders.withLock { $0 } == [[0, 1], [1, 0]])
    }

    @Test("The trait reports the failing schedule at the test, then replays it (fails on purpose)", .tags(.failurePath))
    func theTraitReportsTheFailingScheduleThenReplaysIt() async throws {
        let trait = ScheduleExplorationTrait.exploringSchedules(50)
        let test = try #require(Test.current)
        let runs = Locked(0)
        let issues = await issuesRecorded {
            try? await trait.provideScope(for: test, testCase: Test.Case.current, performing: {
                runs.withLock { $0 += 1 }
                #expect(tiedOrder(2) == [0, 1])
            })
        }
        #expect(runs.withLock { $0 } == 3)
        #expect(issues.count == 2, "\(issues)")
        #expect(issues.first?.line == test.sourceLocation.line)
        #expect(issues.first?.comment.hasPrefix("Schedule 2 of at most 50 failed (seed 0.1;") == true, "\(issues)")
    }
}
#endif
