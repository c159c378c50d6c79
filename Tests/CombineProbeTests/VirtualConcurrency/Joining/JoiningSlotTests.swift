@testable import CombineProbe
import Foundation
import XCTest

/// The slot of the world a scope's new tasks join (`JoiningSlot`): the
/// first world offered is kept, weakly, until an executor is adopted; and a
/// schedule's choices, which keep the slot under their own lock (no joining
/// object of their own), let the schedule's world go when it ends.
///
/// The schedules' cases run in Swift Testing too (`JoiningSlotSwiftTests`);
/// the slot's own rules hold in any thread and isolation.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class JoiningSlotTests: XCTestCase {
    func testTheFirstWorldOfferedIsKeptWhileItLives() {
        var slot = JoiningSlot()
        var first: VirtualSchedulerOf<DispatchQueue>? = DispatchQueue.virtualScheduler()
        let second = DispatchQueue.virtualScheduler()
        let firstWorld = first.map { ObjectIdentifier($0.world) }
        _ = slot.offer(first!.world)
        _ = slot.offer(second.world)
        XCTAssertEqual(slot.held.world.map(ObjectIdentifier.init), firstWorld, "a later world is kept out")
        first = nil
        XCTAssertNil(slot.held.world, "the slot holds its world weakly: it ends with its scheduler")
        _ = slot.offer(second.world)
        XCTAssertTrue(slot.held.world === second.world, "once the first world ended, the next one offered is kept")
    }

    func testAnAdoptedExecutorKeepsLaterWorldsAndExecutorsOut() {
        var slot = JoiningSlot()
        let scheduler = DispatchQueue.virtualScheduler()
        let other = DispatchQueue.virtualScheduler()
        _ = slot.adopt(scheduler.executor)
        _ = slot.offer(other.world)
        _ = slot.adopt(other.executor)
        XCTAssertNil(slot.held.world, "a world offered after an executor was adopted is kept out")
        XCTAssertTrue(slot.held.executor === scheduler.executor, "the first executor adopted stays")
    }

    func testAScheduleLetsItsWorldGoWhenItEnds() {
        for context in [VirtualActionContext.caller, .mainActor] {
            let (lived, livesAfter) = JoiningSlotScenario.worldOfOneSchedule(actionsOn: context)
            XCTAssertTrue(lived, "the schedule's first world is the one its tasks join (\(context))")
            XCTAssertFalse(livesAfter, "the schedule's choices keep no world of an ended schedule alive (\(context))")
        }
    }

    @MainActor
    func testAScheduleLetsItsWorldGoWhenItEndsFromTheMainActor() {
        for context in [VirtualActionContext.caller, .mainActor] {
            let (lived, livesAfter) = JoiningSlotScenario.worldOfOneSchedule(actionsOn: context)
            XCTAssertTrue(lived, "the schedule's first world is the one its tasks join (\(context))")
            XCTAssertFalse(livesAfter, "the schedule's choices keep no world of an ended schedule alive (\(context))")
        }
    }

    func testAnAsyncScheduleLetsItsWorldGoWhenItEnds() async {
        for context in [VirtualActionContext.caller, .mainActor] {
            let (lived, livesAfter) = await JoiningSlotScenario.worldOfOneAsyncSchedule(actionsOn: context)
            XCTAssertTrue(lived, "the schedule's first world is the one its tasks join (\(context))")
            XCTAssertFalse(livesAfter, "the schedule's choices keep no world of an ended schedule alive (\(context))")
        }
    }

    @MainActor
    func testAnAsyncScheduleLetsItsWorldGoWhenItEndsFromTheMainActor() async {
        for context in [VirtualActionContext.caller, .mainActor] {
            let (lived, livesAfter) = await JoiningSlotScenario.worldOfOneAsyncSchedule(actionsOn: context)
            XCTAssertTrue(lived, "the schedule's first world is the one its tasks join (\(context))")
            XCTAssertFalse(livesAfter, "the schedule's choices keep no world of an ended schedule alive (\(context))")
        }
    }
}
