import Foundation

extension VirtualScheduler {
    /// One `start(created:subscribed:cancelled:)`: three advances, each to
    /// its instant (a time in the past stays at now), with what happens at
    /// that instant after each — the publisher is made, the recorder
    /// subscribes, the run ends (the caller cancels the recorder).
    struct StartPlan<P: Publisher>: WorldStepPlan {
        let scheduler: VirtualScheduler
        let makePublisher: () -> P
        let recorder: Recorder<P.Output, P.Failure>
        /// The three instants, since the start.
        let times: [VirtualTime]
        /// Which advance runs: 0 (to `created`), 1 (to `subscribed`), 2 (to
        /// `cancelled`).
        var phase = 0
        /// The current advance's target in nanoseconds since the start; nil
        /// before it is read, when the advance begins.
        var limit: Int64?
        var publisher: P?
        /// The current advance's target as a date.
        var date: SchedulerTimeType

        init(_ scheduler: VirtualScheduler, times: [VirtualTime], recorder: Recorder<P.Output, P.Failure>, makePublisher: @escaping () -> P) {
            self.scheduler = scheduler
            self.times = times
            self.recorder = recorder
            self.makePublisher = makePublisher
            date = scheduler.start
        }

        mutating func begin() -> Bool { true }

        mutating func step(worldSettles: Bool) -> StepMove {
            let limit: Int64
            if let current = self.limit {
                limit = current
            } else {
                limit = max(times[phase].nanoseconds, scheduler.state.withLock { $0.elapsed })
                date = scheduler.date(at: limit)
                self.limit = limit
            }
            if scheduler.runNextAction(atOrBefore: limit) { return .goOn }
            scheduler.moveClock(to: date)
            scheduler.reporter.deliverPending()
            switch phase {
            case 0: publisher = makePublisher()
            case 1: publisher?.subscribe(recorder.storage)
            default: return .done
            }
            phase += 1
            self.limit = nil
            return .goOn
        }
    }
}
