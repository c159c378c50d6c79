/// The default strategy (``ExplorationStrategyKind/fewestDeviationsFirst``):
/// chooses which schedules to run, and in which order, fewest deviations
/// first.
///
/// The first schedule is the default order. Each schedule that runs tells
/// the planner its choice points (``record(_:points:)``); its children are
/// the schedules that follow it up to one of its later points, and take
/// another option there. Every schedule of the test is the child of exactly
/// one other, so the search never runs one twice, and it is complete: once
/// no child is left, every schedule the test can take has run (the space
/// was covered).
///
/// Schedules run by levels, by their number of deviations: all those with
/// one deviation before any with two, and so on. The first failing schedule
/// is then one with the fewest deviations that fail: every schedule with
/// fewer ran and passed, which is what shrinking would look for. Within a
/// level, the base seed shuffles the order; when the budget ends inside a
/// level, the schedules run are a seeded random sample of it.
///
/// A level keeps at most `frontierLimit` schedules waiting: past it, a new
/// one replaces a random one (reservoir sampling), and the search no longer
/// claims to be complete.
struct FewestDeviationsFirstStrategy: ExplorationStrategy {
    /// Whether the default order waits to run: it is the first schedule,
    /// and the only one of level 0. Kept apart from `levels`, which start
    /// empty: an exploration whose default order meets no choice point —
    /// the test has one schedule — makes no array at all (three
    /// allocations, some 700 instructions of a one-schedule exploration).
    private var defaultWaits = true
    /// The schedules waiting, by level: their number of deviations.
    private var levels: [[SchedulePath]] = []
    /// How many schedules were offered to each level, kept or dropped.
    private var seen: [Int] = []
    /// The schedules handed out by ``next()``.
    private var handedOut = 0
    private var random: SplitMix64
    private let frontierLimit: Int
    /// Whether some schedule was dropped from a full level, or not offered
    /// by a choice (see `ActionQueue.tieWindow`).
    private(set) var truncated = false

    init(seed: UInt64, budget: Int) {
        random = SplitMix64(seed: seed)
        frontierLimit = max(1024, budget * 16)
    }

    /// The next schedule to run, or nil when every schedule ran.
    mutating func next() -> NextSchedule? {
        if defaultWaits {
            // A level of one: no draw of the generator.
            defaultWaits = false
            handedOut += 1
            return .path(.default)
        }
        guard let level = levels.firstIndex(where: { !$0.isEmpty }) else { return nil }
        handedOut += 1
        let index = Int(random.next(below: UInt64(levels[level].count)))
        levels[level].swapAt(index, levels[level].count - 1)
        return .path(levels[level].removeLast())
    }

    /// Whether every schedule ran.
    var isExhausted: Bool {
        !truncated && !defaultWaits && levels.allSatisfy { $0.isEmpty }
    }

    /// The schedules known and not handed out yet: the default, and every
    /// schedule offered to a level, kept or dropped, less those handed out.
    var knownRemaining: Int {
        1 + seen.reduce(0, +) - handedOut
    }

    /// Takes note of the points that `path` met when it ran: its children
    /// wait for their turn.
    mutating func record(_ path: SchedulePath, points: [ScheduleChoices.Point], windowFull: Bool) {
        if windowFull { truncated = true }
        let level = path.deviations.count + 1
        guard path.lastPoint + 1 < points.count else { return }
        while levels.count <= level {
            levels.append([])
            seen.append(0)
        }
        for point in (path.lastPoint + 1)..<points.count {
            for option in 1..<max(points[point].arity, 1) {
                add(to: level) { path.adding(point: point, option: option) }
            }
        }
    }

    /// Offers the schedule `make` makes to `level`; makes it only if the
    /// level keeps it.
    private mutating func add(to level: Int, _ make: () -> SchedulePath) {
        seen[level] += 1
        if levels[level].count < frontierLimit {
            levels[level].append(make())
            return
        }
        truncated = true
        // Reservoir sampling: each schedule offered to the level stays with
        // the same chance.
        let slot = Int(random.next(below: UInt64(seen[level])))
        if slot < frontierLimit { levels[level][slot] = make() }
    }
}
