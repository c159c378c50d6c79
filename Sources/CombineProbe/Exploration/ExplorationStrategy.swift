/// How an exploration chooses the schedules it runs, one after the other.
///
/// The runner asks for a schedule (``next()``), runs the body under it, and
/// tells the strategy which choice points the run met (``record(_:points:windowFull:)``);
/// the strategy knows the schedules only through what the runs told it. A
/// strategy is deterministic: the same base seed and the same runs give the
/// same schedules, in the same order.
///
/// Strategies, one per file: ``FewestDeviationsFirstStrategy`` (the
/// default), ``DepthFirstStrategy`` and ``PCTStrategy``. The user picks one
/// by name (``ExplorationStrategyKind``). ``ShardedStrategy`` wraps the
/// first two, to run one shard of their schedules (see
/// ``ExplorationShard``); PCT shards its trials itself. A replay runs
/// ``ReplayStrategy``: its one schedule. The replay checker wraps whichever
/// runs (see ``ScheduleAttempts``).
protocol ExplorationStrategy {
    /// The next schedule to run, or nil when the strategy has no more.
    mutating func next() -> NextSchedule?

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
    /// What a PCT strategy guarantees for the runs it made (see
    /// ``PCTStrategy``); nil for the others. A requirement rather than a
    /// cast of the strategy to `PCTStrategy`, which cost every exploration
    /// a dynamic cast of an existential.
    var pctGuarantee: PCTGuarantee? { get }
}

extension ExplorationStrategy {
    var pctGuarantee: PCTGuarantee? { nil }
}

/// A schedule a strategy hands out: a path of deviations, fixed before the
/// run, or a PCT plan, whose options are drawn as the run meets its points
/// (the schedule it took is known after the run).
enum NextSchedule: Sendable, Hashable {
    case path(SchedulePath)
    case plan(PCTPlan)
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

    /// Random schedules with a stated chance of finding a bug of a given
    /// depth: PCT (Burckhardt et al., ASPLOS 2010), adapted to the choice
    /// points of the virtual world. After the default order, which meets k
    /// choice points of at most n options, each schedule leaves the default
    /// order at 1 to d of those points, drawn from the base seed, where d is
    /// the exploration's ``ScheduleExploration/pctDepth`` (3 unless
    /// `pctDepth:` or `COMBINEPROBE_EXPLORATION_PCT_DEPTH` says otherwise).
    /// Each takes any one schedule of 1 to d deviations among those points
    /// with probability at least 1/N, where N is the number of such
    /// schedules, and the report says so with the k, n, d and N it met.
    /// Schedules may repeat; the space is never said to be covered unless
    /// the default order met no choice. Its name is `pct`.
    case pct = "pct"

    /// Its name, as `COMBINEPROBE_EXPLORATION_STRATEGY` takes it.
    public var description: String { rawValue }

    /// A new strategy of this kind, for `shard` of the schedules: a
    /// path strategy wrapped in ``ShardedStrategy``, PCT sharding its own
    /// trials.
    func make(seed: UInt64, budget: Int, pctDepth: Int, shard: ExplorationShard) -> any ExplorationStrategy {
        let inner: any ExplorationStrategy
        switch self {
        case .fewestDeviationsFirst: inner = FewestDeviationsFirstStrategy(seed: seed, budget: budget)
        case .depthFirst: inner = DepthFirstStrategy()
        case .pct: return PCTStrategy(seed: seed, depth: pctDepth, shard: shard)
        }
        return shard.count > 1 ? ShardedStrategy(inner, shard: shard) : inner
    }
}
