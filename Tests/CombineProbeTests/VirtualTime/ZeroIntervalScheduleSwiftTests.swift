@testable import CombineProbe
import Foundation
import Testing

/// `debounce(for: .zero)` schedules its one action every zero seconds, and
/// cancels it in its run: it runs, with no failure, in Swift Testing too.
@Suite struct ZeroIntervalScheduleSwiftTests {
    private static func debounceForZero() -> [TimedEvent<Int, Never>] {
        let scheduler = DispatchQueue.virtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.debounce(for: .zero, scheduler: scheduler).record(timedBy: scheduler)
        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .seconds(1))
        subject.send(3)
        scheduler.advance(by: .zero)
        return recorder.timeline
    }

    @Test func debounceForZeroDeliversTheLastValueOfEachInstant() {
        #expect(Self.debounceForZero() == [.value(2, at: .zero), .value(3, at: .seconds(1))])
    }

    @MainActor @Test func debounceForZeroFromTheMainActor() {
        #expect(Self.debounceForZero() == [.value(2, at: .zero), .value(3, at: .seconds(1))])
    }
}
