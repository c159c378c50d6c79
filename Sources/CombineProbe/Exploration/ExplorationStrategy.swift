/// How an exploration chooses the schedules it runs, one after the other.
///
/// The runner asks for a schedule (``next()``), runs the body under it, and
/// tells the strategy which choice points the run met (``record(_:points:windowFull:)``);
/// the strategy knows the schedules only through what the runs told it. A
/// strategy is deterministic: the same base seed and the same runs give the
/// same schedules, in the same order.
///
/// Strategies, one per file: ``FewestDeviationsFirstStrategy`` (the
/// default) and ``DepthFirstStrategy``. The user picks one by name
/// (``ExplorationStrategyKind``). ``ShardedStrategy`` wraps either, to run
/// one shard of its schedules (see ``ExplorationShard``).
protocol ExplorationStrategy {
    /// The next schedule to run, or nil when the strategy has no more.
    mutating func next() -> SchedulePath?

    /// Takes note of the points that `path` met when it ran, and whether a
    /// choice among actions due at one instant looked at fewer than there
    /// were (`windowFull`: some orders were not offered).
    mutating func record(_ path: SchedulePath, points: [ScheduleChoices.Point], windowFull: Bool)

    /// Whether every schedule the test can take ran: no schedule is left,
    /// and none was dropped or not offered.
    var isExhausted: Bool { get }

    /// How many schedules the strategy knows of and has not handed out: at
    /// least that many remain unexplored (more may come from the runs of
    /// those).
    var knownRemaining: Int { get }
}

/// The strategies an exploration can use, by name: pass one as
/// `strategy:`, or set `COMBINEPROBE_EXPLORATION_STRATEGY` to its name.
///
/// ```swift
/// let result = ScheduleExploration(schedules: 500, strategy: .depthFirst).run { _ in … }
/// ```
public enum ExplorationStrategyKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The default: schedules with fewer deviations from the default order
    /// run first, level by level, shuffled by the base seed within a level,
    /// and sampled when a level is larger than the budget. The first failing
    /// schedule is one with the fewest deviations that fail. Its name is
    /// `fewest-deviations-first`.
    case fewestDeviationsFirst = "fewest-deviations-first"

    /// Every schedule, depth first: the runs share the longest prefix of
    /// choices they can, and the last choice point that has an option left
    /// takes the next one (the way loom explores). It needs no memory but
    /// the last schedule's choices, and covers a small space in exactly as
    /// many schedules as it has; the base seed plays no part. The first
    /// failing schedule is not the simplest: it is the first in the order
    /// of the options. Its name is `depth-first`.
    case depthFirst = "depth-first"

    /// Its name, as `COMBINEPROBE_EXPLORATION_STRATEGY` takes it.
    public var description: String { rawValue }

    /// A new strategy of this kind.
    func make(seed: UInt64, budget: Int) -> any ExplorationStrategy {
        switch self {
        case .fewestDeviationsFirst: return FewestDeviationsFirstStrategy(seed: seed, budget: budget)
        case .depthFirst: return DepthFirstStrategy()
        }
    }
}
