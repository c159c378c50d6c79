import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// `TaskSearchModel`, whose `@Sendable` sink states its isolation with
// `MainActor.assumeIsolated` and starts a `Task`, from every kind of test
// that can await that task. Its scheduler stands in for `RunLoop.main`.
// The task runs on the main actor, outside virtual time: the tests wait for
// its result with a real-time wait, which returns as soon as it is there.
// (A nonisolated synchronous Swift Testing test has no way to wait for a
// task: it is left out here.)

/// One round: type, wait out the debounce, await the task; again.
enum TaskSearchRounds {
    static let expected = [
        #"["swift", "swiftui"] after 400ms"#,
        #"["testing"] after 800ms"#,
    ]

    /// From any isolation: this nonisolated async function runs on its
    /// caller's actor (SE-0461).
    static func asyncRound(_ round: Int) async throws -> [String] {
        let scheduler = RunLoop.virtualScheduler(actionsOn: .mainActor)
        let model = await TaskSearchModel(service: AsyncNamesDouble(), scheduler: scheduler)
        let results = await MainActor.run { model.$results.dropFirst().record() }
        var trace: [String] = []
        for (first, last) in [("s", "swi"), ("t", "test")] {
            await MainActor.run { model.query = first }
            await scheduler.advance(by: .milliseconds(100))
            await MainActor.run { model.query = last }
            await scheduler.advance(by: .milliseconds(300))
            let found = try await wait(for: results.next(), timeout: 10)
            trace.append("\(found) after \(scheduler.elapsed)")
        }
        return trace
    }
}

@Suite struct TaskSearchModelSwiftTests {
    @Test func nonisolatedAsync() async throws {
        #expect(!isOnMainActor(), "Swift Testing runs a nonisolated test off the main actor")
        let different = try await firstDifferentRound(from: TaskSearchRounds.expected, TaskSearchRounds.asyncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorAsync() async throws {
        let different = try await firstDifferentRound(from: TaskSearchRounds.expected, TaskSearchRounds.asyncRound)
        #expect(different == nil)
    }
}

final class TaskSearchModelTests: XCTestCase {
    func testNonisolatedAsync() async throws {
        let different = try await firstDifferentRound(from: TaskSearchRounds.expected, TaskSearchRounds.asyncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorAsync() async throws {
        let different = try await firstDifferentRound(from: TaskSearchRounds.expected, TaskSearchRounds.asyncRound)
        XCTAssertNil(different)
    }

    /// On the main thread: the synchronous moves of time run the sink
    /// there, and XCTest's wait runs the main run loop, where the task runs.
    func testSynchronous() throws {
        let different = try firstDifferentRound(from: TaskSearchRounds.expected) { _ in
            let scheduler = RunLoop.virtualScheduler(actionsOn: .mainActor)
            let (model, results) = MainActor.assumeIsolated {
                let model = TaskSearchModel(service: AsyncNamesDouble(), scheduler: scheduler)
                return (model, model.$results.dropFirst().record())
            }
            var trace: [String] = []
            for (first, last) in [("s", "swi"), ("t", "test")] {
                MainActor.assumeIsolated { model.query = first }
                scheduler.advance(by: .milliseconds(100))
                MainActor.assumeIsolated { model.query = last }
                scheduler.advance(by: .milliseconds(300))
                let found = try wait(for: results.next(), timeout: 10)
                trace.append("\(found) after \(scheduler.elapsed)")
            }
            return trace
        }
        XCTAssertNil(different)
    }
}
