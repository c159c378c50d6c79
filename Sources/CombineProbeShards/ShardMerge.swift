import Foundation

/// The shards of one exploration, merged into the report the exploration
/// would print unsharded.
package struct MergedExploration: Sendable, Equatable {
    /// The exploration's name: its call site, and its call if not the first.
    package let name: String
    /// The call site, `Module/File.swift:42`.
    package let site: String
    /// How many shards the exploration was split into.
    package let shardCount: Int
    /// The results read, one per shard, by shard number.
    package let shards: [ShardResult]
    /// The shard numbers of which no result was read.
    package let missing: [Int]
    /// Why the results are not those of one exploration, if they are not:
    /// other budgets, base seeds, strategies or shard counts.
    package let inconsistency: String?
    /// The failing shard whose schedule has the fewest deviations (ties:
    /// the smallest seed), or one that failed without a seed.
    package let failure: ShardResult?
    /// The schedules the shards ran, together.
    package let schedulesRun: Int
    /// Whether every shard covered its slice, so that together they ran
    /// every schedule.
    package let covered: Bool

    /// Whether CI must show it failing: a failing schedule, a shard that
    /// wrote nothing, results of different explorations.
    package var failed: Bool { failure != nil || !missing.isEmpty || inconsistency != nil }

    /// Merges the results of one exploration's shards.
    init(name: String, results: [ShardResult]) {
        self.name = name
        let first = results[0]
        site = first.site
        shardCount = first.shardCount
        var problems: [String] = []
        for (label, values) in [
            ("shard counts", Set(results.map { "\($0.shardCount)" })), ("budgets", Set(results.map { "\($0.budget)" })),
            ("base seeds", Set(results.map(\.baseSeed))), ("strategies", Set(results.map(\.strategy))),
        ] where values.count > 1 {
            problems.append("\(label) \(values.sorted().joined(separator: ", "))")
        }
        var byShard: [Int: ShardResult] = [:]
        for result in results {
            if let earlier = byShard[result.shardIndex], earlier != result {
                problems.append("two different results of shard \(result.shardIndex)/\(result.shardCount)")
            }
            byShard[result.shardIndex] = result
        }
        shards = byShard.keys.sorted().compactMap { byShard[$0] }
        missing = (0..<shardCount).filter { byShard[$0] == nil }
        inconsistency = problems.isEmpty ? nil
            : "The results are not those of one exploration sharded: \(problems.joined(separator: "; "))."
        let failing = shards.filter(\.failed)
        failure = failing.min { a, b in
            let left = (a.failingSeed == nil ? 1 : 0, a.failingDeviations ?? Int.max, a.failingSeed ?? "")
            let right = (b.failingSeed == nil ? 1 : 0, b.failingDeviations ?? Int.max, b.failingSeed ?? "")
            return left < right
        }
        schedulesRun = shards.reduce(0) { $0 + $1.schedulesRun }
        covered = missing.isEmpty && inconsistency == nil && shards.allSatisfy(\.covered)
    }

    /// The report: the words of the exploration unsharded, where the shards
    /// tell them.
    package var report: String {
        var lines: [String] = []
        if let inconsistency { lines.append(inconsistency) }
        if !missing.isEmpty {
            let names = missing.map { "\($0)/\(shardCount)" }.joined(separator: ", ")
            lines.append("No result of shard\(missing.count == 1 ? "" : "s") \(names): the merge is incomplete (did "
                + "\(missing.count == 1 ? "that shard" : "those shards") run, and upload \(missing.count == 1 ? "its" : "their") file?).")
        }
        let strategyNote = shards.first.map { $0.strategy == "fewest-deviations-first" ? "" : " Strategy: \($0.strategy)." } ?? ""
        if let failure {
            let failedCount = shards.filter(\.failed).count
            if let seed = failure.failingSeed {
                lines.append("\(failedCount) of \(shardCount) shard\(shardCount == 1 ? "" : "s") failed; the failing "
                    + "schedule with the fewest deviations is seed \(seed), in shard \(failure.shardIndex)/\(shardCount):")
            } else {
                lines.append("Shard \(failure.shardIndex)/\(shardCount) failed:")
            }
            lines.append(failure.message)
            return lines.joined(separator: "\n")
        }
        let schedules = "\(schedulesRun) schedule\(schedulesRun == 1 ? "" : "s")"
        if covered {
            lines.append(schedulesRun == 1
                ? "Covered every schedule (1 distinct order): the body met no choice, so it is the only schedule the "
                    + "test can take.\(strategyNote)"
                : "Covered every schedule (\(schedulesRun) distinct orders): all passed.\(strategyNote)")
        } else if shards.first?.strategy == "pct" {
            // PCT's shards draw disjoint places of one random order; what
            // each claims is in its own report (the k, n and N it met).
            let budget = shards.first?.budget ?? 0
            lines.append("\(schedules) passed in \(shards.count) of \(shardCount) shards (up to \(budget) each), drawn "
                + "from disjoint places of one random order: each shard's report states the chance it gave each "
                + "schedule.\(strategyNote)")
        } else {
            let known = schedulesRun + shards.reduce(0) { $0 + $1.knownRemaining }
            let budget = shards.first?.budget ?? 0
            lines.append("\(schedules) passed in \(shards.count) of \(shardCount) shards (up to \(budget) each), of at "
                + "least \(known): more remain unexplored.\(strategyNote)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Merges the result files of sharded explorations (see `ShardResult`).
package enum ShardMerge {
    /// Reads every result file under `directory`, in its subdirectories
    /// too (a CI job downloads each artifact into its own); other files are
    /// skipped. Sorted by file path.
    package static func read(directory: String) throws -> [ShardResult] {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MergeError("\(directory) is not a directory")
        }
        let paths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return paths.compactMap { path in
            (try? Data(contentsOf: root.appendingPathComponent(path))).flatMap(ShardResult.decode)
        }
    }

    /// Groups results by exploration, and merges each group; by name.
    package static func merge(_ results: [ShardResult]) -> [MergedExploration] {
        Dictionary(grouping: results, by: \.exploration)
            .sorted { $0.key < $1.key }
            .map { MergedExploration(name: $0.key, results: $0.value) }
    }

    /// The merged report of every exploration, each under its name, and a
    /// summary line.
    package static func report(_ merged: [MergedExploration]) -> String {
        var blocks = merged.map { "\($0.name):\n\($0.report)" }
        let failed = merged.filter(\.failed).count
        blocks.append("\(merged.count) exploration\(merged.count == 1 ? "" : "s") merged, \(failed) failed.")
        return blocks.joined(separator: "\n\n")
    }

    /// A JUnit XML report: one test case per exploration, failing with the
    /// failing seed in its message when the exploration failed.
    package static func junit(_ merged: [MergedExploration]) -> String {
        let failures = merged.filter(\.failed).count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="CombineProbe explorations" tests="\#(merged.count)" failures="\#(failures)">"#,
            #"  <testsuite name="CombineProbe explorations" tests="\#(merged.count)" failures="\#(failures)">"#,
        ]
        for exploration in merged {
            let file = exploration.site.split(separator: ":").first.map(String.init) ?? exploration.site
            let open = #"    <testcase classname="\#(escape(file))" name="\#(escape(exploration.name))""#
            guard exploration.failed else {
                lines.append(open + ">")
                lines.append("      <system-out>\(escape(exploration.report))</system-out>")
                lines.append("    </testcase>")
                continue
            }
            let summary: String
            if let seed = exploration.failure?.failingSeed {
                summary = "Failing schedule: seed \(seed) (replay with COMBINEPROBE_SCHEDULE=\(seed))"
            } else {
                summary = exploration.report.split(separator: "\n").first.map(String.init) ?? "failed"
            }
            lines.append(open + ">")
            lines.append(#"      <failure message="\#(escape(summary))" type="exploration">\#(escape(exploration.report))</failure>"#)
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text`, escaped for XML text and attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// Why a merge could not read its results.
package struct MergeError: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The command `combineprobe-shards`: its arguments, what it prints, and its
/// exit status.
package enum ShardCommand {
    /// How to call it.
    package static let usage = """
        usage: combineprobe-shards merge <directory> [--junit <file>]
          Merges the result files that sharded explorations wrote to <directory>
          (COMBINEPROBE_EXPLORATION_RESULTS) into one report per exploration, and
          writes a JUnit XML report to <file>. Exits 1 when an exploration failed.
        """

    /// Runs the command with `arguments` (without the program's name): what
    /// to print on standard output and standard error, and the exit status
    /// (0 all passed, 1 an exploration failed, 2 a usage error or no result).
    package static func run(_ arguments: [String]) -> (output: String, error: String, status: Int32) {
        var rest = arguments
        guard rest.first == "merge" else { return ("", usage + "\n", 2) }
        rest.removeFirst()
        var junit: String?
        var directory: String?
        while let argument = rest.first {
            rest.removeFirst()
            if argument == "--junit" {
                guard let file = rest.first else { return ("", "--junit needs a file.\n" + usage + "\n", 2) }
                rest.removeFirst()
                junit = file
            } else if directory == nil, !argument.hasPrefix("-") {
                directory = argument
            } else {
                return ("", "Unexpected argument \(argument).\n" + usage + "\n", 2)
            }
        }
        guard let directory else { return ("", usage + "\n", 2) }
        let results: [ShardResult]
        do { results = try read(directory) } catch { return ("", "\(error).\n", 2) }
        guard !results.isEmpty else {
            return ("", "No exploration result in \(directory): set COMBINEPROBE_EXPLORATION_RESULTS to a directory "
                + "when the shards run, and gather their files there.\n", 2)
        }
        let merged = ShardMerge.merge(results)
        if let junit {
            do {
                try Data(ShardMerge.junit(merged).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                return ("", "Could not write \(junit): \(error).\n", 2)
            }
        }
        return (ShardMerge.report(merged) + "\n", "", merged.contains(where: \.failed) ? 1 : 0)
    }

    private static func read(_ directory: String) throws -> [ShardResult] {
        try ShardMerge.read(directory: directory)
    }
}
