#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The environment variables an exploration reads (``names``: its own
/// `COMBINEPROBE_…` and Bazel's `TEST_…` sharding variables), found in one
/// pass over the process's environment, where the C library exposes it
/// (Glibc, Musl); elsewhere each is read with `getenv` (see
/// `ScheduleExploration.environment`).
///
/// An exploration reads up to ten of them. With `getenv`, each read walks
/// the whole environment again: some 2,500 instructions an exploration, an
/// eighth of what exploring one schedule added to a small test (issue 43).
/// The pass compares each entry's bytes with the names, and makes a string
/// only for an entry it keeps: when it kept every variable of the two
/// prefixes, one unrelated `COMBINEPROBE_STRICT_XCTEST=1` cost each
/// exploration some 16,000 instructions (a string split at its `=` by
/// characters, a dictionary of strings hashed on every read), and Bazel,
/// which sets a dozen `TEST_…` variables, would have cost more.
enum ExplorationEnvironment {
    /// The variables an exploration reads, by name.
    static let names: [String] = [
        ScheduleExploration.replayVariable, ScheduleExploration.seedVariable, ScheduleExploration.replayCheckVariable,
        ScheduleExploration.strategyVariable, ScheduleExploration.pctDepthVariable, ScheduleExploration.shardVariable,
        ScheduleExploration.resultsVariable, "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE",
    ]

    /// ``names``, each followed by `=` (what an entry of the environment
    /// starts with when it sets one), one after the other, each ended by a
    /// zero byte; and where each starts in it, and how long it is: one
    /// buffer, read without a reference count change per entry.
    private static let entryPrefixes: (bytes: [CChar], spans: [(start: Int, count: Int)]) = {
        var bytes: [CChar] = []
        var spans: [(start: Int, count: Int)] = []
        for name in names {
            let prefix = Array((name + "=").utf8).map { CChar(bitPattern: $0) }
            spans.append((bytes.count, prefix.count))
            bytes += prefix + [0]
        }
        return (bytes, spans)
    }()

    /// The variables of the process's environment among ``names``, by name;
    /// nil where the environment cannot be walked here.
    static func current() -> [String: String]? {
        #if canImport(Glibc) || canImport(Musl)
        // `clearenv()` leaves no list at all.
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let list else { return [:] }
        return values(in: list)
        #else
        return nil
        #endif
    }

    /// The `NAME=value` entries of `entries`, a null-terminated list of C
    /// strings, whose names are among ``names``, by name.
    static func values(in entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var found: [String: String] = [:]
        let (bytes, spans) = entryPrefixes
        bytes.withUnsafeBufferPointer { prefixes in
            var index = 0
            while let entry = entries[index] {
                index += 1
                // Every name starts with `C` or `T`: most entries are passed
                // over at their first byte.
                let first = UInt8(bitPattern: entry[0])
                guard first == UInt8(ascii: "C") || first == UInt8(ascii: "T") else { continue }
                // `strncmp` stops at the entry's end, and passes over the
                // bytes the names share (`COMBINEPROBE_`) in a few
                // instructions.
                for (number, span) in spans.enumerated()
                where strncmp(entry, prefixes.baseAddress! + span.start, span.count) == 0 {
                    // The first entry of a name, as `getenv` reads it.
                    if found[names[number]] == nil { found[names[number]] = String(cString: entry + span.count) }
                    break
                }
            }
        }
        return found
    }

    /// Whether a variable named `name` is among those ``values(in:)``
    /// keeps.
    static func keeps(_ name: String) -> Bool {
        names.contains(name)
    }
}
