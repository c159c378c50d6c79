@testable import CombineProbe
import Foundation
import Testing

/// 30 tests whose plain tasks join their own worlds, in parallel with 30
/// tests that start plain tasks outside any world: each world gets its own
/// tasks, in virtual time, and the tasks outside stay on the global
/// executor, out of every world.
@Suite struct ParallelWorldsTests {
    /// A world of its own: two plain tasks sleep on its clock and wake at
    /// their virtual instants, on its executor, whatever the other tests do.
    @Test(arguments: 0..<30) func aWorldGetsItsOwnTasks(_ number: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), TaskJoining.isAvailable else { return }
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) {
            let scheduler = DispatchQueue.virtualScheduler()
            let executor = scheduler.executor
            let log = Locked<[String]>([])
            let tasks = (1...2).map { index in
                Task {
                    try? await scheduler.sleep(for: .milliseconds(100 * index))
                    let here = VirtualTaskExecutor.runningWorld === executor
                    log.withLock { $0.append("task \(index) at \(scheduler.elapsed), in its world: \(here)") }
                }
            }
            await scheduler.advance(by: .milliseconds(100))
            #expect(log.withLock { $0 } == ["task 1 at 100ms, in its world: true"], "test \(number)")
            await scheduler.advance(by: .milliseconds(100))
            for task in tasks { await task.value }
            #expect(log.withLock { $0 } == [
                "task 1 at 100ms, in its world: true",
                "task 2 at 200ms, in its world: true",
            ], "test \(number)")
        }
    }

    /// No world: plain tasks, with children, actors and yields, run on the
    /// global executor, in no world.
    @Test(arguments: 0..<30) func tasksOutsideAnyWorldAreUntouched(_ number: Int) async {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let counter = OutsideCounter()
        let inAnyWorld = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await Task {
                        // Not for timing: a yield enqueues the task on the
                        // global executor again, through the hook, which
                        // must hand it back there.
                        await Task.yield()
                        await counter.increment()
                        return VirtualTaskExecutor.runningWorld != nil
                    }.value
                }
            }
            var any = false
            for await inWorld in group { any = any || inWorld }
            return any
        }
        #expect(!inAnyWorld, "test \(number)")
        #expect(await counter.value == 4, "test \(number)")
    }
}

private actor OutsideCounter {
    private(set) var value = 0
    func increment() { value += 1 }
}
