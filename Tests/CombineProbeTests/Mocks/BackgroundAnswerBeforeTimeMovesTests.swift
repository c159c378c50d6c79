@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A task of the world awaits an async double's answer, delivered in the
/// background (its default), while another action is due at 500 ms: the
/// async wait lets the answer land, and the task run, before it moves time
/// — in every round. (The answer resumes the task from the delivery's
/// thread after the wait's last look at the world: the step notices the
/// job that reached the world meanwhile and goes back to quiescence.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum BackgroundAnswer {
    /// `rounds` rounds; returns what went wrong in each round that missed.
    static func misses(
        rounds: Int, actionsOn actions: VirtualActionContext = .caller, isolation: isolated (any Actor)? = #isolation
    ) async throws -> [String] {
        var misses: [String] = []
        for _ in 0..<rounds {
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
            let service = AsyncMockDeliveryTests.CountMock()
            service.countResult = .value(3)
            let subject = UncheckedSendable(PassthroughSubject<String, Never>())
            let recorder = subject.value.record(timedBy: scheduler)
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(500))) { subject.value.send("the 500 ms action") }
            let task = Task(executorPreference: scheduler.executor) {
                let count = try await service.count()
                subject.value.send("answer \(count)")
            }
            let first = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
            if first != "answer 3" || scheduler.elapsed != .zero { misses.append("\(first) at \(scheduler.elapsed)") }
            _ = try? await task.value
        }
        return misses
    }

    static var rounds: Int { VirtualConcurrencyStress.iterations / 2 }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class BackgroundAnswerBeforeTimeMovesTests: XCTestCase {
    func testTheAnswerLandsBeforeTimeMoves() async throws {
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds)
        XCTAssertEqual(misses, [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }

    @MainActor
    func testTheAnswerLandsBeforeTimeMovesFromTheMainActor() async throws {
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds)
        XCTAssertEqual(misses, [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }

    func testWithActionsOnTheMainActor() async throws {
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds, actionsOn: .mainActor)
        XCTAssertEqual(misses, [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }

    @MainActor
    func testWithActionsOnTheMainActorFromTheMainActor() async throws {
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds, actionsOn: .mainActor)
        XCTAssertEqual(misses, [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }
}

@Suite struct BackgroundAnswerBeforeTimeMovesSwiftTests {
    @Test func theAnswerLandsBeforeTimeMoves() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds)
        #expect(misses == [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }

    @Test func withActionsOnTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds, actionsOn: .mainActor)
        #expect(misses == [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }

    @MainActor @Test func fromTheMainActor() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let misses = try await BackgroundAnswer.misses(rounds: BackgroundAnswer.rounds)
        #expect(misses == [], "\(misses.count) of \(BackgroundAnswer.rounds) rounds")
    }
}
