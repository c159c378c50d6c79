import AsyncAlgorithms
import CombineProbe
import Foundation
import Testing
import XCTest

// swift-async-algorithms' `AsyncChannel` into `_throttle(for:clock:latest:)`
// (1.1.4 spells it with an underscore), on the virtual scheduler's clock.
// The throttle reads the clock and sleeps inside `next()`, in the consuming
// task, and the channel hands each element over without a task of its own:
// with the executor's preference, the whole pipeline steps in virtual time,
// deterministically. (`debounce(for:clock:)` starts a `Task { }` of its own,
// which no preference reaches: see the Testing time guide.)

/// Sends three edits 400 ms apart into a channel throttled to one element a
/// second, then finishes it: the first passes at once, the latest of the
/// others when the throttle's second is over. Returns what the consumer
/// received, with the virtual instants.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func throttleThreeEdits() async -> [String] {
    let scheduler = DispatchQueue.virtualScheduler()
    scheduler.executor.mainActorRoundTrips = 0 // nothing runs on the main actor here
    let clock = scheduler.clock
    let channel = AsyncChannel<String>()
    let consumer = Task(executorPreference: scheduler.executor) { () -> [String] in
        var received: [String] = []
        for await text in channel._throttle(for: .seconds(1), clock: clock, latest: true) {
            received.append("\(text) at \(clock.now.offset)")
        }
        return received
    }
    await channel.send("a") // returns once the throttle took it
    await scheduler.advance(by: .milliseconds(400))
    await channel.send("ab")
    await scheduler.advance(by: .milliseconds(400))
    await channel.send("abc")
    channel.finish() // the throttle sleeps out its second, then sends "abc"
    await scheduler.run()
    return await consumer.value
}

private let expectedThrottle = ["a at 0.0 seconds", "abc at 1.0 seconds"]

@Suite struct AsyncAlgorithmsInteropSwiftTests {
    @Test func aThrottledChannelStepsInVirtualTime() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await throttleThreeEdits() == expectedThrottle)
    }

    /// `COMBINEPROBE_STRESS_ITERATIONS` rounds (50 by default), all alike.
    @Test func aThrottledChannelIsDeterministic() async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        #expect(await firstDifferentRound(from: expectedThrottle) { await throttleThreeEdits() } == nil)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AsyncAlgorithmsInteropTests: XCTestCase {
    func testAThrottledChannelIsDeterministic() async {
        let different = await firstDifferentRound(from: expectedThrottle) { await throttleThreeEdits() }
        XCTAssertNil(different)
    }
}
