@_spi(Benchmarks) import CombineProbe
import Dispatch
import Foundation

/// `--step-profile`: the path of one `await advance(by:)` that wakes two
/// sleeping tasks of the virtual world, counted (issue 41, A): hops between
/// isolations, round trips through the main queue, real-time timers armed,
/// per step, for each pairing of where the scheduler's actions run and
/// where the step is awaited. The issue measured 2 / 9 / 3 for a
/// main-actor scheduler stepped from nonisolated code.
func runStepProfile(steps: Int) {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else {
        print("step profile: needs task executors (macOS 15, iOS 18)")
        return
    }
    print("| step: await advance(by:) waking 2 sleeping tasks | hops | round trips | timers |")
    print("|---|---:|---:|---:|")
    for actions in [VirtualActionContext.caller, .mainActor] {
        for callerOnMainActor in [false, true] {
            let counts = blockingAsync { () async -> StepProfile.Counts in
                callerOnMainActor
                    ? await profileOnTheMainActor(steps: steps, actions: actions)
                    : await profiledSteps(steps: steps, actions: actions)
            }
            let name = "actionsOn: \(actions == .mainActor ? ".mainActor" : ".caller"), from \(callerOnMainActor ? "@MainActor" : "nonisolated") code"
            print("| \(name) | \(per(counts.hops, steps)) | \(per(counts.roundTrips, steps)) | \(per(counts.timers, steps)) |")
        }
    }
}

private func per(_ count: Int, _ steps: Int) -> String {
    String(format: "%.1f", Double(count) / Double(steps))
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
private func profileOnTheMainActor(steps: Int, actions: VirtualActionContext) async -> StepProfile.Counts {
    await profiledSteps(steps: steps, actions: actions)
}

/// `steps` steps, each waking two tasks that sleep 1 s in a loop; the
/// counts of the steps alone (the setup's are taken before).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private func profiledSteps(
    steps: Int, actions: VirtualActionContext, isolation: isolated (any Actor)? = #isolation
) async -> StepProfile.Counts {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: actions)
    let clock = scheduler.clock
    var tasks: [Task<Void, Never>] = []
    for _ in 0..<2 {
        tasks.append(Task(executorPreference: scheduler.executor) {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
            }
        })
    }
    await scheduler.advance()
    _ = StepProfile.take()
    for _ in 0..<steps { await scheduler.advance(by: .seconds(1)) }
    let counts = StepProfile.take()
    for task in tasks { task.cancel() }
    await scheduler.advance()
    return counts
}
