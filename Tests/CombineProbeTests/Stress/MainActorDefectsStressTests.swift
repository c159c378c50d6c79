@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Issue 34's crash paths and silent non-waits, repeated
/// (`COMBINEPROBE_STRESS_ITERATIONS` rounds; scripts/stress.sh runs 1,000
/// and more): every move of time from a test off the main actor on a
/// main-actor scheduler (no trap, every action on the main actor), work in
/// flight waited for (MainActorWorkInFlightTests repeat themselves), a timer and a sleep from outside the virtual world
/// failing once each, never hanging.
enum MainActorDefectsStress {
    static var rounds: Int { VirtualConcurrencyStress.iterations }
}

final class MainActorDefectsStressTests: FailureCapturingTestCase {
    func testEveryMoveOfTimeRepeatedly() async {
        var misplaced: [String: Int] = [:]
        for _ in 0..<MainActorDefectsStress.rounds {
            for name in EveryMoveOfTime.synchronousMisplaced(exploring: { self.exploreSchedules(2, $0) }) { misplaced[name, default: 0] += 1 }
            for name in await EveryMoveOfTime.asynchronousMisplaced() { misplaced[name, default: 0] += 1 }
        }
        XCTAssertEqual(misplaced, [:], "over \(MainActorDefectsStress.rounds) rounds")
    }

    func testTimersAndSleepsFromOutsideRepeatedly() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        var wrong: [String: Int] = [:]
        for _ in 0..<MainActorDefectsStress.rounds {
            let scheduler = DispatchQueue.virtualScheduler()
            let (timerFailures, ticks) = await captureFailures { await OutsideTimer.timerAfterTheStep(scheduler) }
            if timerFailures.count != 1 || (try? ticks.get()) != 0 { wrong["timer", default: 0] += 1 }
            let sleeping = DispatchQueue.virtualScheduler()
            let woke = Locked(false)
            let (sleepFailures, _) = await captureFailures { () async -> Void in
                _ = await OutsideSleepAfterStep.sleepAfterTheStep(sleeping, noting: woke, detached: true)
                await sleeping.advance()
            }
            if sleepFailures.count != 1 || woke.withLock({ $0 }) { wrong["detached sleep", default: 0] += 1 }
        }
        XCTAssertEqual(wrong, [:], "over \(MainActorDefectsStress.rounds) rounds")
    }
}

@Suite struct MainActorDefectsStressSwiftTests {
    @Test func everySynchronousMoveOfTimeRepeatedly() {
        var misplaced: [String: Int] = [:]
        for _ in 0..<MainActorDefectsStress.rounds {
            for name in EveryMoveOfTime.synchronousMisplaced() { misplaced[name, default: 0] += 1 }
        }
        #expect(misplaced == [:])
    }
}
