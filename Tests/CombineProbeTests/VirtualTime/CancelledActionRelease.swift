@testable import CombineProbe
import Foundation

/// A cancelled action is released when it is cancelled, as a cancelled
/// Dispatch timer releases its handler, not when virtual time reaches it.
/// A cancelled action that holds what holds its scheduler (an operator's
/// subscription holds its scheduler) kept them all alive otherwise: the
/// README's debounce test, waited for in virtual time, left its scheduler,
/// its world, the debounce subscription and the recorder's storage behind
/// (some 2.5 KB a test). Each scenario returns what stayed alive; empty
/// when everything was released.
enum CancelledActionRelease {
    /// An object whose release a scenario watches.
    final class Witness {}

    /// Watches an object without keeping it alive.
    final class Watch {
        weak var object: AnyObject?
        let name: String

        init(_ object: AnyObject, _ name: String) {
            self.object = object
            self.name = name
        }
    }

    /// The names of the watched objects still alive.
    static func alive(_ watches: [Watch]) -> [String] {
        watches.filter { $0.object != nil }.map(\.name)
    }

    /// The README's debounce test up to its wait: the query sent "swift" to
    /// a 300 ms debounce on a new scheduler, which the query's subject, the
    /// test's, no longer holds.
    private struct DebounceTest {
        let scheduler: VirtualSchedulerOf<DispatchQueue>
        let recorder: Recorder<String, Never>

        init(actionsOn context: VirtualActionContext) {
            scheduler = DispatchQueue.virtualScheduler(actionsOn: context)
            let query = PassthroughSubject<String, Never>()
            recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler).record()
            query.send("swift")
        }

