import Foundation

/// `--virtual-actions [N...]`: only the virtual scheduler's action rows (in
/// due order, scattered, and all due at one instant), for work on the
/// action queue; the sizes default to 10,000, 100,000 and 1,000,000. Each size also prints its time per
/// action in the form `due=… scattered=…`, for scripts.
func runVirtualActionsOnly(_ arguments: [String]) {
    let sizes = arguments.compactMap { Int($0) }
    let actionSizes = sizes.isEmpty ? [10_000, 100_000, 1_000_000] : sizes
    var report = Report()
    for scattered in [false, true] {
        let smallest = runScheduledActions(actionSizes[0], scattered: scattered)
        for n in actionSizes {
            let total = n == actionSizes[0] ? smallest : runScheduledActions(n, scattered: scattered)
            let baseline = smallest * UInt64(n) / UInt64(actionSizes[0])
            report.add("virtual scheduler: schedule + run n actions, \(scattered ? "scattered" : "in due order") (vs n=\(actionSizes[0]))",
                       n: n, nanoseconds: total, baseline: baseline, target: scattered ? "<= 400 ns at 1M, <= 1.5x growth" : "<= 150 ns, flat in n")
        }
    }
    // Every action due at the same instant: ties, which an exploration
    // reorders; outside one they run in scheduling order, as before exploration.
    let smallestTied = runTiedActions(actionSizes[0])
    for n in actionSizes {
        let total = n == actionSizes[0] ? smallestTied : runTiedActions(n)
        report.add("virtual scheduler: schedule + run n actions due at one instant (vs n=\(actionSizes[0]))",
                   n: n, nanoseconds: total, baseline: smallestTied * UInt64(n) / UInt64(actionSizes[0]), target: "unchanged by exploration")
    }
    report.print()
}
