import Foundation

/// `--async-steps [N...]`: only the async `advance(by:)` rows, ours and the
/// peers', for work on the virtual world's quiescence; the numbers of
/// sleeping tasks default to 1 and 100. `--async-steps-ours [N...]` leaves
/// the peers out.
func runAsyncStepsOnly(_ arguments: [String], withPeers: Bool) {
    let sizes = arguments.compactMap { Int($0) }
    var report = Report()
    for sleepers in sizes.isEmpty ? [1, 100] : sizes {
        let step = asyncAdvanceStep(sleepers: sleepers, steps: 5)
        let name = "await advance(by:) waking \(sleepers) sleeping task\(sleepers == 1 ? "" : "s")"
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
