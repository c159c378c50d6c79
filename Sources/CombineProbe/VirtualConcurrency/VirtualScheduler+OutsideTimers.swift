import Foundation

// A timer (`timer(interval:)`) made by a task outside the scheduler's
// virtual world: like a sleep from outside (see `admitSleeper(_:until:)`),
// it comes in no order relative to the test's steps, and one made after the
// step that should have run its ticks would leave its consumer waiting for
// ever.

extension VirtualScheduler {
    /// Whether a timer may start now, on the current task: nil when it may,
    /// else the failure that refuses it.
    ///
    /// A timer made by code that runs in step with the test — the test
    /// itself before it moves time, a task of the virtual world, a task
    /// that runs while a step has not moved time yet (a `@MainActor` task
    /// that the step's first quiescence lets run) — starts. One made from a
    /// task outside the virtual world while nothing moves time, or while a
    /// step is moving it, came at a moment no one decided: it is refused.
    /// Where task executors do not exist, every timer starts.
    func outsideTimerRefusal(every interval: Stride) -> String? {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return nil }
        // No task at all: a synchronous test's own code, which runs in step
        // with itself.
        guard withUnsafeCurrentTask(body: { $0 != nil }), !world.currentTaskIsMember else { return nil }
        let now = elapsed
        let (stepping, startedAt) = world.stepping
        if stepping && startedAt == now { return nil }
        // The task that made the scheduler is the test's own, which makes
        // its timer before it moves time.
        if !stepping, let creatorTask, withUnsafeCurrentTask(body: { $0?.hashValue }) == creatorTask { return nil }
        return "VirtualScheduler.timer(interval: \(StrideNanoseconds.describe(interval))): a task outside the "
            + "scheduler's virtual world made a timer on its time "
            + (stepping ? "while a step was moving time (from \(startedAt) to \(now))" : "while nothing was moving time (virtual time is \(now))")
            + " — a Task { } started without executorPreference: scheduler.executor. When its ticks are due relative "
            + "to the test's steps is a matter of thread timing, and a step that returned before the timer existed "
            + "would leave its consumer waiting for ever: the timer ends at once, with no tick. Start the task with "
            + "Task(executorPreference: scheduler.executor), or inside scheduler.withTasks { }, so that "
            + "`await scheduler.advance` lets it make its timer first." + otherTestHint(forTaskOf: DeliveryGate.currentTest)
    }
}
