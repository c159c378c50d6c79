@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Every public API that moves a virtual scheduler's time, run from a test
/// that is not on the main actor against a scheduler whose actions run on
/// the main actor: each action must run there, and run. (The record
/// assertions that wait in virtual time once ran the actions on the calling
/// thread, where a main-actor model's sink stops the process.)
///
/// The pipeline's sink reports where it ran instead of asserting it, so that
/// a regression fails this test rather than stopping the whole run.
enum EveryMoveOfTime {
    /// One probe: a scheduler on the main actor, and a value delayed by one
    /// second on it, whose delivery notes whether it ran on the main actor.
    struct Probe {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let subject = PassthroughSubject<Int, Never>()
        var onMainActor = Locked<[Bool]>([])

        func record() -> Recorder<Int, Never> {
            let onMainActor = onMainActor
            return subject
                .delay(for: .seconds(1), scheduler: scheduler)
                .handleEvents(receiveOutput: { _ in onMainActor.withLock { $0.append(MainActorCheck.isCurrent) } })
                .record()
        }

        /// Whether values were delivered, all on the main actor.
        var ranOnTheMainActor: Bool {
            let places = onMainActor.withLock { $0 }
            return !places.isEmpty && !places.contains(false)
        }
    }

    /// The synchronous moves of time, by name, each with a fresh probe.
    static var synchronous: [(String, (Probe) -> Void)] { [
        ("advance(by:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            probe.scheduler.advance(by: .seconds(1)); _ = recorder
        }),
        ("advance(to:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            probe.scheduler.advance(to: probe.scheduler.now.advanced(by: .seconds(1))); _ = recorder
        }),
        ("run()", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            probe.scheduler.run(); _ = recorder
        }),
        ("wait(for:timeout:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            _ = try? probe.scheduler.wait(for: recorder.next(), timeout: .seconds(2))
        }),
        ("start(created:subscribed:cancelled:)", { probe in
            let onMainActor = probe.onMainActor
            let scheduler = probe.scheduler
            _ = scheduler.start(created: .seconds(1), subscribed: .seconds(2), cancelled: .seconds(4)) {
                Just(1).delay(for: .seconds(1), scheduler: scheduler)
                    .handleEvents(receiveOutput: { _ in onMainActor.withLock { $0.append(MainActorCheck.isCurrent) } })
            }
        }),
        ("XCTAssertRecordedValues(_:_:scheduler:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            XCTAssertRecordedValues(recorder, [1], timeout: .seconds(2), scheduler: probe.scheduler)
        }),
        ("XCTAssertRecordedEvents(_:_:scheduler:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            XCTAssertRecordedEvents(recorder, [.value(1)], timeout: .seconds(2), scheduler: probe.scheduler)
        }),
        ("expectRecordedValues(_:_:scheduler:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            expectRecordedValues(recorder, [1], timeout: .seconds(2), scheduler: probe.scheduler)
        }),
        ("expectRecordedEvents(_:_:scheduler:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            expectRecordedEvents(recorder, [.value(1)], timeout: .seconds(2), scheduler: probe.scheduler)
        }),
    ] }

    /// Runs `exploration` (an exploration of two schedules, in the caller's
    /// framework) whose body moves time on a world of its own, noting where
    /// its actions ran in `probe`.
    static func explore(_ probe: Probe, _ exploration: (_ body: (ExploredSchedule) throws -> Void) -> Void) {
        exploration { _ in
            var inner = Probe()
            inner.onMainActor = probe.onMainActor
            let recorder = inner.record(); inner.subject.send(1)
            inner.scheduler.advance(by: .seconds(1)); _ = recorder
        }
    }

    /// The async moves of time, by name.
    static var asynchronous: [(String, (Probe) async -> Void)] { [
        ("await advance(by:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            await probe.scheduler.advance(by: .seconds(1)); _ = recorder
        }),
        ("await advance(to:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            await probe.scheduler.advance(to: probe.scheduler.now.advanced(by: .seconds(1))); _ = recorder
        }),
        ("await run()", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            await probe.scheduler.run(); _ = recorder
        }),
        ("await wait(for:timeout:)", { probe in
            let recorder = probe.record(); probe.subject.send(1)
            _ = try? await probe.scheduler.wait(for: recorder.next(), timeout: .seconds(2))
        }),
    ] }

    /// The names of the synchronous moves whose actions did not run, or
    /// not on the main actor.
    static func synchronousMisplaced(
        exploring exploration: (_ body: (ExploredSchedule) throws -> Void) -> Void = { exploreSchedules(2, $0) }
    ) -> [String] {
        var misplaced = synchronous.compactMap { name, move in
            let probe = Probe()
            move(probe)
            return probe.ranOnTheMainActor ? nil : name
        }
        let probe = Probe()
        explore(probe, exploration)
        if !probe.ranOnTheMainActor { misplaced.append("exploreSchedules(_:_:) around advance(by:)") }
        return misplaced
    }

    /// The async moves, awaited by `@MainActor` code (each takes its
    /// caller's isolation): the names of those whose actions did not run,
    /// or not on the main actor.
    @MainActor
    static func asynchronousMisplacedFromTheMainActor() async -> [String] {
        var misplaced: [String] = []
        func note(_ name: String, _ probe: Probe) {
            if !probe.ranOnTheMainActor { misplaced.append(name) }
        }
        var probe = Probe()
        var recorder = probe.record(); probe.subject.send(1)
        await probe.scheduler.advance(by: .seconds(1)); note("await advance(by:)", probe)
        probe = Probe()
        recorder = probe.record(); probe.subject.send(1)
        await probe.scheduler.advance(to: probe.scheduler.now.advanced(by: .seconds(1))); note("await advance(to:)", probe)
        probe = Probe()
        recorder = probe.record(); probe.subject.send(1)
        await probe.scheduler.run(); note("await run()", probe)
        probe = Probe()
        recorder = probe.record(); probe.subject.send(1)
        _ = try? await probe.scheduler.wait(for: recorder.next(), timeout: .seconds(2))
        note("await wait(for:timeout:)", probe)
        return misplaced
    }

    static func asynchronousMisplaced() async -> [String] {
        var misplaced: [String] = []
        for (name, move) in asynchronous {
            let probe = Probe()
            await move(probe)
            if !probe.ranOnTheMainActor { misplaced.append(name) }
        }
        return misplaced
    }
}

