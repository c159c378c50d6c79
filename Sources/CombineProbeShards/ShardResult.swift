import Foundation

/// What one shard of one exploration found, as it writes it to a file in
/// `COMBINEPROBE_EXPLORATION_RESULTS` (JSON, one file per exploration and
/// shard), for `combineprobe-shards merge` to merge.
package struct ShardResult: Codable, Sendable, Equatable {
    /// The format's name and version, which the merge checks.
    package static let currentFormat = "combineprobe-exploration-shard/1"

    /// ``currentFormat``, when written.
    package var format: String = ShardResult.currentFormat
    /// The exploration's call site, `Module/File.swift:42`.
    package var site: String
    /// Which call at that site it was in its process, from 1: a loop or a
    /// parameterized test calls one site more than once.
    package var call: Int
    /// The shard's number, from 0.
    package var shardIndex: Int
    /// How many shards the exploration was split into.
    package var shardCount: Int
    /// The budget: the most schedules each shard runs.
    package var budget: Int
    /// The base seed, `0x…`.
    package var baseSeed: String
    /// The strategy's name.
    package var strategy: String
    /// The schedules of its slice that ran (not its probe of the default
    /// schedule, in a shard other than 0).
    package var schedulesRun: Int
    /// Whether every schedule of its slice ran.
    package var covered: Bool
    /// How many schedules of its slice it knew of and did not run.
    package var knownRemaining: Int
    /// Whether the shard failed: a failing schedule, or a schedule that did
    /// not replay the same way.
    package var failed: Bool
    /// The seed of the failing schedule, if one failed.
    package var failingSeed: String?
    /// How many deviations the failing schedule has.
    package var failingDeviations: Int?
    /// The shard's report, as the test printed it.
    package var message: String

    /// The name of the exploration the shard belongs to: its site and call.
    package var exploration: String { call == 1 ? site : "\(site) (call \(call))" }

    /// A result.
    package init(
        site: String, call: Int, shardIndex: Int, shardCount: Int, budget: Int, baseSeed: String, strategy: String,
        schedulesRun: Int, covered: Bool, knownRemaining: Int, failed: Bool, failingSeed: String?,
        failingDeviations: Int?, message: String
    ) {
        self.site = site
        self.call = call
        self.shardIndex = shardIndex
        self.shardCount = shardCount
        self.budget = budget
        self.baseSeed = baseSeed
        self.strategy = strategy
        self.schedulesRun = schedulesRun
        self.covered = covered
        self.knownRemaining = knownRemaining
        self.failed = failed
        self.failingSeed = failingSeed
        self.failingDeviations = failingDeviations
        self.message = message
    }

    /// The file's name: the site, the call and the shard, so that shards
    /// and calls never share one. `Module_File.swift_42.call1.shard2of8.json`.
    package var fileName: String {
        let safe = String(site.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return "\(safe).call\(call).shard\(shardIndex)of\(shardCount).json"
    }

    /// The file's contents: JSON, keys sorted, one per line.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a file written by ``encoded()``; nil for any other JSON.
    package static func decode(_ data: Data) -> ShardResult? {
        guard let result = try? JSONDecoder().decode(ShardResult.self, from: data),
              result.format == currentFormat else { return nil }
        return result
    }
}
