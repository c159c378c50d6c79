@testable import CombineProbe
import Foundation
import XCTest

/// A virtual scheduler made with `actionsOn: .mainActor` runs its actions on
/// the main actor whatever moves time, so that a main-actor view model —
/// `MainActor.assumeIsolated` in its sink, or the compiler's own isolation
/// check — is driven safely from any test: nonisolated or `@MainActor`, sync
/// or async.
final class MainActorSchedulerTests: FailureCapturingTestCase {
    // MARK: Nonisolated async tests: the async steps hop to the main actor

    func testANonisolatedAsyncAdvanceRunsTheActionsOnTheMainActor() async {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let assuming = await AssumingSearchModel(scheduler: scheduler)
        let checked = await CheckedSearchModel(scheduler: scheduler)
        await assuming.type("swift")
        await checked.type("combine")
        await scheduler.advance(by: .milliseconds(300))
        let searched = await (assuming.searched, checked.searched)
        XCTAssertEqual(searched.0, ["swift"])
        XCTAssertEqual(searched.1, ["combine"])
    }

    func testANonisolatedAsyncAdvanceToADate() async {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = await CheckedSearchModel(scheduler: scheduler)
        await model.type("swift")
        await scheduler.advance(to: scheduler.now.advanced(by: .seconds(1)))
        let searched = await model.searched
        XCTAssertEqual(searched, ["swift"])
    }

