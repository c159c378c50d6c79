import CombineProbe

/// Adds the rows of the hop to the main actor: the same async step on a
/// scheduler whose actions run on the main actor (the step hops there once,
/// and waits there) against one whose actions the caller runs. Each side is
/// the fastest of several steps, measured alternately, the better of three
/// rounds (target: at most 1.1x), awaited from nonisolated code (the step
/// hops) and from `@MainActor` code (it runs in place, as in a `@MainActor`
/// test).
func addHopRows(to report: inout Report, smoke: Bool, steps: Int) {
    for callerOnMainActor in [false, true] {
        for sleepers in smoke ? [1, 10] : [1, 100] {
            var onMain = UInt64.max
            var byCaller = UInt64.max
            for _ in 0..<3 {
                byCaller = min(byCaller, asyncAdvanceStep(sleepers: sleepers, steps: steps, callerOnMainActor: callerOnMainActor))
                onMain = min(onMain, asyncAdvanceStep(
                    sleepers: sleepers, steps: steps, actions: .mainActor, callerOnMainActor: callerOnMainActor))
            }
            let caller = callerOnMainActor ? "from @MainActor code" : "from nonisolated code"
            report.addVersus(
                "await advance(by:) waking \(sleepers) sleeping task\(sleepers == 1 ? "" : "s") \(caller), actionsOn: .mainActor vs .caller (the hop)",
                n: sleepers, ours: microseconds(onMain) + " per step", peer: microseconds(byCaller) + " per step",
                ratio: ratio(onMain, byCaller), target: "<= 1.1x")
        }
    }
}
