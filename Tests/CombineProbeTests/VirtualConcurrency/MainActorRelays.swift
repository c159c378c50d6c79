@testable import CombineProbe
import Foundation

/// A `@MainActor` model whose work reaches the virtual clock only after a
/// relay of main-actor tasks: `onAppear(hops:)` starts a `Task { }` on the
/// main actor, which starts the next one, `hops` tasks in all; the last
/// starts a task in the virtual world that sleeps one second, then reports
/// back on the main actor. None of the relay's tasks touches the executor
/// or the scheduler: only round trips through the main queue can see them.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class RelayModel {
    /// When the sleeper woke, in virtual time.
    private(set) var wokeAt: [VirtualTime] = []
    private let scheduler: VirtualSchedulerOf<DispatchQueue>
    private let executor: any TaskExecutor

    /// Takes the scheduler's executor at once, as a model given its task
    /// executor would: the virtual world exists from then on.
    init(scheduler: VirtualSchedulerOf<DispatchQueue>) {
        self.scheduler = scheduler
        executor = scheduler.executor
    }

    /// `hops` main-actor tasks in a row, then the sleeper.
    func onAppear(hops: Int) {
        relay(hops)
    }

    /// A main-actor task of the virtual world that awaits a nonisolated
    /// function (it runs on the executor and comes back), then relays
    /// `hops` main-actor tasks in a row before the sleeper.
    func onAppearHoppingOut(hops: Int) {
        Task(executorPreference: executor) { [weak self] in await self?.hopOutAndBack(hops) }
    }

    private func hopOutAndBack(_ hops: Int) async {
        let hopped = await runsOnTheWorldExecutor()
        precondition(hopped > 0)
        relay(hops)
    }

    private func relay(_ remaining: Int) {
        guard remaining > 0 else { return sleepThenReport() }
        Task { self.relay(remaining - 1) }
    }

    private func sleepThenReport() {
        let clock = scheduler.clock
        Task(executorPreference: executor) { [weak self] in
            do { try await clock.sleep(for: .seconds(1)) } catch { return }
            await self?.woke()
        }
    }

    private func woke() {
        wokeAt.append(scheduler.elapsed)
    }
}

/// A nonisolated async function: called from a main-actor task that prefers
/// the virtual world's executor, it runs there.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
nonisolated func runsOnTheWorldExecutor() async -> Int {
    Thread.isMainThread ? 0 : 1
}

/// A `@MainActor` task that counts the ticks of the scheduler's timer: each
/// tick, yielded by a scheduled action, resumes it on the main queue — not
/// through the executor.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class TickCounter {
    /// When each tick was seen, in virtual time.
    private(set) var seenAt: [VirtualTime] = []
    private var task: Task<Void, Never>?

    func start(_ scheduler: VirtualSchedulerOf<DispatchQueue>) {
        task = Task {
            for await _ in scheduler.timer(interval: .seconds(1)) {
                self.seenAt.append(scheduler.elapsed)
            }
        }
    }

    func stop() {
        task?.cancel()
    }

    /// Returns once the counting loop ended.
    func finished() async {
        await task?.value
    }
}

/// A relay of main-actor tasks that never ends, each scheduling an action
/// (an hour from now) before it starts the next: the virtual world never
/// becomes quiescent, until it is stopped.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
final class EndlessRelay {
    private var isStopped = false

    func start(_ scheduler: VirtualSchedulerOf<DispatchQueue>) {
        guard !isStopped else { return }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(3600))) {}
        Task { self.start(scheduler) }
    }

    func stop() {
        isStopped = true
    }
}
