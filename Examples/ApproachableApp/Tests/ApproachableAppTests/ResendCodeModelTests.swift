import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// `ResendCodeModel`, whose repeating timer's closure the compiler checks for
// the main actor, from every kind of test. Its scheduler stands in for
// `RunLoop.main`.

/// One round: send a code, count down, send another, run the timer out.
enum ResendRounds {
    static let expected = [
        "1s: 2 left, codes sent 1",
        "1s: 2 left, codes sent 1", // a second press is ignored while counting down
        "3s: 0 left, codes sent 1",
        "60s: 0 left, codes sent 1", // the timer stopped at zero
        "63s: 0 left, codes sent 2",
        "timeline [3 at 60s, 2 at 61s, 1 at 62s, 0 at 63s]",
    ]

    /// What the screen shows.
    @MainActor static func state(_ model: ResendCodeModel<VirtualSchedulerOf<RunLoop>>, after elapsed: VirtualTime) -> String {
        "\(elapsed): \(model.secondsLeft) left, codes sent \(model.codesSent)"
    }

    /// The countdown, as a timed recorder recorded it.
    static func timeline(_ recorder: Recorder<Int, Never>) -> String {
        "timeline \(recorder.timeline)"
    }

    /// From any isolation: this nonisolated async function runs on its
    /// caller's actor (SE-0461).
    static func asyncRound(_ round: Int) async throws -> [String] {
        let scheduler = RunLoop.virtualScheduler(actionsOn: .mainActor)
        let model = await ResendCodeModel(wait: 3, scheduler: scheduler)
        await model.sendCode()
        await scheduler.advance(by: .seconds(1))
        var trace = [await state(model, after: scheduler.elapsed)]
        await model.sendCode()
        trace.append(await state(model, after: scheduler.elapsed))
        await scheduler.advance(by: .seconds(2))
        trace.append(await state(model, after: scheduler.elapsed))
        await scheduler.advance(by: .seconds(57))
        trace.append(await state(model, after: scheduler.elapsed))
        let recorder = await MainActor.run { model.$secondsLeft.dropFirst().record(timedBy: scheduler) }
        await model.sendCode()
        await scheduler.run()
        trace.append(await state(model, after: scheduler.elapsed))
        trace.append(timeline(recorder))
        return trace
    }

    /// From synchronous code on any thread.
    static func syncRound(_ round: Int) throws -> [String] {
        let scheduler = RunLoop.virtualScheduler(actionsOn: .mainActor)
        let model = try onMainActor { ResendCodeModel(wait: 3, scheduler: scheduler) }
        try onMainActor { model.sendCode() }
        scheduler.advance(by: .seconds(1))
        var trace = [try onMainActor { state(model, after: scheduler.elapsed) }]
        try onMainActor { model.sendCode() }
        trace.append(try onMainActor { state(model, after: scheduler.elapsed) })
        scheduler.advance(by: .seconds(2))
        trace.append(try onMainActor { state(model, after: scheduler.elapsed) })
        scheduler.advance(by: .seconds(57))
        trace.append(try onMainActor { state(model, after: scheduler.elapsed) })
        let recorder = try onMainActor { model.$secondsLeft.dropFirst().record(timedBy: scheduler) }
        try onMainActor { model.sendCode() }
        scheduler.run()
        trace.append(try onMainActor { state(model, after: scheduler.elapsed) })
        trace.append(timeline(recorder))
        return trace
    }
}

@Suite struct ResendCodeModelSwiftTests {
    @Test func nonisolatedAsync() async throws {
        #expect(!isOnMainActor(), "Swift Testing runs a nonisolated test off the main actor")
        let different = try await firstDifferentRound(from: ResendRounds.expected, ResendRounds.asyncRound)
        #expect(different == nil)
    }

    @Test func nonisolatedSynchronous() throws {
        #expect(!isOnMainActor())
        let different = try firstDifferentRound(from: ResendRounds.expected, ResendRounds.syncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorAsync() async throws {
        let different = try await firstDifferentRound(from: ResendRounds.expected, ResendRounds.asyncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorSynchronous() throws {
        let different = try firstDifferentRound(from: ResendRounds.expected, ResendRounds.syncRound)
        #expect(different == nil)
    }
}

final class ResendCodeModelTests: XCTestCase {
    func testNonisolatedAsync() async throws {
        let different = try await firstDifferentRound(from: ResendRounds.expected, ResendRounds.asyncRound)
        XCTAssertNil(different)
    }

    func testSynchronous() throws {
        let different = try firstDifferentRound(from: ResendRounds.expected, ResendRounds.syncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorAsync() async throws {
        let different = try await firstDifferentRound(from: ResendRounds.expected, ResendRounds.asyncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorSynchronous() throws {
        let different = try firstDifferentRound(from: ResendRounds.expected, ResendRounds.syncRound)
        XCTAssertNil(different)
    }
}
