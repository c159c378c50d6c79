@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A double's background answer lands before any step moves time on —
/// `advance` and `run`, sync and async, not only a wait (issue 41, C).
/// Before, `advance` left the answer held until the test waited, and the
/// action due at 500 ms saw no answer: "500ms: 0 events" in every round.
enum WorkInFlightSteps {
    static let expected = ["500ms: 2 events", "1s: 2 events"]

    /// A world where a mock answers on a background queue (its default
    /// delivery) while an action is due at 500 ms, which logs what the
    /// recorder has then.
    struct World {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder: Recorder<User, APIError>
        let log = Locked<[String]>([])

        init() {
            let service = UserServiceMock()
            service.getUserResult = .value(User(id: 1, name: "Ada"))
            let recorder = service.getUser(id: 1).record()
            let log = log
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(500))) {
                log.withLock { $0.append("500ms: \(recorder.events.count) events") }
            }
            self.recorder = recorder
        }

        /// The log, once time moved: what the recorder had at 500 ms, and now.
        func logged() -> [String] {
            log.withLock { $0.append("\(scheduler.elapsed): \(recorder.events.count) events") }
            return log.withLock { $0 }
        }
    }

    /// `move` moves time by 1 s.
    static func round(_ move: (VirtualSchedulerOf<DispatchQueue>) -> Void) -> [String] {
        let world = World()
        move(world.scheduler)
        return world.logged()
    }

    static func asyncRound(
        isolation: isolated (any Actor)? = #isolation, _ move: (VirtualSchedulerOf<DispatchQueue>) async -> Void
    ) async -> [String] {
        let world = World()
        await move(world.scheduler)
        return world.logged()
    }

    static var rounds: Int { max(VirtualConcurrencyStress.iterations / 20, 5) }
}

final class WorkInFlightStepTests: XCTestCase {
    func testASynchronousAdvanceLetsTheAnswerLandFirst() {
        for _ in 0..<WorkInFlightSteps.rounds {
            XCTAssertEqual(WorkInFlightSteps.round { $0.advance(by: .seconds(1)) }, WorkInFlightSteps.expected)
        }
    }

    func testAnAsyncAdvanceLetsTheAnswerLandFirst() async {
        for _ in 0..<WorkInFlightSteps.rounds {
            let log = await WorkInFlightSteps.asyncRound { await $0.advance(by: .seconds(1)) }
            XCTAssertEqual(log, WorkInFlightSteps.expected)
        }
    }

    @MainActor
    func testAnAsyncAdvanceFromTheMainActorLetsTheAnswerLandFirst() async {
        for _ in 0..<WorkInFlightSteps.rounds {
            let log = await WorkInFlightSteps.asyncRound { await $0.advance(by: .seconds(1)) }
            XCTAssertEqual(log, WorkInFlightSteps.expected)
        }
    }
}

@Suite struct WorkInFlightStepSwiftTests {
    @Test func aSynchronousAdvanceLetsTheAnswerLandFirst() {
        for _ in 0..<WorkInFlightSteps.rounds {
            #expect(WorkInFlightSteps.round { $0.advance(by: .seconds(1)) } == WorkInFlightSteps.expected)
        }
    }

    @Test func anAsyncAdvanceLetsTheAnswerLandFirst() async {
        for _ in 0..<WorkInFlightSteps.rounds {
            let log = await WorkInFlightSteps.asyncRound { await $0.advance(by: .seconds(1)) }
            #expect(log == WorkInFlightSteps.expected)
        }
    }

    @MainActor
    @Test func anAsyncAdvanceFromTheMainActorLetsTheAnswerLandFirst() async {
        for _ in 0..<WorkInFlightSteps.rounds {
            let log = await WorkInFlightSteps.asyncRound { await $0.advance(by: .seconds(1)) }
            #expect(log == WorkInFlightSteps.expected)
        }
    }
}
