@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A consumer of a virtual timer that its tick resumed goes back to its
/// isolation on a thread of its own, not on the global executor's shared
/// pool (see `TickResumes`).
///
/// Seen before: in a loaded parallel Swift Testing run, two long synchronous
/// tests held a two-core machine's pool for 8 to 15 s; a `@MainActor`
/// consumer that was never blocked waited there for a thread, and missed
/// the step's grace of 5 s (`MainActorTimerConsumerSwiftTests`, in about
/// half of the loaded runs).
///
/// A nonisolated consumer shows the way it came: its loop body runs where
/// its resumption runs. (A tick that comes while the consumer is still on
/// its way to suspend finds it running: it goes on where it is, and its
/// resumption never reaches the global executor. Seen once in 11 XCTest
/// runs, for the first tick; the timer counts such ticks.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum TickResumesScenario {
    /// Of three ticks handed to a waiting nonisolated consumer, how many
    /// took it back on a thread of their own, or found it where it was:
    /// 3 when none waited for the global executor's threads.
    /// With `actionsOnTheMainActor`, the ticks' actions run on the main
    /// actor (`actionsOn: .mainActor`).
    static func ticksThatWaitedForNoPool(
        actionsOnTheMainActor: Bool = false, isolation: isolated (any Actor)? = #isolation
    ) async -> Int {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: actionsOnTheMainActor ? .mainActor : .caller)
        let timer = scheduler.timer(interval: .seconds(1))
        let ways = Locked<[Bool]>([])
        let consumer = Task.detached {
            var ticks = timer.makeAsyncIterator()
            for _ in 0..<3 {
                let inPlaceBefore = timer.ticker.ticksResumedInPlace
                guard await ticks.next() != nil else { break }
                // Each tick once: a tick that found the consumer on its way
                // to suspend, on the thread of its own the tick before gave
                // it, is both (the sum of the two counts read 4 of 3 once,
                // in a loaded CI run).
                let inPlace = timer.ticker.ticksResumedInPlace > inPlaceBefore
                ways.withLock { $0.append(TickResumes.isRunningHere || inPlace) }
            }
        }
        for _ in 0..<3 {
            // Handed to the consumer, not kept for it: it waits first.
            await timer.ticker.consumerWaits()
            await scheduler.advance(by: .seconds(1))
        }
        await consumer.value
        return ways.withLock { $0.filter { $0 }.count }
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class TickResumesTests: XCTestCase {
    func testEachTickResumesItsConsumerOnAThreadOfItsOwn() async {
        for onMain in [false, true] {
            let ticks = await TickResumesScenario.ticksThatWaitedForNoPool(actionsOnTheMainActor: onMain)
            XCTAssertEqual(ticks, 3, "actions on the main actor: \(onMain)")
        }
    }

    @MainActor
    func testFromTheMainActor() async {
        for onMain in [false, true] {
            let ticks = await TickResumesScenario.ticksThatWaitedForNoPool(actionsOnTheMainActor: onMain)
            XCTAssertEqual(ticks, 3, "actions on the main actor: \(onMain)")
        }
    }
}

@Suite struct TickResumesSwiftTests {
    @Test(arguments: [false, true])
    func eachTickResumesItsConsumerOnAThreadOfItsOwn(actionsOnTheMainActor: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await TickResumesScenario.ticksThatWaitedForNoPool(actionsOnTheMainActor: actionsOnTheMainActor) == 3)
    }

    @Test(arguments: [false, true]) @MainActor
    func fromTheMainActor(actionsOnTheMainActor: Bool) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await TickResumesScenario.ticksThatWaitedForNoPool(actionsOnTheMainActor: actionsOnTheMainActor) == 3)
    }
}
