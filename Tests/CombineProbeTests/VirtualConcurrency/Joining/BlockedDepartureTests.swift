@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A job leaving the main actor that blocks its thread (what async code
/// must not do) holds back no one: past the hold limit it keeps its thread,
/// no world waits for it, and the main-actor tasks that leave after it
/// still join the world, in order (see `MainActorDepartures`). Without
/// that, the second task below would wait behind the first for ever, and
/// so would the test.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class BlockedDepartureModel {
    /// Starts two plain tasks in this main-actor code: the first leaves the
    /// main actor and blocks its thread until the second has ended; the
    /// second sleeps 1 s on the scheduler's time, which the test moves.
    /// Returns how the second ended.
    static func sleepBehindABlockedJob() async -> String {
        let scheduler = DispatchQueue.virtualScheduler()
        let released = DispatchSemaphore(value: 0)
        let blocking = Task { await blockTheThread(until: released) }
        let sleeping = Task { () -> String in
            do { try await scheduler.sleep(for: .seconds(1)) } catch { return "cancelled" }
            return "woke at \(scheduler.elapsed)"
        }
        await scheduler.advance(by: .seconds(1))
        let outcome = await sleeping.value
        released.signal()
        await blocking.value
        return outcome
    }

    /// A nonisolated async function (so the task leaves the main actor)
    /// that blocks its thread.
    nonisolated private static func blockTheThread(until released: DispatchSemaphore) async {
        released.wait()
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class BlockedDepartureTests: XCTestCase {
    func testATaskBehindABlockedJobStillJoins() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let blocked = MainActorDepartures.blockedPastTheHoldLimit
        let outcome = await ProbeSettings.withOverrides(.init(joinsTasks: true)) { await BlockedDepartureModel.sleepBehindABlockedJob() }
        XCTAssertEqual(outcome, "woke at 1s")
        XCTAssertGreaterThan(MainActorDepartures.blockedPastTheHoldLimit, blocked)
    }

    @MainActor
    func testATaskBehindABlockedJobStillJoinsFromTheMainActor() async throws {
        try XCTSkipUnless(TaskJoining.isAvailable, "this runtime has no global-enqueue hook")
        let outcome = await ProbeSettings.withOverrides(.init(joinsTasks: true)) { await BlockedDepartureModel.sleepBehindABlockedJob() }
        XCTAssertEqual(outcome, "woke at 1s")
    }
}

@Suite struct BlockedDepartureSwiftTests {
    @Test func aTaskBehindABlockedJobStillJoins() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcome = await ProbeSettings.withOverrides(.init(joinsTasks: true)) { await BlockedDepartureModel.sleepBehindABlockedJob() }
        #expect(outcome == "woke at 1s")
    }

    @MainActor @Test func aTaskBehindABlockedJobStillJoinsFromTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        let outcome = await ProbeSettings.withOverrides(.init(joinsTasks: true)) { await BlockedDepartureModel.sleepBehindABlockedJob() }
        #expect(outcome == "woke at 1s")
    }
}
