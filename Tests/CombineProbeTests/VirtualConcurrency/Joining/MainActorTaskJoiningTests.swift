@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A view model as an app writes it: `@MainActor` (every type of an app
/// target whose default isolation is `MainActor`), starting plain
/// `Task { }`s that inherit the main actor, which sleep on an injected
/// clock, call the app's own actor, and log. No executor is injected.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class MainActorTasksModel {
    /// An actor of the app's own.
    actor Ledger {
        private(set) var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
    }

    private let clock: any Clock<Duration>
    let ledger = Ledger()
    private(set) var log: [String] = []
    private(set) var tasks: [Task<Void, Never>] = []

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    /// Starts a task named `name` that logs, sleeps `seconds` on the clock,
    /// writes to the ledger, and logs again.
    func start(_ name: String, sleeping seconds: Int) {
        tasks.append(Task {
            log.append("\(name) starts")
            do { try await clock.sleep(for: .seconds(seconds)) } catch { log.append("\(name) cancelled"); return }
            await ledger.append(name)
            log.append("\(name) woke")
        })
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum MainActorTaskJoining {
    static let expected = ["A starts", "B starts", "C starts", "B woke", "C woke", "A woke"]
    static let expectedLedger = ["B", "C", "A"]

    /// `rounds` rounds in one joining scope and one world (the first
    /// scheduler made in the scope is the world its tasks join), a new model
    /// per round: three main-actor tasks sleeping 2, 1 and 1 s; one step of
    /// 1 s, then one of 1 s. Returns the rounds that differ, as text.
    static func misses(rounds: Int, isolation: isolated (any Actor)? = #isolation) async -> [String] {
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) { () async -> [String] in
            var misses: [String] = []
            let scheduler = DispatchQueue.virtualScheduler()
            for round in 0..<rounds {
                let model = await MainActorTasksModel(clock: scheduler.clock)
                await model.start("A", sleeping: 2)
                await model.start("B", sleeping: 1)
                await model.start("C", sleeping: 1)
                await scheduler.advance(by: .seconds(1))
                let afterOne = await model.log
                await scheduler.advance(by: .seconds(1))
                for task in await model.tasks { await task.value }
                let log = await model.log
                let ledger = await model.ledger.entries
                let firstStep = Array(expected.prefix(5))
                if afterOne != firstStep || log != expected || ledger != expectedLedger {
                    misses.append("round \(round): after 1 s \(afterOne), at the end \(log), ledger \(ledger)")
                }
            }
            return misses
        }
    }

    static var rounds: Int { max(20, VirtualConcurrencyStress.iterations / 4) }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class MainActorTaskJoiningTests: XCTestCase {
    func testMainActorTasksJoinFromANonisolatedTest() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let misses = await MainActorTaskJoining.misses(rounds: MainActorTaskJoining.rounds)
        XCTAssertEqual(misses, [], "\(misses.count) of \(MainActorTaskJoining.rounds) rounds")
    }

    @MainActor
    func testMainActorTasksJoinFromAMainActorTest() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let misses = await MainActorTaskJoining.misses(rounds: MainActorTaskJoining.rounds)
        XCTAssertEqual(misses, [], "\(misses.count) of \(MainActorTaskJoining.rounds) rounds")
    }
}

@Suite struct MainActorTaskJoiningSwiftTests {
    @Test func mainActorTasksJoinFromANonisolatedTest() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let misses = await MainActorTaskJoining.misses(rounds: MainActorTaskJoining.rounds)
        #expect(misses == [])
    }

    @MainActor @Test func mainActorTasksJoinFromAMainActorTest() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let misses = await MainActorTaskJoining.misses(rounds: MainActorTaskJoining.rounds)
        #expect(misses == [])
    }
}
