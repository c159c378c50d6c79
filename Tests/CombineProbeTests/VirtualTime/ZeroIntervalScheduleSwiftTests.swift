@testable import CombineProbe
import Foundation
import Testing

/// `debounce(for: .zero)` schedules its one action every zero seconds, and
/// cancels it in its run: it runs, with no failure (a failure would be an
/// issue here, and is captured in `VirtualSchedulerTests`). 1 and 2 are sent
/// at 0s, 3 at 1s; the timeline.
enum DebounceForZero {
    static func timeline() -> [TimedEvent<Int, Never>] {
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
}

@Suite struct ZeroIntervalScheduleSwiftTests {
    @Test func debounceForZeroDeliversTheLastValueOfEachInstant() {
        #expect(DebounceForZero.timeline() == [.value(2, at: .zero), .value(3, at: .seconds(1))])
    }

    @MainActor @Test func debounceForZeroFromTheMainActor() {
        #expect(DebounceForZero.timeline() == [.value(2, at: .zero), .value(3, at: .seconds(1))])
    }
}
