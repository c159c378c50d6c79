import CombineProbe
import Dispatch
import Foundation

/// Adds the rows of the hop to the main actor: the same async step on a
/// scheduler whose actions run on the main actor (the step hops there once,
/// and waits there) against one whose actions the caller runs, awaited
/// from nonisolated code (the step hops) and from `@MainActor` code (it
/// runs in place, as in a `@MainActor` test). Target: at most 1.1x.
///
/// The two sides are measured in pairs, one right after the other (each
/// the fastest of `steps` steps), and the row gives the median of the
/// pairs' ratios: on a small shared machine one thread's wake-up can take
/// ten times another's, and a ratio of two minimums taken at different
/// moments moved between 0.8x and 2.2x from run to run.
///
/// Then the floor under those rows: one turn of the main thread for a
/// main-actor job (a task resumed there) against one for a block on the
/// main queue. A step on the main actor is resumed there after each wait,
/// where the caller's step is resumed on the global executor.
func addHopRows(to report: inout Report, smoke: Bool, steps: Int) {
    let pairs = smoke ? 3 : 9
    for callerOnMainActor in [false, true] {
        for sleepers in smoke ? [1, 10] : [1, 100] {
            var ratios: [Double] = []
            var onMain: [UInt64] = []
            var byCaller: [UInt64] = []
            for _ in 0..<pairs {
                let caller = asyncAdvanceStep(sleepers: sleepers, steps: steps, callerOnMainActor: callerOnMainActor)
                let main = asyncAdvanceStep(sleepers: sleepers, steps: steps, actions: .mainActor, callerOnMainActor: callerOnMainActor)
                byCaller.append(caller)
                onMain.append(main)
                ratios.append(Double(main) / Double(max(caller, 1)))
            }
            let caller = callerOnMainActor ? "from @MainActor code" : "from nonisolated code"
            report.addVersus(
                "await advance(by:) waking \(sleepers) sleeping task\(sleepers == 1 ? "" : "s") \(caller), actionsOn: .mainActor vs .caller (the hop; median of \(pairs) pairs)",
                n: sleepers, ours: microseconds(median(onMain)) + " per step", peer: microseconds(median(byCaller)) + " per step",
                ratio: median(ratios), target: "<= 1.1x")
        }
    }
    let turns = smoke ? 200 : 2_000
    var jobTurn = UInt64.max
    var blockTurn = UInt64.max
    for _ in 0..<3 {
        jobTurn = min(jobTurn, blockingAsync { await mainActorJobTurns(turns) })
        blockTurn = min(blockTurn, blockingAsync { await mainQueueBlockTurns(turns) })
    }
    report.addVersus(
        "one turn of the main thread: a main-actor job (a task resumed there) vs a block on the main queue (the hop's floor)",
        n: turns, ours: microseconds(jobTurn / UInt64(turns)) + " per turn", peer: microseconds(blockTurn / UInt64(turns)) + " per turn",
        ratio: ratio(jobTurn, blockTurn), target: "-")
}

private func median<T: Comparable>(_ values: [T]) -> T {
    values.sorted()[values.count / 2]
}

/// `n` turns of a main-actor task through the main queue: each yield puts
/// the task's job, a job of the main actor, at the end of the queue (a
/// measure of the turn, not a wait for anything). Total nanoseconds.
@MainActor
private func mainActorJobTurns(_ n: Int) async -> UInt64 {
    let start = now()
    for _ in 0..<n { await Task.yield() }
    return now() - start
}

/// `n` blocks on the main queue, each enqueueing the next. Total
/// nanoseconds.
@MainActor
private func mainQueueBlockTurns(_ n: Int) async -> UInt64 {
    let start = now()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let count = Locked2<Int>(0)
        @Sendable func turn() {
            count.update { $0 += 1 }
            if count.get() == n {
                continuation.resume()
            } else {
                DispatchQueue.main.async { turn() }
            }
        }
        DispatchQueue.main.async { turn() }
    }
    return now() - start
}
