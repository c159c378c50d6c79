import AppCore
import CombineProbe
import Foundation
import Synchronization
import Testing
import XCTest

// The autosave, in virtual time: swift-async-algorithms' `AsyncTimerSequence`
// on the virtual scheduler's clock, iterated by a task that prefers its
// executor, so every step is deterministic — no yield, no real time. The
// autosave runs nonisolated, so these worlds need no round trip through the
// main queue (`mainActorRoundTrips = 0`).

/// The draft store's double: what it saved, and when, in virtual time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class DraftStoreDouble: DraftStoring {
    let clock: VirtualSchedulerClock
    private let log = Mutex<[String]>([])

    init(clock: VirtualSchedulerClock) {
        self.clock = clock
    }

    /// One line per save: `"Draft" at 2.0 seconds`.
    var saves: [String] {
        log.withLock { $0 }
    }

    func save(_ text: String) async {
        let now = clock.now.offset
        log.withLock { $0.append("\"\(text)\" at \(now)") }
    }
}

/// A virtual world without main-actor work, its store, and the autosave.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func makeAutosave() -> (DraftAutosave<VirtualSchedulerClock>, DraftStoreDouble, VirtualSchedulerOf<DispatchQueue>) {
    let scheduler = DispatchQueue.virtualScheduler()
    scheduler.executor.mainActorRoundTrips = 0
    let store = DraftStoreDouble(clock: scheduler.clock)
    return (DraftAutosave(store: store, clock: scheduler.clock), store, scheduler)
}

/// Edits a draft for 5 seconds of virtual time, then closes the editor:
/// the timer saves at 2 s (the text of 1.5 s) and at 4 s (of 3 s), and
/// closing saves the edit of 4.5 s, at 5 s.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func editForFiveSeconds() async -> [String] {
    let (autosave, store, scheduler) = makeAutosave()
    let saver = Task(executorPreference: scheduler.executor) { await autosave.run() }
    await scheduler.advance(by: .milliseconds(500))
    autosave.edit("D")
    await scheduler.advance(by: .seconds(1))
    autosave.edit("Dr")
    await scheduler.advance(by: .milliseconds(1500))
    autosave.edit("Dra")
    await scheduler.advance(by: .milliseconds(1500))
    autosave.edit("Draft")
    await scheduler.advance(by: .milliseconds(500))
    await autosave.close()
    saver.cancel()
    await saver.value
    return store.saves
}

private let expectedSaves = [#""Dr" at 2.0 seconds"#, #""Dra" at 4.0 seconds"#, #""Draft" at 5.0 seconds"#]

@Suite struct DraftAutosaveSwiftTests {
    @Test func theTimerSavesWhatChangedAndClosingSavesTheRest() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await editForFiveSeconds() == expectedSaves)
    }

    @Test func nothingIsSavedBeforeTheFirstTick() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let (autosave, store, scheduler) = makeAutosave()
        let saver = Task(executorPreference: scheduler.executor) { await autosave.run() }
        autosave.edit("D")
        await scheduler.advance(by: .nanoseconds(1_999_999_999))
        #expect(store.saves == [])
        await scheduler.advance(by: .nanoseconds(1))
        #expect(store.saves == [#""D" at 2.0 seconds"#])
        saver.cancel()
        await saver.value
        await scheduler.run()
        #expect(store.saves.count == 1, "a cancelled timer does not tick again")
    }

    /// The same steps, many times over: the same saves at the same virtual
    /// times every round (`COMBINEPROBE_STRESS_ITERATIONS` rounds, 50 by
    /// default).
    @Test func theAutosaveIsDeterministic() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await firstDifferentRound(from: expectedSaves) { await editForFiveSeconds() } == nil)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class DraftAutosaveTests: XCTestCase {
    func testTheTimerSavesWhatChangedAndClosingSavesTheRest() async {
        let saves = await editForFiveSeconds()
        XCTAssertEqual(saves, expectedSaves)
    }

    func testTheAutosaveIsDeterministic() async {
        let different = await firstDifferentRound(from: expectedSaves) { await editForFiveSeconds() }
        XCTAssertNil(different)
    }
}