        /// What stayed alive once the test went, given what its wait got.
        static func leftBehind(waitedFor value: String?, watching watch: Watch?) -> [String] {
            if value != "swift" { return ["the test itself: it waited for \(String(describing: value))"] }
            return alive(watch.map { [$0] } ?? [])
        }
    }

    /// The README's debounce test, with a synchronous wait: once the test's
    /// values go, so do its scheduler and the debounce subscription that
    /// holds it (the wait ran the debounce's repeating schedule, which
    /// cancels itself in its run).
    static func debounceTestWaitedSynchronously(actionsOn context: VirtualActionContext = .caller) -> [String] {
        var (value, watch): (String?, Watch?) = (nil, nil)
        do {
            let test = DebounceTest(actionsOn: context)
            value = try? test.scheduler.wait(for: test.recorder.next(), timeout: .seconds(1))
            watch = Watch(test.scheduler, "the scheduler")
        }
        return DebounceTest.leftBehind(waitedFor: value, watching: watch)
    }

    /// The same test, with the async wait (the world settles between its
    /// steps).
    static func debounceTestWaitedAsynchronously(
        actionsOn context: VirtualActionContext = .caller, isolation: isolated (any Actor)? = #isolation
    ) async -> [String] {
        var (value, watch): (String?, Watch?) = (nil, nil)
        do {
            let test = DebounceTest(actionsOn: context)
            value = try? await test.scheduler.wait(for: test.recorder.next(), timeout: .seconds(1))
            watch = Watch(test.scheduler, "the scheduler")
        }
        return DebounceTest.leftBehind(waitedFor: value, watching: watch)
    }

    /// The rule for a pending action, which the guide states: it keeps what
    /// it captured until it runs. A `receive(on:)` completion still due when
    /// the test ends keeps its subscription, and the scheduler, alive; once
    /// time runs (`scheduler.run()`), they go. Returns whether the
    /// scheduler outlived a test that did not run time, and whether it went
    /// after one that did.
    static func pendingCompletion() -> (keptWithoutRun: Bool, releasedAfterRun: Bool) {
        func test(runningTime: Bool) -> Watch {
            let scheduler = DispatchQueue.virtualScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.receive(on: scheduler).record()
            subject.send(1)
            subject.send(completion: .finished)
            _ = try? scheduler.wait(for: recorder.next(), timeout: .seconds(1))
            if runningTime { scheduler.run() }
            return Watch(scheduler, "the scheduler")
        }
        let kept = test(runningTime: false).object != nil
        let released = test(runningTime: true).object == nil
        return (kept, released)
    }

    /// Repeating schedules of a scheduler whose dates are whole nanoseconds
    /// (the queue repeats them in one slot): one cancelled while it waits
    /// behind a live one, one cancelled in its own run. Their actions go at
    /// once, while the live one keeps running.
    static func repeatingSchedulesOfADispatchQueue(actionsOn context: VirtualActionContext = .caller) -> [String] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: context)
        var ticks = 0
        let live = scheduler.schedule(after: scheduler.now, interval: .milliseconds(100)) { ticks += 1 }
        var problems: [String] = []
        do {
            var witness: Witness? = Witness()
            let watch = Watch(witness!, "the action of the schedule cancelled while it waited")
            let later = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5)), interval: .seconds(1)) { [witness] in
                _ = witness
            }
            witness = nil
            scheduler.advance(by: .milliseconds(250))
            later.cancel()
            problems += alive([watch])
        }
        do {
            var witness: Witness? = Witness()
            let watch = Watch(witness!, "the action of the schedule cancelled in its own run")
            var own: (any Cancellable)?
            own = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(50)), interval: .seconds(1)) { [witness] in
                _ = witness
                own?.cancel()
            }
            witness = nil
            scheduler.advance(by: .milliseconds(100))
            problems += alive([watch])
            own = nil
        }
        scheduler.advance(by: .milliseconds(100))
        live.cancel()
        if ticks != 5 { problems.append("the live schedule: it ran \(ticks) times, not 5") }
        return problems
    }

    /// A repeating schedule of a run loop's scheduler, whose dates are
    /// `Date`s: the scheduler inserts each run again itself, in a slot of
    /// its own. Cancelled after two runs, its next run goes at once.
    static func repeatingScheduleOfARunLoop(actionsOn context: VirtualActionContext = .caller) -> [String] {
        let scheduler = RunLoop.virtualScheduler(actionsOn: context)
        var witness: Witness? = Witness()
        let watch = Watch(witness!, "the action of the run loop's schedule")
        var runs = 0
        let schedule = scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100)), interval: .milliseconds(100)) {
            [witness] in
            _ = witness
            runs += 1
        }
        witness = nil
        scheduler.advance(by: .milliseconds(250))
        schedule.cancel()
        var problems = alive([watch])
        if runs != 2 { problems.append("the run loop's schedule: it ran \(runs) times, not 2") }
        return problems
    }

    /// A cold scripted publisher's subscription, cancelled before its
    /// events: the deliveries it scheduled go at once, with the
    /// subscription they hold, and the publisher it holds.
    static func cancelledScriptedSubscription(actionsOn context: VirtualActionContext = .caller) -> [String] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: context)
        var watches: [Watch] = []
        do {
            let publisher: ScriptedPublisher<Int, Never> = scheduler.coldPublisher([
                .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .finished(at: .seconds(3)),
            ])
            watches = [Watch(publisher, "the scripted publisher, held by the cancelled subscription's deliveries")]
            let cancellable = publisher.sink { _ in }
            scheduler.advance(by: .milliseconds(1500))
            cancellable.cancel()
        }
        return alive(watches)
    }

    /// An action released by a cancellation whose deinitializer schedules
    /// on the same scheduler: the action is released after the scheduler's
    /// lock, so that the schedule neither deadlocks nor crashes. Run on a
    /// thread of its own, given five seconds of real time.
    static func releaseThatSchedulesAgain() -> [String] {
        final class Rescheduler {
            let scheduler: VirtualSchedulerOf<DispatchQueue>
            init(_ scheduler: VirtualSchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
            deinit { scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {} }
        }
        let done = DispatchSemaphore(value: 0)
        let pending = Locked<Int?>(nil)
        Thread.detachNewThread {
            let scheduler = DispatchQueue.virtualScheduler()
            var rescheduler: Rescheduler? = Rescheduler(scheduler)
            let schedule = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)) {
                [rescheduler] in _ = rescheduler
            }
            rescheduler = nil
            schedule.cancel()
            pending.withLock { $0 = scheduler.pendingActionCount }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else {
            return ["the cancellation: it did not return within 5 s (the deinitializer's schedule waited for the lock)"]
        }
        let count = pending.withLock { $0 }
        return count == 1 ? [] : ["the deinitializer's schedule: \(String(describing: count)) actions pending, not 1"]
    }
}
