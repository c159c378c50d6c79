import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// `SupportConversation`, a main-actor model that starts plain `Task { }`s
// (a stream consumer, a retrying send, a debounced typing notice, a
// cancellable receipt), tested as written: no executor is injected into
// it. The test's tasks join its virtual world (`joinsTasks`), and so do the
// model's, when they leave the main actor for the clock or the desk's
// double. Each round runs the same conversation and compares the whole
// story, from nonisolated and `@MainActor` tests of both frameworks,
// through every door: `withOverrides`, the trait, a `ProbeTestCase`.

/// The support desk's double. `markSeen` answers after `markSeenDelivery`,
/// the default (background) unless a test says otherwise.
// @unchecked Sendable: PublisherMock keeps its calls behind locks, and the
// test sets the results before the model runs.
final class SupportDeskMock: PublisherMock, SupportDesk, @unchecked Sendable {
    enum DeskError: Error { case offline }

    var sendResult: MockResult<SupportMessage, DeskError>?
    var markSeenDelivery: MockDelivery?

    func send(_ text: String) async throws -> SupportMessage {
        try await mockAsyncFunction(returning: sendResult, arguments: text)
    }

    func notifyTyping() async {
        _ = try? await mockAsyncFunction(returning: MockResult<Bool, Never>.value(true))
    }

    func markSeen(upTo id: Int) async {
        _ = try? await mockAsyncFunction(returning: MockResult<Bool, Never>.value(true), arguments: id, delivery: markSeenDelivery)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum SupportConversationRounds {
    /// The story of one conversation, as every round must tell it.
    static let expected = [
        "at 0.0s: retrying in 1s",
        "at 0.5s: received 1",
        "at 0.8s: typing sent",
        "at 1.0s: sent 100 on attempt 2",
        "at 1.5s: received 2",
        "at 3.5s: seen 2",
        "unread 0, 3 messages",
    ]

    /// One conversation on `scheduler`, the world of the test's scope: the
    /// user types, sends (the desk fails once), types again; two messages
    /// arrive, 1 s apart. Returns what happened, step by step.
    static func round(on scheduler: VirtualSchedulerOf<DispatchQueue>, isolation: isolated (any Actor)? = #isolation) async -> [String] {
        let start = scheduler.elapsed
        let desk = SupportDeskMock()
        desk.sendResult = .attempts([.failure(.offline), .value(SupportMessage(id: 100, text: "Hello"))])
        let (incoming, feed) = AsyncStream.makeStream(of: SupportMessage.self)
        let model = await SupportConversation(desk: desk, clock: scheduler.clock, incoming: incoming)
        var story: [String] = []
        var told = 0
        func note() async {
            let events = await model.events
            let at = (scheduler.elapsed - start).seconds
            for event in events[told...] { story.append("at \(String(format: "%.1f", at))s: \(event)") }
            told = events.count
        }
        await model.userTyped()
        await model.send("Hello")
        await scheduler.advance(by: .zero)
        await note()
        for step in 1...6 {
            await scheduler.advance(by: .milliseconds([300, 200, 300, 200, 500, 2000][step - 1]))
            switch step {
            case 1: await model.userTyped()
            case 2: feed.yield(SupportMessage(id: 1, text: "Agent 1"))
            case 5: feed.yield(SupportMessage(id: 2, text: "Agent 2"))
            default: break
            }
            await scheduler.advance(by: .zero)
            await note()
        }
        await model.close()
        story.append("unread \(await model.unread), \(await model.messages.count) messages")
        return story
    }

    /// `stressRounds` rounds, each in a scope of its own (a new world per
    /// round); the first round that differs, or nil.
    static func roundsInScopesOfTheirOwn(isolation: isolated (any Actor)? = #isolation) async -> DifferentRound? {
        await firstDifferentRound(from: expected) { _ in
            await ProbeSettings.withOverrides(.init(joinsTasks: true)) {
                await round(on: DispatchQueue.virtualScheduler())
            }
        }
    }

    /// `stressRounds` rounds in the caller's scope, which joins tasks (the
    /// trait, a `ProbeTestCase`): one world serves every round.
    static func roundsInOneWorld(isolation: isolated (any Actor)? = #isolation) async -> DifferentRound? {
        let scheduler = DispatchQueue.virtualScheduler()
        return await firstDifferentRound(from: expected) { _ in await round(on: scheduler) }
    }
}

@Suite struct SupportConversationSwiftTests {
    @Test func nonisolated() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await SupportConversationRounds.roundsInScopesOfTheirOwn() == nil)
    }

    @Test @MainActor func mainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await SupportConversationRounds.roundsInScopesOfTheirOwn() == nil)
    }

    @Test(.tasksJoinTheVirtualWorld) func throughTheTrait() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await SupportConversationRounds.roundsInOneWorld() == nil)
    }

    @Test(.tasksJoinTheVirtualWorld) @MainActor func throughTheTraitOnTheMainActor() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await SupportConversationRounds.roundsInOneWorld() == nil)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SupportConversationTests: XCTestCase {
    func testNonisolated() async {
        await expectOneStory(SupportConversationRounds.roundsInScopesOfTheirOwn)
    }

    @MainActor func testMainActor() async {
        await expectOneStory(SupportConversationRounds.roundsInScopesOfTheirOwn)
    }
}

/// Through a `ProbeTestCase` whose settings say that tasks join.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SupportConversationProbeTests: ProbeTestCase {
    override class var probeSettings: ProbeSettings.Overrides { .init(joinsTasks: true) }

    func testNonisolated() async {
        await expectOneStory(SupportConversationRounds.roundsInOneWorld)
    }

    @MainActor func testMainActor() async {
        await expectOneStory(SupportConversationRounds.roundsInOneWorld)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension XCTestCase {
    /// Runs `rounds` in the caller's isolation, and fails with the first
    /// round that told another story, if any.
    func expectOneStory(
        isolation: isolated (any Actor)? = #isolation,
        _ rounds: (isolated (any Actor)?) async -> DifferentRound?,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let different = await rounds(isolation)
        XCTAssertNil(different, file: file, line: line)
    }
}
