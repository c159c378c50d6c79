import Foundation

/// One slice of an exploration's schedules, for running one exploration on
/// several machines: shard `index` of `count`, counted from 0.
///
/// The slices are subtrees: every shard runs the default schedule, to learn
/// its choice points (only shard 0 counts and reports it), and each
/// schedule with one deviation from it, taken in the order of its choice
/// points and options, belongs with all the schedules that extend it to
/// shard (its rank) mod `count`. The shards need no communication, each
/// runs deterministically, no two run the same schedule, and when each
/// covers its slice, together they run exactly the schedules of the
/// exploration unsharded. Each shard runs up to the exploration's budget
/// within its slice.
///
/// `COMBINEPROBE_EXPLORATION_SHARD=2/8` chooses shard 2 of 8; where it is
/// not set, Bazel's `TEST_SHARD_INDEX` and `TEST_TOTAL_SHARDS` do (see the
/// Finding order bugs guide).
public struct ExplorationShard: Sendable, Hashable, CustomStringConvertible {
    /// The shard's number, from 0 to `count - 1`.
    public let index: Int
    /// How many shards the exploration is split into: at least 1.
    public let count: Int

    /// Shard `index` of `count`, counted from 0; nil unless
    /// `0 <= index < count`.
    ///
    /// - parameter index: The shard's number, from 0.
    /// - parameter count: How many shards there are, at least 1.
    public init?(index: Int, of count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// The whole exploration: shard 0 of 1.
    public static let whole = ExplorationShard(uncheckedIndex: 0, of: 1)

    private init(uncheckedIndex index: Int, of count: Int) {
        self.index = index
        self.count = count
    }

    /// `2/8`, as `COMBINEPROBE_EXPLORATION_SHARD` takes it.
    public var description: String { "\(index)/\(count)" }

    /// Reads `i/n`; nil for anything else.
    static func parse(_ text: String) -> ExplorationShard? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        return ExplorationShard(index: index, of: count)
    }

    /// The shard the environment chooses, the Bazel status file to touch
    /// if Bazel's variables chose it, and why the environment chooses none
    /// when its variables are set wrong. `COMBINEPROBE_EXPLORATION_SHARD`
    /// first; then `TEST_TOTAL_SHARDS` with `TEST_SHARD_INDEX`.
    static func read(
        _ environment: (String) -> String?
    ) -> (shard: ExplorationShard, statusFile: String?, problem: String?) {
        let variable = ScheduleExploration.shardVariable
        if let text = environment(variable) {
            if let shard = parse(text) { return (shard, nil, nil) }
            let shown = text.isEmpty ? "set but empty" : "\"\(text)\""
            return (.whole, nil, "\(variable) is \(shown), which is not a shard, and nothing ran: a shard is i/n, "
                + "shard i of n counted from 0, with 0 <= i < n (\(variable)=0/8 … \(variable)=7/8). Set it to one, "
                + "or unset it to explore every schedule.")
        }
        guard let totalText = environment("TEST_TOTAL_SHARDS") else { return (.whole, nil, nil) }
        let indexText = environment("TEST_SHARD_INDEX")
        if let total = Int(totalText.trimmingCharacters(in: .whitespaces)), let indexText,
           let index = Int(indexText.trimmingCharacters(in: .whitespaces)),
           let shard = ExplorationShard(index: index, of: total) {
            return (shard, environment("TEST_SHARD_STATUS_FILE").flatMap { $0.isEmpty ? nil : $0 }, nil)
        }
        let index = indexText.map { "\"\($0)\"" } ?? "not set"
        return (.whole, nil, "TEST_TOTAL_SHARDS is \"\(totalText)\" and TEST_SHARD_INDEX is \(index), which is not "
            + "a shard, and nothing ran: Bazel sets TEST_TOTAL_SHARDS to n, at least 1, and TEST_SHARD_INDEX to a "
            + "number from 0 to n - 1. Set both, or neither to explore every schedule.")
    }

    /// Touches Bazel's `TEST_SHARD_STATUS_FILE`: a test runner that shards
    /// says so by touching it.
    static func touchStatusFile(_ path: String) {
        if FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        } else if !FileManager.default.createFile(atPath: path, contents: Data()) {
            FileHandle.standardError.write(Data(
                "CombineProbe: could not touch TEST_SHARD_STATUS_FILE (\(path)).\n".utf8))
        }
    }
}
