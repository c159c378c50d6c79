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
// deterministically. `debounce(for:clock:)` starts a `Task { }` of its own,
// which no preference reaches: it joins the world because the task that
// starts it (the consumer, iterating) is a task of the world — see the
// Testing time guide, "Tasks that join the virtual world".

/// A virtual scheduler with no main-actor work, a channel, and a consumer
/// task of its world iterating the channel through `pipeline` on the
/// scheduler's clock: it returns what it received, with the virtual
/// instants.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func channelPipeline<Output: AsyncSequence & Sendable>(
    _ pipeline: @escaping @Sendable (AsyncChannel<String>, VirtualSchedulerClock) -> Output
) -> (VirtualSchedulerOf<DispatchQueue>, AsyncChannel<String>, Task<[String], Never>)
where Output.Element == String, Output.Failure == Never {
    let scheduler = DispatchQueue.virtualScheduler()
    scheduler.executor.mainActorRoundTrips = 0 // nothing runs on the main actor here
    let clock = scheduler.clock
    let channel = AsyncChannel<String>()
    let consumer = Task(executorPreference: scheduler.executor) { () -> [String] in
        var received: [String] = []
        for await text in pipeline(channel, clock) {
            received.append("\(text) at \(clock.now.offset)")
        }
        return received
    }
    return (scheduler, channel, consumer)
}

/// Sends three edits 400 ms apart into a channel throttled to one element a
/// second, then finishes it: the first passes at once, the latest of the
/// others when the throttle's second is over. Returns what the consumer
/// received, with the virtual instants.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func throttleThreeEdits() async -> [String] {
    let (scheduler, channel, consumer) = channelPipeline { channel, clock in
        channel._throttle(for: .seconds(1), clock: clock, latest: true)
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

/// Types "s", "sw", "swi" 100 ms apart, pauses, then "swift", into a
/// channel debounced by 300 ms: the debounce's own task joins the world,
/// so each settled query comes out at its virtual instant, every time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func debounceTyping() async -> [String] {
    let (scheduler, channel, consumer) = channelPipeline { channel, clock in
        channel.debounce(for: .milliseconds(300), clock: clock)
    }
    await scheduler.advance() // the consumer starts iterating, and the debounce its task
    for query in ["s", "sw", "swi"] {
        await channel.send(query)
        await scheduler.advance(by: .milliseconds(100))
    }
    await scheduler.advance(by: .milliseconds(700))
    await channel.send("swift")
    await scheduler.advance(by: .milliseconds(300))
    channel.finish()
    await scheduler.run()
    return await consumer.value
}

private let expectedDebounce = ["swi at 0.5 seconds", "swift at 1.3 seconds"]

/// The two pipelines on the virtual clock, and what each gives.
enum ChannelPipeline: String, CaseIterable, Sendable {
    case throttled, debounced

    /// One run: what the consumer received, with the virtual instants.
    func run() async -> [String] {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return expected }
        switch self {
        case .throttled: return await throttleThreeEdits()
        case .debounced: return await debounceTyping()
        }
    }

    var expected: [String] {
        switch self {
        case .throttled: return expectedThrottle
        case .debounced: return expectedDebounce
        }
    }

    /// The first of `COMBINEPROBE_STRESS_ITERATIONS` rounds (50 by
    /// default) that differs from ``expected``, if any.
    func firstRoundDiffering() async -> DifferentRound? {
        await firstDifferentRound(from: expected) { await run() }
    }
}

@Suite struct AsyncAlgorithmsInteropSwiftTests {
    @Test(arguments: ChannelPipeline.allCases) func aChannelStepsInVirtualTime(_ pipeline: ChannelPipeline) async {
        #expect(await pipeline.run() == pipeline.expected)
    }

    @Test(arguments: ChannelPipeline.allCases) func aChannelIsDeterministic(_ pipeline: ChannelPipeline) async {
        #expect(await pipeline.firstRoundDiffering() == nil)
    }
}

final class AsyncAlgorithmsInteropTests: XCTestCase {
    func testADebouncedChannelIsDeterministic() async {
        let different = await ChannelPipeline.debounced.firstRoundDiffering()
        XCTAssertNil(different)
    }

    func testAThrottledChannelIsDeterministic() async {
        let different = await ChannelPipeline.throttled.firstRoundDiffering()
        XCTAssertNil(different)
    }
}
