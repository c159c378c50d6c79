#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Names grouped in families that share a prefix up to their first `_`, as
/// C strings in one buffer made once and never changed: a pass over the
/// environment (`ExplorationEnvironment`) reads them without a reference
/// count change or a closure per entry (arrays lent to closures on each
/// pass cost some 700 instructions an exploration, half the pass).
///
/// ```swift
/// let table = EnvironmentPrefixTable(["COMBINEPROBE_SCHEDULE", "TEST_SHARD_INDEX"])
/// table.match(entry) // (1, the value's first byte) for "TEST_SHARD_INDEX=3"
/// ```
// @unchecked Sendable: its pointers lead to memory written once, in the
// initializer, before the table is shared, and only read after (a `static
// let`); it is never freed.
final class EnvironmentPrefixTable: @unchecked Sendable {
    /// Each family's prefix, then the rest of each of its names followed
    /// by `=` (what an entry of the environment starts with when it sets
    /// one), each ended by a zero byte.
    private let bytes: UnsafeMutablePointer<CChar>
    /// Per family: the offset of its prefix in `bytes`, its length, and
    /// the range of its names in `rests`.
    private let families: UnsafeMutablePointer<(prefix: Int, count: Int, first: Int, end: Int)>
    /// How many families `families` holds.
    private let familyCount: Int
    /// Per first byte of an entry: the one family whose prefix starts
    /// with it, -1 for none, -2 for several (each is tried). Most entries
    /// are passed over here, in a few instructions.
    private let familyByFirstByte: UnsafeMutablePointer<Int8>
    /// Per name: its number among the names, the offset of the rest of it
    /// in `bytes`, and the rest's length (with the `=`).
    private let rests: UnsafeMutablePointer<(number: Int, start: Int, count: Int)>

    init(_ names: [String]) {
        func prefix(of name: String) -> Substring {
            name[..<(name.firstIndex(of: "_").map { name.index(after: $0) } ?? name.endIndex)]
        }
        var bytes: [CChar] = []
        func append(_ text: String) -> (start: Int, count: Int) {
            let start = bytes.count
            bytes += text.utf8.map { CChar(bitPattern: $0) } + [0]
            return (start, bytes.count - 1 - start)
        }
        var families: [(prefix: Int, count: Int, first: Int, end: Int)] = []
        var rests: [(number: Int, start: Int, count: Int)] = []
        var prefixes: [Substring] = []
        for name in names where !prefixes.contains(prefix(of: name)) {
            let shared = prefix(of: name)
            prefixes.append(shared)
            let first = rests.count
            for (number, other) in names.enumerated() where prefix(of: other) == shared {
                let rest = append(String(other[shared.endIndex...]) + "=")
                rests.append((number, rest.start, rest.count))
            }
            let span = append(String(shared))
            families.append((span.start, span.count, first, rests.count))
        }
        self.bytes = .allocate(capacity: bytes.count)
        self.bytes.initialize(from: bytes, count: bytes.count)
        self.families = .allocate(capacity: families.count)
        self.families.initialize(from: families, count: families.count)
        familyCount = families.count
        familyByFirstByte = .allocate(capacity: 256)
        familyByFirstByte.initialize(repeating: -1, count: 256)
        for (number, family) in families.enumerated() {
            let first = Int(UInt8(bitPattern: bytes[family.prefix]))
            familyByFirstByte[first] = familyByFirstByte[first] == -1 ? Int8(number) : -2
        }
        self.rests = .allocate(capacity: max(rests.count, 1))
        self.rests.initialize(from: rests, count: rests.count)
    }

    /// The number of the name `entry` (`NAME=value`) sets, and where its
    /// value starts; nil when it sets none of them.
    @inline(__always)
    func match(_ entry: UnsafeMutablePointer<CChar>) -> (Int, UnsafeMutablePointer<CChar>)? {
        let family = Int(familyByFirstByte[Int(UInt8(bitPattern: entry[0]))])
        if family == -1 { return nil }
        if family >= 0 { return match(entry, in: family) }
        for family in 0..<familyCount {
            if let found = match(entry, in: family) { return found }
        }
        return nil
    }

    /// ``match(_:)`` in one family.
    private func match(_ entry: UnsafeMutablePointer<CChar>, in family: Int) -> (Int, UnsafeMutablePointer<CChar>)? {
        let (prefix, count, firstRest, end) = families[family]
        // `strncmp` stops at the entry's end.
        guard strncmp(entry, bytes + prefix, count) == 0 else { return nil }
        let rest = entry + count
        for index in firstRest..<end {
            let (number, start, length) = rests[index]
            if strncmp(rest, bytes + start, length) == 0 { return (number, rest + length) }
        }
        return nil
    }
}
