import Foundation

/// How the main queue is drained while the async steps are measured: a
/// step's round trips through it are most of a step's time with the main
/// actor, and a turn's cost depends on who drains it.
enum MainQueueDrain {
    /// The main thread runs its run loop, a turn at a time, as corelibs
    /// XCTest's waits do (and Apple's test runners, with a CFRunLoop).
    case runLoop
    /// The main thread is parked in `dispatchMain()`, and dispatch's
    /// threads drain the main queue, as under Swift Testing's async entry
    /// point on Linux.
    case dispatchMain

    var label: String {
        switch self {
        case .runLoop: return "main queue in a run loop"
        case .dispatchMain: return "main queue drained by dispatch"
        }
    }
}

/// `--async-steps [N...]`: only the async `advance(by:)` rows, ours and the
/// peers', for work on the virtual world's quiescence; the numbers of
/// sleeping tasks default to 1 and 100. `--async-steps-ours [N...]` leaves
/// the peers out. `mainQueue` says who drains the main queue meanwhile.
func runAsyncStepsOnly(_ arguments: [String], withPeers: Bool, mainQueue: MainQueueDrain) {
    let sizes = arguments.compactMap { Int($0) }
    var report = Report()
    for sleepers in sizes.isEmpty ? [1, 100] : sizes {
        let step = asyncAdvanceStep(sleepers: sleepers, steps: 5)
        let name = "await advance(by:) waking \(sleepers) sleeping task\(sleepers == 1 ? "" : "s") (\(mainQueue.label))"
        guard withPeers else {
            report.addLine(name, microseconds(step) + " per step, \(microseconds(step / UInt64(sleepers))) per task", target: "-")
            let bare = asyncAdvanceStep(sleepers: sleepers, steps: 5, roundTrips: 0)
            report.addLine(name + ", no main actor", microseconds(bare) + " per step, \(microseconds(bare / UInt64(sleepers))) per task", target: "-")
            continue
        }
        let peers: [(String, PeerAdvanceStep?)] = [
            ("TestScheduler", testSchedulerAdvanceStep(sleepers: sleepers, steps: 5, budget: 3_000_000_000, cap: 15_000_000_000)),
            ("TestClock", testClockAdvanceStep(sleepers: sleepers, steps: 5, budget: 3_000_000_000, cap: 15_000_000_000)),
        ]
        for (peerName, peer) in peers {
            guard let peer else { continue }
            report.addVersus("\(name) vs \(peerName)", n: sleepers, ours: microseconds(step) + " per step", peer: peer.describe(microseconds),
                             ratio: Double(step) / Double(max(peer.nanoseconds, 1)), qualifier: peer.stopped ? "<= " : "",
                             target: "<= 0.1x (>= 10x faster)")
        }
    }
    report.print()
}
