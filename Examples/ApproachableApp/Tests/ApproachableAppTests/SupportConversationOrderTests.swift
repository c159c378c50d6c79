import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// The order bug planted in `SupportConversation` (`ReceiptCounting.clearsAll`):
// a receipt that sets the unread count to zero loses a message that arrives
// while the receipt is on its way to the desk. Whether it arrives then
// depends on how fast the desk answers (100 to 300 ms): the exploration
// tries both bounds, finds the schedule that loses the message, and its seed
// replays the failure every time. The app code is as written: plain main-actor
// tasks, no executor injected; an exploration's body is world code, so they
// join.

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum SupportConversationOrder {
    /// One schedule: a message at 0 s, whose receipt leaves at 2 s; a second
    /// message at 2.2 s. At 2.5 s, the second message must still be unread.
    static func secondMessageStaysUnread(counting: ReceiptCounting, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let desk = SupportDeskMock()
        desk.markSeenDelivery = .after(between: .milliseconds(100) ... .milliseconds(300), on: scheduler)
        let (incoming, feed) = AsyncStream.makeStream(of: SupportMessage.self)
        let model = await SupportConversation(desk: desk, clock: scheduler.clock, incoming: incoming, counting: counting)
        feed.yield(SupportMessage(id: 1, text: "Agent 1"))
        await scheduler.advance(by: .milliseconds(2200))
        feed.yield(SupportMessage(id: 2, text: "Agent 2"))
        await scheduler.advance(by: .milliseconds(300))
        let unread = await model.unread
        await model.close()
        return unread == 1
    }

    /// Explores the shipped and the fixed receipt; returns the failing
    /// seed of the shipped one and whether the fixed one passed every
    /// schedule, covering them.
    static func explore(isolation: isolated (any Actor)? = #isolation) async -> (seed: String?, fixedCovered: Bool) {
        let shipped = await ScheduleExploration(schedules: 50, seed: 1).run { _ in
            await secondMessageStaysUnread(counting: .clearsAll)
        }
        let fixed = await ScheduleExploration(schedules: 50, seed: 1).run { _ in
            await secondMessageStaysUnread(counting: .exact)
        }
        return (shipped.failure?.schedule.seed, fixed.failure == nil && fixed.coveredEverySchedule)
    }

    /// How many times a seed is replayed: 100, or `stressRounds` if more.
    static var replayRounds: Int { max(100, stressRounds) }

    /// Replays `seed` ``replayRounds`` times; how many rounds failed as the
    /// exploration's schedule did.
    static func replays(_ seed: String, isolation: isolated (any Actor)? = #isolation) async -> Int {
        var failed = 0
        for _ in 1...replayRounds {
            let replay = await ScheduleExploration(replaying: seed).run { _ in
                await secondMessageStaysUnread(counting: .clearsAll)
            }
            if replay.failure != nil, replay.replayMismatch == nil { failed += 1 }
        }
        return failed
    }
}

@Suite struct SupportConversationOrderSwiftTests {
    @Test func theLostMessageIsFoundAndReplays() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (seed, fixedCovered) = await SupportConversationOrder.explore()
        #expect(seed != nil)
        #expect(fixedCovered)
        if let seed { #expect(await SupportConversationOrder.replays(seed) == SupportConversationOrder.replayRounds) }
    }

    @Test @MainActor func theLostMessageIsFoundAndReplaysOnTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (seed, fixedCovered) = await SupportConversationOrder.explore()
        #expect(seed != nil)
        #expect(fixedCovered)
        if let seed { #expect(await SupportConversationOrder.replays(seed) == SupportConversationOrder.replayRounds) }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SupportConversationOrderTests: XCTestCase {
    func testTheLostMessageIsFoundAndReplays() async throws {
        try await expectTheLostMessageFoundAndReplayed()
    }

    @MainActor func testTheLostMessageIsFoundAndReplaysOnTheMainActor() async throws {
        try await expectTheLostMessageFoundAndReplayed()
    }

    /// Explores, in the caller's isolation: the planted bug is found, the
    /// fixed version covered, and the seed replays the failure every time.
    private func expectTheLostMessageFoundAndReplayed(isolation: isolated (any Actor)? = #isolation) async throws {
        let (seed, fixedCovered) = await SupportConversationOrder.explore()
        let found = try XCTUnwrap(seed, "the exploration did not find the lost message")
        XCTAssertTrue(fixedCovered)
        let failed = await SupportConversationOrder.replays(found)
        XCTAssertEqual(failed, SupportConversationOrder.replayRounds, "seed \(found)")
    }
}
