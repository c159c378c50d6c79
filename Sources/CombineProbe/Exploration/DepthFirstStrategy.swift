/// Every schedule, depth first (``ExplorationStrategyKind/depthFirst``).
///
/// The first schedule is the default order. After each run, the next
/// schedule keeps the run's choices up to the last choice point that has an
/// option left, takes that option there, and the default order after it.
/// The schedules are then the leaves of the tree of choices, left to right:
/// each runs once, and when the first choice point has no option left,
/// every schedule ran (the space was covered). Only the last run's choices
/// are kept, whatever the size of the space; the budget bounds the search.
///
/// A run that meets another number of options at a point than the run
/// before it did (the test is not deterministic) still ends: each next
/// schedule comes later in the order of the options than the one before.
struct DepthFirstStrategy: ExplorationStrategy {
    /// The choices of the last run, with the options it took.
    private var last: [ScheduleChoices.Point]?
    private var pending: SchedulePath? = .default
    private var truncated = false
    private var finished = false

    mutating func next() -> NextSchedule? {
        defer { pending = nil }
        return pending.map(NextSchedule.path)
    }

    var isExhausted: Bool {
        finished && !truncated
    }

    /// The schedules that differ from the last run at one of its points
    /// only, by an option above the one it took: each is the first of a
    /// subtree still to run.
    var knownRemaining: Int {
        guard !finished, let last else { return pending == nil ? 0 : 1 }
        return last.reduce(0) { $0 + max(0, $1.arity - 1 - $1.option) }
    }

    mutating func record(_ path: SchedulePath, points: [ScheduleChoices.Point], windowFull: Bool) {
        if windowFull { truncated = true }
        last = points
        // The last point with an option left, and the schedule that takes
        // it, with the run's own options before it.
        guard let point = points.indices.last(where: { points[$0].option + 1 < points[$0].arity }) else {
            finished = true
            return
        }
        var deviations: [SchedulePath.Deviation] = []
        for index in 0..<point where points[index].option > 0 {
            deviations.append(SchedulePath.Deviation(point: index, option: points[index].option))
        }
        deviations.append(SchedulePath.Deviation(point: point, option: points[point].option + 1))
        pending = SchedulePath(deviations: deviations)
    }
}
