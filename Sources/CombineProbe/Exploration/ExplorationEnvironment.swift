#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The environment variables an exploration reads — `COMBINEPROBE_…` and
/// Bazel's `TEST_…` — found in one pass over the process's environment,
/// where the C library exposes it (Glibc, Musl); elsewhere each is read
/// with `getenv` (see `ScheduleExploration.environment`).
///
/// An exploration reads up to ten of them. With `getenv`, each read walks
/// the whole environment again: some 2,500 instructions an exploration, an
/// eighth of what exploring one schedule added to a small test (issue 43).
/// One pass that keeps only the two prefixes costs under a thousand.
enum ExplorationEnvironment {
    /// The prefixes of the variables kept.
    static let prefixes: [[UInt8]] = [Array("COMBINEPROBE_".utf8), Array("TEST_".utf8)]

    /// The variables of the process's environment whose names start with
    /// one of ``prefixes``, by name; nil where the environment cannot be
    /// walked here.
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
    /// strings, whose names start with one of ``prefixes``, by name.
    static func values(in entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var found: [String: String] = [:]
        var index = 0
        while let entry = entries[index] {
            index += 1
            // Most entries differ from both prefixes at their first byte.
            let first = UInt8(bitPattern: entry[0])
            guard first == UInt8(ascii: "C") || first == UInt8(ascii: "T"),
                  prefixes.contains(where: { starts(entry, with: $0) }) else { continue }
            let text = String(cString: entry)
            guard let equals = text.firstIndex(of: "=") else { continue }
            found[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return found
    }

    /// Whether a variable named `name` is among those ``values(in:)``
    /// keeps.
    static func keeps(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            prefixes.contains { prefix in bytes.count >= prefix.count && bytes.starts(with: prefix) }
        }
    }

    /// Whether the C string `entry` starts with `prefix`.
    private static func starts(_ entry: UnsafeMutablePointer<CChar>, with prefix: [UInt8]) -> Bool {
        for (offset, byte) in prefix.enumerated() where UInt8(bitPattern: entry[offset]) != byte {
            return false
        }
        return true
    }
}
