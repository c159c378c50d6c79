import CombineProbe
import Dispatch

/// Adds the rows of tasks that join the virtual world: what the
/// global-enqueue hook costs the tasks of other tests while a world lives
/// (a plain task created and awaited, no world alive vs one alive
/// elsewhere: target 1.1x), and a plain task that joins a world against
/// one with the executor's preference (about 0.7 µs more a task here: target 2.5x).
func addJoiningRows(to report: inout Report, smoke: Bool) {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
    let n = smoke ? 1_000 : 20_000
    var alone = UInt64.max
    var besideAWorld = UInt64.max
    var joined = UInt64.max
    var preferring = UInt64.max
    for _ in 0..<3 {
        alone = min(alone, plainTasks(n, worldAlive: false))
        besideAWorld = min(besideAWorld, plainTasks(n, worldAlive: true))
        joined = min(joined, worldTasks(n, joining: true))
        preferring = min(preferring, worldTasks(n, joining: false))
    }
    report.addVersus(
        "Task { } created and awaited outside any world, while a world lives vs none (the hook's toll)",
        n: n, ours: microseconds(besideAWorld / UInt64(n)) + " per task", peer: microseconds(alone / UInt64(n)) + " per task",
        ratio: ratio(besideAWorld, alone), target: "<= 1.1x")
    report.addVersus(
        "Task { } joining the world vs Task(executorPreference:), created and awaited in withTasks",
        n: n, ours: microseconds(joined / UInt64(n)) + " per task", peer: microseconds(preferring / UInt64(n)) + " per task",
        ratio: ratio(joined, preferring), target: "<= 2.5x")
}

/// `n` plain tasks created and awaited one by one, outside any world, with
/// or without a world alive meanwhile. Total nanoseconds.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func plainTasks(_ n: Int, worldAlive: Bool) -> UInt64 {
    blockingAsync {
        let scheduler = worldAlive ? DispatchQueue.virtualScheduler() : nil
        _ = scheduler?.executor
        let start = now()
        var sum = 0
        for index in 0..<n { sum &+= await Task { index }.value }
        let elapsed = now() - start
        precondition(sum == n * (n - 1) / 2)
        withExtendedLifetime(scheduler) {}
        return elapsed
    }
}

/// `n` tasks created and awaited one by one in `withTasks`: plain ones,
/// which join the world, or with the executor's preference. Total
/// nanoseconds.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func worldTasks(_ n: Int, joining: Bool) -> UInt64 {
    blockingAsync {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.executor.mainActorRoundTrips = 0
        return await scheduler.withTasks {
            let start = now()
            var sum = 0
            for index in 0..<n {
                sum &+= joining ? await Task { index }.value : await Task(executorPreference: scheduler.executor) { index }.value
            }
            precondition(sum == n * (n - 1) / 2)
            return now() - start
        }
    }
}
