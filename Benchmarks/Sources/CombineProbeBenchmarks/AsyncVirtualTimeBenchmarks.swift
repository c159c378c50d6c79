import CombineProbe
import Foundation

/// Runs an async body to completion from the main thread, which keeps
/// running its run loop meanwhile: the virtual world checks the main queue
/// for `@MainActor` work before it calls itself quiescent. From another
/// thread (`--dispatch-main`, where dispatch drains the main queue), it
/// waits on a semaphore.
func blockingAsync<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let result = Locked2<T?>(nil)
    if !Thread.isMainThread {
        let done = DispatchSemaphore(value: 0)
        Task {
            result.set(await body())
            done.signal()
        }
        done.wait()
        return result.get()!
    }
    Task { result.set(await body()) }
    while result.get() == nil {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
    }
    return result.get()!
}

/// Wall time of one `await scheduler.advance(by: 1s)` that wakes `n` tasks
/// sleeping on the scheduler's clock and lets each run until it sleeps
/// again (quiescence): the fastest of several steps, in nanoseconds.
/// `roundTrips` sets the executor's `mainActorRoundTrips` (nil: the
/// default, 3; 0: a world without main-actor work).
/// `actions` is where the scheduler runs its actions: `.mainActor` makes the
/// step hop to the main actor (the hop row compares the two), unless the
/// caller is on it: with `callerOnMainActor`, the steps are awaited by
/// `@MainActor` code, as in a `@MainActor` test.
func asyncAdvanceStep(
    sleepers n: Int, steps: Int = 5, roundTrips: Int? = nil, actions: VirtualActionContext = .caller,
    callerOnMainActor: Bool = false
) -> UInt64 {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return 0 }
    return blockingAsync {
        if callerOnMainActor {
            return await stepsOnTheMainActor(sleepers: n, steps: steps, roundTrips: roundTrips, actions: actions)
        }
        return await measuredSteps(sleepers: n, steps: steps, roundTrips: roundTrips, actions: actions)
    }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
private func stepsOnTheMainActor(sleepers n: Int, steps: Int, roundTrips: Int?, actions: VirtualActionContext) async -> UInt64 {
    await measuredSteps(sleepers: n, steps: steps, roundTrips: roundTrips, actions: actions)
}

/// The steps of `asyncAdvanceStep`, awaited in the caller's isolation.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func measuredSteps(
    sleepers n: Int, steps: Int, roundTrips: Int?, actions: VirtualActionContext,
    isolation: isolated (any Actor)? = #isolation
) async -> UInt64 {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
    if let roundTrips { scheduler.executor.mainActorRoundTrips = roundTrips }
    let clock = scheduler.clock
    let wakeUps = Locked2<Int>(0)
    var tasks: [Task<Void, Never>] = []
    for _ in 0..<n {
        tasks.append(Task(executorPreference: scheduler.executor) {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                wakeUps.update { $0 += 1 }
            }
        })
    }
    await scheduler.advance()
    var fastest = UInt64.max
    for step in 1...steps {
        let start = now()
        await scheduler.advance(by: .seconds(1))
        fastest = min(fastest, now() - start)
        precondition(wakeUps.get() == n * step, "every sleeper ran before the step returned: \(wakeUps.get()) of \(n * step), n \(n)")
    }
    for task in tasks { task.cancel() }
    await scheduler.advance()
    return fastest
}

/// A value behind a lock, for the benchmarks' async bridges.
final class Locked2<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ newValue: Value) { lock.lock(); value = newValue; lock.unlock() }
    func update(_ body: (inout Value) -> Void) { lock.lock(); body(&value); lock.unlock() }
}
