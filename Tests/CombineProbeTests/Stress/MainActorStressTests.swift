@testable import CombineProbe
import Foundation
import Testing
import XCTest

// A main-actor view model driven through a scheduler made with
// `actionsOn: .mainActor`, repeated `COMBINEPROBE_STRESS_ITERATIONS` times
// (400 by default; `scripts/stress.sh` runs 10,000) from every kind of test:
// nonisolated or `@MainActor`, synchronous or async, XCTest or Swift Testing.
// Both models: `MainActor.assumeIsolated` in the sink, and the compiler's own
// isolation check. A crash stops the run; any other failure is a defect.

/// One round: type, wait out the debounce, type again, run, wait.
enum MainActorRounds {
    @MainActor
    static func makeModels<S: Scheduler>(_ scheduler: S) -> (AssumingSearchModel, CheckedSearchModel) {
        (AssumingSearchModel(scheduler: scheduler), CheckedSearchModel(scheduler: scheduler))
    }

    /// From any isolation, through the async steps.
    static func asyncRound(_ round: Int, isolation: isolated (any Actor)? = #isolation) async throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let (assuming, checked) = await makeModels(scheduler)
        await assuming.type("a\(round)")
        await checked.type("c\(round)")
        await scheduler.advance(by: .milliseconds(300))
        await checked.type("d\(round)")
        await scheduler.run()
        let values = PassthroughSubject<Int, Never>()
        let recorder = values.record()
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
            values.send(MainActor.assumeIsolated { round })
        }
        let value = try await scheduler.wait(for: recorder.next(), timeout: .seconds(2))
        let searched = await (assuming.searched, checked.searched)
        return value == round && searched.0 == ["a\(round)"] && searched.1 == ["c\(round)", "d\(round)"]
            && scheduler.elapsed == .milliseconds(1600)
    }

    /// From synchronous code on any thread: the main thread runs the
    /// actions itself; another thread hands them to the main actor.
    static func syncRound(_ round: Int) throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let query = PassthroughSubject<String, Never>()
        let searched = Locked<[String]>([])
        let subscription = query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { text in MainActor.assumeIsolated { searched.withLock { $0.append(text) } } }
        query.send("s\(round)")
        scheduler.advance(by: .milliseconds(300))
        query.send("t\(round)")
        scheduler.run()
        let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler)
            .map { text in MainActor.assumeIsolated { text } }
            .record()
        query.send("u\(round)")
        let value = try scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        // The wait stops at the value; the sink's debounce, due at the
        // same instant, may not have run yet.
        scheduler.advance()
        subscription.cancel()
        return value == "u\(round)" && searched.withLock { $0 } == ["s\(round)", "t\(round)", "u\(round)"]
    }
}

final class MainActorStressTests: XCTestCase {
    private var iterations: Int { VirtualConcurrencyStress.iterations }

    func testNonisolatedAsync() async throws {
        for round in 0..<iterations {
            let passed = try await MainActorRounds.asyncRound(round)
            XCTAssertTrue(passed, "round \(round)")
            if !passed { return }
        }
    }

    @MainActor func testMainActorAsync() async throws {
        for round in 0..<iterations {
            let passed = try await MainActorRounds.asyncRound(round)
            XCTAssertTrue(passed, "round \(round)")
            if !passed { return }
        }
    }

    func testSynchronousOnTheMainThread() throws {
        for round in 0..<iterations {
            let passed = try MainActorRounds.syncRound(round)
            XCTAssertTrue(passed, "round \(round)")
            if !passed { return }
        }
    }

    /// Synchronous moves from a background thread, while the test's main
    /// thread spins its run loop in an XCTest wait.
    func testSynchronousFromABackgroundThread() {
        let failed = Locked<Int?>(nil)
        let done = expectation(description: "rounds")
        let rounds = iterations
        DispatchQueue.global().async {
            for round in 0..<rounds where failed.withLock({ $0 }) == nil {
                if (try? MainActorRounds.syncRound(round)) != true { failed.withLock { $0 = round } }
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 600)
        XCTAssertNil(failed.withLock { $0 })
    }
}

@Suite struct MainActorStressSwiftTests {
    @Test func nonisolatedAsync() async throws {
        for round in 0..<VirtualConcurrencyStress.iterations {
            let passed = try await MainActorRounds.asyncRound(round)
            #expect(passed, "round \(round)")
            if !passed { return }
        }
    }

    @Test @MainActor func mainActorAsync() async throws {
        for round in 0..<VirtualConcurrencyStress.iterations {
            let passed = try await MainActorRounds.asyncRound(round)
            #expect(passed, "round \(round)")
            if !passed { return }
        }
    }

    @Test func nonisolatedSynchronous() throws {
        for round in 0..<VirtualConcurrencyStress.iterations {
            let passed = try MainActorRounds.syncRound(round)
            #expect(passed, "round \(round)")
            if !passed { return }
        }
    }

    /// Each round is one synchronous main-actor job, as a synchronous
    /// `@MainActor` test is: the rounds do not hold the main actor for the
    /// whole loop, which the suites running in parallel also need.
    @Test func mainActorSynchronous() async throws {
        for round in 0..<VirtualConcurrencyStress.iterations {
            let passed = try await MainActor.run { try MainActorRounds.syncRound(round) }
            #expect(passed, "round \(round)")
            if !passed { return }
        }
    }
}
