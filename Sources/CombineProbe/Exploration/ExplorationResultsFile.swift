import CombineProbeShards
import Foundation

/// Writes an exploration's result to the directory that
/// `COMBINEPROBE_EXPLORATION_RESULTS` names, one file per exploration and
/// shard (see `ShardResult`), for `combineprobe-shards merge`.
enum ExplorationResultsFile {
    /// How many explorations wrote a result, by directory, site and shard:
    /// the next call at a site is numbered after them.
    private static let calls = Locked<[String: Int]>([:])

    /// Writes `result`, of the exploration called at `site`, when the
    /// exploration has a results directory; a replay, or an exploration
    /// that ran nothing, writes none. Returns the file's path.
    /// The site is named only when a file is written: its text is built
    /// then, not by every exploration.
    @discardableResult
    static func write(_ result: ExplorationResult, at site: @autoclosure () -> String?) -> String? {
        let exploration = result.exploration
        guard let directory = exploration.resultsDirectory, exploration.replaying == nil,
              exploration.invalidInput == nil, let site = site() else { return nil }
        let key = "\(directory)\n\(site)\n\(exploration.shard)"
        let call = calls.withLock { counts -> Int in
            counts[key, default: 0] += 1
            return counts[key, default: 1]
        }
        let record = ShardResult(
            site: site, call: call, shardIndex: exploration.shard.index, shardCount: exploration.shard.count,
            budget: exploration.schedules, baseSeed: "0x\(String(exploration.seed, radix: 16))",
            strategy: exploration.strategy.description, schedulesRun: result.schedulesRun,
            covered: result.coveredEverySchedule, knownRemaining: result.knownRemaining,
            failed: result.failure != nil || result.nondeterminism != nil,
            failingSeed: result.failure?.schedule.seed, failingDeviations: result.failure?.schedule.deviationCount,
            message: result.report)
        let path = URL(fileURLWithPath: directory).appendingPathComponent(record.fileName).path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try record.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
            return path
        } catch {
            FileHandle.standardError.write(Data(
                "CombineProbe: could not write the exploration's result to \(path) (\(error)).\n".utf8))
            return nil
        }
    }
}
