/// One schedule, given by its seed (`replaying:`, `COMBINEPROBE_SCHEDULE`):
/// the strategy of a replay. It hands out that schedule once, learns
/// nothing from its run, and claims no coverage (a replay's report says how
/// the replayed schedule ended, and whether it strayed from its seed).
struct ReplayStrategy: ExplorationStrategy {
    private var path: SchedulePath?

    init(_ path: SchedulePath) {
        self.path = path
    }

    mutating func next() -> NextSchedule? {
        defer { path = nil }
        return path.map(NextSchedule.path)
    }

    mutating func record(_ path: SchedulePath, points: [ScheduleChoices.Point], windowFull: Bool) {}

    var isExhausted: Bool { false }

    var knownRemaining: Int { 0 }
}
