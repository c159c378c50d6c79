/// A strategy that runs one shard's slice of another's schedules (see
/// ``ExplorationShard``): a wrapper, like the replay checker, around any
/// strategy.
///
/// The slice is a set of subtrees. The default schedule runs first, in
/// every shard: its choice points give the schedules with one deviation,
/// ranked in the order of their points, then of their options, and each
/// belongs, with every schedule that extends it (all those whose first
/// deviation is its deviation), to shard (its rank) mod n. The wrapper
/// hands out what the inner strategy offers in its shard, and for one of
/// another shard tells the inner strategy that it ran and met no choice
/// point after its deviation: a schedule's descendants differ from it only
/// after its last deviation, so the inner strategy never offers them. The
/// inner strategy decides the order, the budget bounds the shard's own
/// schedules, and the shards never talk: each is as deterministic as the
/// inner strategy.
struct ShardedStrategy: ExplorationStrategy {
    private var inner: any ExplorationStrategy
    let shard: ExplorationShard
    /// The choice points of the default schedule, once it ran.
    private var defaultPoints: [ScheduleChoices.Point]?
    /// The rank of the first schedule with one deviation at each point of
    /// the default schedule, and their total count last.
    private var offsets: [Int] = []
    /// The schedules with one deviation that belong to other shards and
    /// were not skipped yet: the inner strategy counts them as remaining.
    private var othersLeft = 0

    init(_ inner: any ExplorationStrategy, shard: ExplorationShard) {
        self.inner = inner
        self.shard = shard
    }

    /// The shard a schedule whose first deviation is `first` belongs to.
    func owner(of first: SchedulePath.Deviation) -> Int {
        let known = offsets.count - 1
        let rank = first.point < known
            ? offsets[first.point] + first.option - 1
            // Past the default's points (the test is not deterministic):
            // any rule that every shard applies alike.
            : (offsets.last ?? 0) + (first.point - max(known, 0)) + first.option - 1
        return rank % shard.count
    }

    mutating func next() -> NextSchedule? {
        while let schedule = inner.next() {
            // A plan is drawn, not listed: PCT shards its own trials.
            guard case let .path(path) = schedule else { return schedule }
            guard let first = path.deviations.first, defaultPoints != nil else { return schedule }
            if owner(of: first) == shard.index { return schedule }
            inner.record(path, points: pointsUpToLastDeviation(of: path), windowFull: false)
            if path.deviations.count == 1, first.point < offsets.count - 1 { othersLeft -= 1 }
        }
        return nil
    }

    /// The points `path` meets up to its last deviation, as the default
    /// schedule's points give them.
    private func pointsUpToLastDeviation(of path: SchedulePath) -> [ScheduleChoices.Point] {
        let known = defaultPoints ?? []
        var points: [ScheduleChoices.Point] = []
        for index in 0...max(path.lastPoint, 0) {
            // Past the default's points (the test is not deterministic),
            // the last of them stands for the others.
            guard let model = index < known.count ? known[index] : known.last else { break }
            let option = path.option(at: index)
            points.append(ScheduleChoices.Point(arity: max(model.arity, option + 1), option: option, kind: model.kind))
        }
        return points
    }

    mutating func record(_ path: SchedulePath, points: [ScheduleChoices.Point], windowFull: Bool) {
        if defaultPoints == nil, path.deviations.isEmpty {
            defaultPoints = points
            offsets = [0]
            for point in points { offsets.append(offsets[offsets.count - 1] + max(point.arity - 1, 0)) }
            othersLeft = (0..<(offsets.last ?? 0)).filter { $0 % shard.count != shard.index }.count
        }
        inner.record(path, points: points, windowFull: windowFull)
    }

    var isExhausted: Bool { inner.isExhausted }

    /// The inner strategy's, less the schedules of other shards it still
    /// counts.
    var knownRemaining: Int { max(0, inner.knownRemaining - othersLeft) }
}