final class EveryMoveOfTimeTests: XCTestCase {
    /// XCTest runs an async test off the main thread.
    func testEverySynchronousMoveRunsItsActionsOnTheMainActor() async {
        XCTAssertFalse(Thread.isMainThread)
        XCTAssertEqual(EveryMoveOfTime.synchronousMisplaced(exploring: { self.exploreSchedules(2, $0) }), [])
    }

    func testEveryAsyncMoveRunsItsActionsOnTheMainActor() async {
        let misplaced = await EveryMoveOfTime.asynchronousMisplaced()
        XCTAssertEqual(misplaced, [])
    }

    /// The same moves from `@MainActor` tests, which run on the main thread.
    @MainActor func testEverySynchronousMoveFromTheMainActor() {
        XCTAssertTrue(MainActorCheck.isCurrent)
        XCTAssertEqual(EveryMoveOfTime.synchronousMisplaced(exploring: { self.exploreSchedules(2, $0) }), [])
    }

    @MainActor func testEveryAsyncMoveFromTheMainActor() async {
        let misplaced = await EveryMoveOfTime.asynchronousMisplacedFromTheMainActor()
        XCTAssertEqual(misplaced, [])
    }
}

@Suite struct EveryMoveOfTimeSwiftTests {
    /// Swift Testing runs a nonisolated synchronous test on the cooperative
    /// pool, off the main actor.
    @Test func everySynchronousMoveRunsItsActionsOnTheMainActor() {
        #expect(!MainActorCheck.isCurrent)
        #expect(EveryMoveOfTime.synchronousMisplaced() == [])
    }

    @Test func everyAsyncMoveRunsItsActionsOnTheMainActor() async {
        let misplaced = await EveryMoveOfTime.asynchronousMisplaced()
        #expect(misplaced == [])
    }

    @Test @MainActor func everySynchronousMoveFromTheMainActor() {
        #expect(MainActorCheck.isCurrent)
        #expect(EveryMoveOfTime.synchronousMisplaced() == [])
    }

    @Test @MainActor func everyAsyncMoveFromTheMainActor() async {
        let misplaced = await EveryMoveOfTime.asynchronousMisplacedFromTheMainActor()
        #expect(misplaced == [])
    }
}
