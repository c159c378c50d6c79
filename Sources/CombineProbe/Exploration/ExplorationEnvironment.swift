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
/// The pass looks at each entry's first byte, compares an entry that
/// starts like a name with the names' shared prefix, then with the rest of
/// the names of that prefix, and makes a string only for an entry it keeps
/// (see `EnvironmentPrefixTable`). Comparing each entry that starts with
/// `C` or `T` with all ten names cost some 3,000 instructions an
/// exploration where six unrelated ones were set (`TERM`, `CI_…`), a fifth
/// of what exploring one schedule added to a small test. When it kept every
/// variable of the two prefixes, one unrelated
/// `COMBINEPROBE_STRICT_XCTEST=1` cost each exploration some 16,000
/// instructions (a string split at its `=` by characters, a dictionary of
/// strings hashed on every read), and Bazel, which sets a dozen `TEST_…`
/// variables, would have cost more.
enum ExplorationEnvironment {
    /// The variables an exploration reads, by name.
    static let names: [String] = [
        ScheduleExploration.replayVariable, ScheduleExploration.seedVariable, ScheduleExploration.replayCheckVariable,
        ScheduleExploration.strategyVariable, ScheduleExploration.pctDepthVariable, ScheduleExploration.shardVariable,
        ScheduleExploration.resultsVariable, "TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE",
    ]

    /// ``names`` in families that share a prefix up to their first `_`
    /// (`COMBINEPROBE_`, `TEST_`): an entry is compared with a family's
    /// prefix once, and with the rest of its names only when that prefix
    /// matches, so an unrelated entry that starts like one (`TERM`, `CI`)
    /// costs one comparison, not one per name.
    private static let table = EnvironmentPrefixTable(names)

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
        let table = table
        var next = entries
        while let entry = next.pointee {
            next += 1
            // Most entries start with a byte no name starts with: `match`
            // passes over each in a few instructions.
            guard let (number, value) = table.match(entry) else { continue }
            // The first entry of a name, as `getenv` reads it.
            if found[names[number]] == nil { found[names[number]] = String(cString: value) }
        }
        return found
    }

    /// Whether a variable named `name` is among those ``values(in:)``
    /// keeps.
    static func keeps(_ name: String) -> Bool {
        names.contains(name)
    }
}