    func testANonisolatedAsyncRun() async {
        let scheduler = RunLoop.virtualScheduler(actionsOn: .mainActor)
        let model = await AssumingSearchModel(scheduler: scheduler)
        await model.type("swift")
        await scheduler.run()
        let searched = await model.searched
        XCTAssertEqual(searched, ["swift"])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(300))
    }

    func testANonisolatedAsyncVirtualWait() async throws {
        let scheduler = OperationQueue.virtualScheduler(actionsOn: .mainActor)
        let model = await CheckedSearchModel(scheduler: scheduler)
        let threads = PassthroughSubject<Bool, Never>()
        let recorder = threads.record()
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { threads.send(Thread.isMainThread) }
        await model.type("swift")
        let onMain = try await scheduler.wait(for: recorder.next(), timeout: .seconds(2))
        XCTAssertEqual(onMain, true)
        let searched = await model.searched
        XCTAssertEqual(searched, ["swift"])
    }

    // MARK: Synchronous XCTest: the main thread runs the actions

    func testASynchronousTestOnTheMainThread() throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        MainActor.assumeIsolated {
            let model = CheckedSearchModel(scheduler: scheduler)
            model.type("swift")
            scheduler.advance(by: .milliseconds(300))
            XCTAssertEqual(model.searched, ["swift"])
        }
        let threads = PassthroughSubject<Bool, Never>()
        let recorder = threads.record()
        scheduler.schedule { threads.send(Thread.isMainThread) }
        XCTAssertEqual(try scheduler.wait(for: recorder.next()), true)
    }

    /// From a background thread while the main thread spins its run loop
    /// (an XCTest wait): the work is handed to the main thread.
    func testASynchronousAdvanceFromABackgroundThreadRunsOnTheMainThread() {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let ranOnMain = Locked<[Bool]>([])
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { ranOnMain.withLock { $0.append(Thread.isMainThread) } }
        let done = expectation(description: "advanced")
        DispatchQueue.global().async {
            scheduler.advance(by: .seconds(1))
            scheduler.run()
            done.fulfill()
        }
        wait(for: [done], timeout: longTimeout)
        XCTAssertEqual(ranOnMain.withLock { $0 }, [true])
        XCTAssertEqual(scheduler.elapsed, .seconds(1))
    }

    /// The main thread blocked, waiting for the very thread that moves time:
    /// the move fails at its line, saying what to do; nothing runs, and
    /// nothing hangs.
    func testASynchronousAdvanceWhileTheMainThreadIsBlockedFails() {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let ran = Locked(0)
        scheduler.schedule { ran.withLock { $0 += 1 } }
        let line = Locked<UInt>(0)
        let failures = failuresWhileTheMainThreadWaits {
            line.withLock { $0 = #line + 1 }
            scheduler.advance(by: .seconds(1))
        }
        XCTAssertEqual(failures.map(\.line), [Int(line.withLock { $0 })])
        XCTAssertTrue(failures.first?.message.hasPrefix(
            "VirtualScheduler.advance(by:): this scheduler runs its actions on the main actor (actionsOn: .mainActor), "
            + "and this synchronous call came from another thread, but the main thread did not take the work within 0.05 s") == true,
            failures.first?.message ?? "no failure")
        XCTAssertTrue(failures.first?.message.contains("Move time with `await scheduler.advance(by:)` from an async test") == true)
        XCTAssertEqual(ran.withLock { $0 }, 0)
        XCTAssertEqual(scheduler.elapsed, .zero)
        // Once the main thread is free, the abandoned work still does not run.
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: longTimeout)
        XCTAssertEqual(ran.withLock { $0 }, 0)
        // And the scheduler works as before.
        scheduler.advance()
        XCTAssertEqual(ran.withLock { $0 }, 1)
    }

    /// Runs `body` on a thread of its own, with a grace of 0.05 s, while the
    /// main thread waits for it (blocked, as a test waiting for that very
    /// thread is), and returns the failures it recorded.
    private func failuresWhileTheMainThreadWaits(_ body: @escaping @Sendable () -> Void) -> [CapturedFailure] {
        captureFailures { () -> Void in
            let finished = DispatchSemaphore(value: 0)
            Thread {
                ProbeSettings.withOverrides(.init(defaultTimeout: 0.05, timeoutMultiplier: 1)) { body() }
                finished.signal()
            }.start()
            finished.wait() // blocks the main thread
        }.failures
    }

    /// `start(created:subscribed:cancelled:)` has no async form: its
    /// failure does not advise one.
    func testASynchronousStartWhileTheMainThreadIsBlockedAdvisesNoAsyncForm() {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let line = Locked<UInt>(0)
        let failures = failuresWhileTheMainThreadWaits {
            line.withLock { $0 = #line + 1 }
            _ = scheduler.start { Just(1) }
        }
        XCTAssertEqual(failures.map(\.line), [Int(line.withLock { $0 })])
        let message = failures.first?.message ?? "no failure"
        XCTAssertTrue(message.hasPrefix("VirtualScheduler.start(created:subscribed:cancelled:): this scheduler runs its actions on the main actor"), message)
        XCTAssertTrue(message.hasSuffix(
            "Run the test on the main actor (@MainActor), or do not block the main thread while this call runs."), message)
        XCTAssertFalse(message.contains("await scheduler.start"), message)
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: longTimeout)
    }

    /// The net under every move of time: an action reached from another
    /// thread by a path that did not hop (here, the scheduler's internal
    /// step, called directly) still runs on the main actor.
    func testAnActionReachedFromAnotherThreadStillRunsOnTheMainActor() async {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let places = Locked<[Bool]>([])
        scheduler.schedule { places.withLock { $0.append(MainActorCheck.isCurrent) } }
        XCTAssertFalse(MainActorCheck.isCurrent)
        XCTAssertTrue(scheduler.runNextAction(atOrBefore: .max))
        XCTAssertEqual(places.withLock { $0 }, [true])
    }

    // MARK: @MainActor tests

    @MainActor func testAMainActorAsyncTest() async throws {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = AssumingSearchModel(scheduler: scheduler)
        model.type("s")
        await scheduler.advance(by: .milliseconds(100))
        model.type("swift")
        await scheduler.advance(by: .milliseconds(300))
        XCTAssertEqual(model.searched, ["swift"])
        let threads = PassthroughSubject<Bool, Never>()
        let recorder = threads.record()
        scheduler.schedule { threads.send(Thread.isMainThread) }
        let onMain = try await scheduler.wait(for: recorder.next())
        XCTAssertEqual(onMain, true)
    }

    @MainActor func testAMainActorSynchronousTest() {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = CheckedSearchModel(scheduler: scheduler)
        model.type("swift")
        scheduler.advance(by: .milliseconds(300))
        XCTAssertEqual(model.searched, ["swift"])
    }

    // MARK: The choice

    func testTheDefaultRunsActionsWhereTimeMoves() async {
        let scheduler = DispatchQueue.virtualScheduler()
        XCTAssertEqual(scheduler.actionContext, .caller)
        XCTAssertFalse(scheduler.runsActionsOnMainActor)
        XCTAssertTrue(DispatchQueue.virtualScheduler(actionsOn: .mainActor).runsActionsOnMainActor)
        XCTAssertEqual("\(VirtualActionContext.mainActor)", ".mainActor")
        let ranOnMain = Locked<Bool?>(nil)
        scheduler.schedule { ranOnMain.withLock { $0 = Thread.isMainThread } }
        await scheduler.advance()
        XCTAssertEqual(ranOnMain.withLock { $0 }, false)
    }
}
