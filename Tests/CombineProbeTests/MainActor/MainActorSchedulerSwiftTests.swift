@testable import CombineProbe
import Foundation
import Testing

/// A virtual scheduler made with `actionsOn: .mainActor`, in Swift Testing,
/// which runs a test that is not marked `@MainActor` on the cooperative pool,
/// off the main thread: the actions still run on the main actor.
@Suite struct MainActorSchedulerSwiftTests {
    @Test func aNonisolatedAsyncTestDrivesAMainActorModel() async throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let assuming = await AssumingSearchModel(scheduler: scheduler)
        let checked = await CheckedSearchModel(scheduler: scheduler)
        await assuming.type("s")
        await scheduler.advance(by: .milliseconds(100))
        await assuming.type("swift")
        await checked.type("combine")
        await scheduler.advance(by: .milliseconds(300))
        #expect(await assuming.searched == ["swift"])
        #expect(await checked.searched == ["combine"])
        await checked.type("testing")
        await scheduler.run()
        #expect(await checked.searched == ["combine", "testing"])
    }

    @Test func aNonisolatedAsyncVirtualWait() async throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let query = PassthroughSubject<String, Never>()
        let recorder = query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map { text in MainActor.assumeIsolated { text.uppercased() } }
            .record()
        query.send("swift")
        #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == "SWIFT")
        #expect(scheduler.elapsed == .milliseconds(300))
    }

    /// A synchronous test on the cooperative pool: the synchronous moves of
    /// time hand their work to the main actor, and wait for it.
    @Test func aNonisolatedSynchronousTest() throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let query = PassthroughSubject<String, Never>()
        let searched = Locked<[String]>([])
        let subscription = query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { text in MainActor.assumeIsolated { searched.withLock { $0.append(text) } } }
        query.send("swift")
        scheduler.advance(by: .milliseconds(300))
        #expect(searched.withLock { $0 } == ["swift"])
        query.send("combine")
        scheduler.run()
        #expect(searched.withLock { $0 } == ["swift", "combine"])
        let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler)
            .map { text in MainActor.assumeIsolated { text.count } }
            .record()
        query.send("testing")
        #expect(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == 7)
        subscription.cancel()
    }

    @Test @MainActor func aMainActorAsyncTest() async throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = CheckedSearchModel(scheduler: scheduler)
        model.type("swift")
        await scheduler.advance(by: .milliseconds(300))
        #expect(model.searched == ["swift"])
    }

    @Test @MainActor func aMainActorSynchronousTest() {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = AssumingSearchModel(scheduler: scheduler)
        model.type("swift")
        scheduler.advance(by: .milliseconds(300))
        #expect(model.searched == ["swift"])
    }

    /// A failure of an action run on the main actor for a nonisolated
    /// synchronous test still reaches this test, at its line: the work runs
    /// in a task that carries the test's task-local values.
    @Test("A failure inside a hop reaches the test at its line (fails on purpose)", .tags(.failurePath))
    func aFailureInsideAHopReachesTheTest() async {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        _ = await expectIssue("VirtualScheduler.advance(by: -1s): the interval must be zero or positive", containing: [], atLine: Self.moveBackLine) {
            #expect(!Thread.isMainThread)
            Self.moveBack(scheduler)
        }
    }

    private static let moveBackLine = #line + 3
    /// A synchronous call, so that the synchronous `advance(by:)` is the one called.
    private static func moveBack(_ scheduler: VirtualSchedulerOf<DispatchQueue>) {
        scheduler.advance(by: .seconds(-1))
    }
}
