@testable import CombineProbe
import Foundation
import XCTest

/// Property: every recording, drawn as marbles and read back, is the same
/// timeline, over generated timelines (on and between ticks, simultaneous
/// events, events closer than a group's width, long gaps, long names).
final class MarbleRoundTripTests: FailureCapturingTestCase {
    let values = ["a": 1, "b": 2, "long": 3, "7": 4, "-": 5, "x y": 6]
    let ticks: [VirtualTime] = [.milliseconds(10), .milliseconds(1), .nanoseconds(7), .seconds(1)]

    func timeline(_ generator: inout SplitMix64, tick: VirtualTime) -> [TimedEvent<Int, TestFailure>] {
        var time = VirtualTime.zero
        var events: [TimedEvent<Int, TestFailure>] = []
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: break // the same instant
            case 1, 2: time = time + VirtualTime(nanoseconds: tick.nanoseconds * Int64.random(in: 1...6, using: &generator))
            case 3: time = time + VirtualTime(nanoseconds: Int64.random(in: 1...50_000_000, using: &generator)) // between ticks
            case 4: time = time + VirtualTime(nanoseconds: tick.nanoseconds * Int64.random(in: 81...500, using: &generator)) // a long gap
            default: time = time + tick
            }
            events.append(.value(Int.random(in: 1...6, using: &generator), at: time))
        }
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: events.append(.finished(at: time + VirtualTime(nanoseconds: tick.nanoseconds * Int64.random(in: 0...2, using: &generator))))
        case 1: events.append(.failure(TestFailure(), at: time))
        default: break
        }
        return events
    }

    func testEveryRecordingDrawnAndReadBackIsTheSameTimeline() {
        // Seeded (the library's SplitMix64): every run checks the same timelines.
        var generator = SplitMix64(seed: 20)
        let matchers = values.mapValues { EventMatcher<Int, TestFailure>.value($0) }
        for run in 0..<600 {
            let tick = ticks[run % ticks.count]
            let scheduler = DispatchQueue.virtualScheduler()
            let publisher: ScriptedPublisher<Int, TestFailure> = scheduler.coldPublisher(timeline(&generator, tick: tick))
            let recorder = publisher.record(timedBy: scheduler)
            scheduler.run()
            let recorded = recorder.timeline
            let drawing = MarbleAssertion.draw(recorded, expected: [], matchers: matchers, tick: tick).text

            let read = MarbleDiagram(drawing, tick: tick, dialect: .events(subscriptionPoint: false), names: Set(values.keys))
            XCTAssertNil(read.error, "\(drawing.debugDescription) does not read back")
            let readBack = read.symbols.map { symbol -> TimedEvent<Int, TestFailure> in
                switch symbol.kind {
                case let .value(name): return .value(values[name]!, at: symbol.time)
                case .failure: return .failure(TestFailure(), at: symbol.time)
                default: return .finished(at: symbol.time)
                }
            }
            XCTAssertEqual(readBack, recorded, "drawn as \(drawing.debugDescription) with - = \(tick)")

            // And the public assertion accepts its own drawing.
            let (failures, _) = captureFailures {
                XCTAssertRecordedMarbles(recorder, drawing, values: values, failure: .failure(TestFailure()), tick: tick)
            }
            XCTAssertEqual(failures.map(\.message), [], "drawn as \(drawing.debugDescription)")
        }
    }

    func testSubscriptionLogsDrawnAndReadBackAreTheSame() {
        var generator = SplitMix64(seed: 21)
        for run in 0..<300 {
            let tick = ticks[run % ticks.count]
            let subscribed = VirtualTime(nanoseconds: Int64.random(in: 0...20, using: &generator) * (run % 2 == 0 ? tick.nanoseconds : 1_234_567))
            let cancelled: VirtualTime? = Bool.random(using: &generator)
                ? subscribed + VirtualTime(nanoseconds: Int64.random(in: 0...30, using: &generator) * tick.nanoseconds) : nil
            let span = SubscriptionMarbles.Span(subscribed: subscribed, cancelled: cancelled)
            let drawing = SubscriptionMarbles.draw(span, tick: tick)
            XCTAssertEqual(try SubscriptionMarbles.read(drawing, tick: tick).get(), span, "drawn as \(drawing.debugDescription)")
        }
    }

    func testDrawingsOfTheHardCases() {
        let tick = VirtualTime.milliseconds(10)
        let draw = { (items: [(Int, String)]) in
            MarbleDrawing.draw(items.map { MarbleDrawing.Item(time: .milliseconds($0.0), symbol: $0.1) }, tick: tick).text
        }
        XCTAssertEqual(draw([(20, "a"), (50, "b"), (60, "|")]), "--a--b|")
        XCTAssertEqual(draw([(0, "a"), (0, "b"), (10, "c")]), "(ab) @10ms c", "closer than the group's width")
        XCTAssertEqual(draw([(0, "a"), (255, "b")]), "a 245ms b", "between ticks")
        XCTAssertEqual(draw([(0, "a"), (5_000, "#")]), "a 4.99s #", "a gap longer than 80 ticks")
        XCTAssertEqual(MarbleDrawing.symbol(forName: "7"), "[7]")
        XCTAssertEqual(MarbleDrawing.symbol(forName: "long"), "[long]")
        XCTAssertEqual(MarbleDrawing.symbol(forName: "b"), "b")
    }
}
