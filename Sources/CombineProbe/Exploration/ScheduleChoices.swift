/// The choices of one explored schedule: at each point where the virtual
/// world could run one of several things first, it asks this object which.
///
/// A choice point has `arity` options, numbered in the world's default
/// order: option 0 is what the world does when nothing is explored (the
/// first-scheduled action, the first-enqueued job, the lower bound of a
/// latency). A schedule is the list of points where it takes another
/// option: its deviations (see ``SchedulePath``). Points are numbered in the
/// order they are met, so the same test with the same deviations meets the
/// same points and makes the same choices: that is what makes a schedule
/// replay.
///
/// The virtual schedulers, executors and doubles made while a schedule runs
/// find it in ``current``, a task-local value, and keep it. Choices may come
/// from any thread: they are counted under a lock.
final class ScheduleChoices: JoiningWorld {
    /// What a choice point chooses among: typed, so that a replay that meets
    /// another kind of choice where its schedule had one says so.
    enum Kind: Sendable, Equatable {
        /// Actions due at one instant (see `ActionQueue`).
        case tiedActions
        /// The ready jobs of a virtual executor.
        case readyJobs
        /// The lower or the upper bound of a double's latency.
        case latency

        /// "3 actions due at one instant", for a point with `arity` options.
        func describe(_ arity: Int) -> String {
            switch self {
            case .tiedActions: return "\(arity) actions due at one instant"
            case .readyJobs: return "\(arity) ready jobs of the virtual executor"
            case .latency: return "the 2 bounds of a latency"
            }
        }
    }

    /// One choice point met while the schedule ran.
    struct Point: Sendable, Equatable {
        /// How many options it had (2 or more).
        let arity: Int
        /// The option taken.
        let option: Int
        /// What it chose among.
        let kind: Kind
    }

    private struct State {
        var points: [Point] = []
        /// What the deviations did, in words, by point number: written
        /// when a report asks.
        var descriptions: [Int: @Sendable () -> String] = [:]
        /// A forced option that the point could not take (fewer options
        /// than when the schedule was recorded): the test is not
        /// deterministic.
        var mismatch: String?
        /// Whether more actions were due at one instant than a choice looks
        /// at (see `ActionQueue.tieWindow`).
        var windowFull = false
        /// Whether the schedule's run ended: an object made while it ran
        /// and kept after it (in a property, for the next schedule) no
        /// longer chooses.
        var closed = false
        /// The jobs that reached a virtual executor of the schedule from
        /// code that does not run in it (see `UncontrolledArrivals.swift`),
        /// and how many choice points had been met when the first came.
        var uncontrolledArrivals = 0
        var firstUncontrolledAfter: Int?
        /// Whether new tasks started back to back were split by the hold
        /// limit of real time (see ``disturbedByTime``).
        var disturbedByTime = false
        /// The world the tasks the schedule's code starts join (see
        /// ``joiningWorld``).
        var joining = JoiningSlot()
    }

    /// The schedule's forced options, by point number.
    let path: SchedulePath
    /// The options a PCT schedule takes at its change points, chosen when
    /// the run meets them (see ``PCTStrategy``): nil for a schedule given
    /// as a path. Its points take no option from `path`.
    let plan: PCTPlan?
    /// The points the same schedule met when it ran before, when this run
    /// replays a schedule just run: each point met now is compared with
    /// its own, and the first that differs (another kind, another number
    /// of options) or a different count says the run did not replay.
    let expected: [Point]?
    /// What the exploration reorders.
    let orders: ExploredOrders
    private let state: Locked<State>
    /// The world that the tasks the schedule's code starts join: the first
    /// virtual world made in the schedule. The choices keep it themselves,
    /// under their lock (see ``withJoiningSlot(_:)``).
    var joiningWorld: ScheduleChoices { self }

    /// The schedule of the code running on this task, while a schedule is
    /// explored.
    @TaskLocal static var current: ScheduleChoices?

    /// The explored schedule that work on `scheduler` follows, for a double
    /// made now: a virtual scheduler's own (the one it was made in, or none
    /// if it was made outside an exploration); for another scheduler, the
    /// schedule being explored now, if any. A double or a scheduler made
    /// outside the body offers no choice: it would carry its state from one
    /// schedule into the next.
    static func of<S: Scheduler>(_ scheduler: S) -> ScheduleChoices? {
        if let choosing = scheduler as? any ScheduleChoosing { return choosing.scheduleChoices }
        return current
    }

    /// - parameter room: How many choice points to make room for at once:
    ///   as many as the exploration's previous schedule met, so that the
    ///   list of points does not grow one reallocation after another in
    ///   each schedule.
    init(
        path: SchedulePath, orders: ExploredOrders = .default, expected: [Point]? = nil, plan: PCTPlan? = nil,
        room: Int = 0
    ) {
        self.path = path
        self.plan = plan
        self.orders = orders
        self.expected = expected
        var initial = State()
        if room > 0 { initial.points.reserveCapacity(room) }
        state = Locked(initial)
    }

    /// Chooses one of `arity` options (numbered in the default order) at
    /// the next choice point. `describe` tells what taking an option other
    /// than 0 means, for a report: called only for those, it returns a
    /// closure that writes the words when a report needs them (a schedule
    /// that passes never does).
    func choose(_ arity: Int, kind: Kind, describe: (Int) -> @Sendable () -> String) -> Int {
        guard arity > 1 else { return 0 }
        let (number, option) = state.withLock { state -> (Int, Int) in
            guard !state.closed else { return (-1, 0) }
            let number = state.points.count
            // A plan's option fits the point's arity by construction.
            var option = plan.map { $0.option(at: number, arity: arity) } ?? path.option(at: number)
            if option >= arity {
                if state.mismatch == nil {
                    state.mismatch = "choice \(number) had \(arity) options this time, and the schedule takes option \(option)"
                }
                option = 0
            }
            if state.mismatch == nil, let expected, number < expected.count,
               expected[number].kind != kind || expected[number].arity != arity {
                state.mismatch = "choice \(number) was among \(expected[number].kind.describe(expected[number].arity)) "
                    + "when the schedule was found, and among \(kind.describe(arity)) in this run"
            }
            state.points.append(Point(arity: arity, option: option, kind: kind))
            return (number, option)
        }
        if option != 0 {
            let text = describe(option)
            state.withLock { $0.descriptions[number] = text }
        }
        return option
    }

    /// Runs `body` on the slot of the world the schedule's tasks join,
    /// under the choices' lock (see `JoiningWorld`).
    func withJoiningSlot<Result>(_ body: (inout JoiningSlot) -> Result) -> Result {
        state.withLock { body(&$0.joining) }
    }

    /// Notes that more actions were due at one instant than a choice looks
    /// at: some orders of them were not offered.
    func noteWindowFull() {
        state.withLock { $0.windowFull = true }
    }

    /// Whether some choice did not offer every order (see
    /// ``noteWindowFull()``).
    var windowFull: Bool { state.withLock { $0.windowFull } }

    /// The choice points met so far, in order.
    var points: [Point] { state.withLock { $0.points } }

    /// The schedule the run took, as the options taken so far: its
    /// `path` when it followed it, and for a PCT plan, the options the
    /// plan chose at the points met.
    var realizedPath: SchedulePath {
        let points = self.points
        return SchedulePath(deviations: points.indices.compactMap { index in
            points[index].option > 0 ? SchedulePath.Deviation(point: index, option: points[index].option) : nil
        })
    }

    /// What each deviation did, in the order of the points.
    var deviations: [String] {
        let writers = state.withLock { state in state.descriptions.sorted { $0.key < $1.key }.map(\.value) }
        return writers.map { $0() }
    }

    /// Notes that a new task reached a virtual executor of the schedule
    /// while tasks started before it had been released by the hold limit
    /// of real time, not by a step: the thread that starts them stalled
    /// (a loaded machine), and they did not run as one ready set.
    func noteDisturbedByTime() {
        state.withLock { state in
            if !state.closed { state.disturbedByTime = true }
        }
    }

    /// Whether the run was disturbed by real time (see
    /// ``noteDisturbedByTime()``): its choices may not be the schedule's
    /// own, and the exploration runs it again.
    var disturbedByTime: Bool { state.withLock { $0.disturbedByTime } }

    /// Notes a job that reached a virtual executor of the schedule from
    /// code that does not run in it; nothing once the run ended.
    func noteUncontrolledArrival() {
        state.withLock { state in
            guard !state.closed else { return }
            state.uncontrolledArrivals += 1
            if state.firstUncontrolledAfter == nil { state.firstUncontrolledAfter = state.points.count }
        }
    }

    /// How many jobs reached the world from outside the schedule's control,
    /// and how many choice points had been met when the first came; nil if
    /// none did.
    var uncontrolledArrivals: (count: Int, firstAfter: Int)? {
        state.withLock { state in
            state.firstUncontrolledAfter.map { (state.uncontrolledArrivals, $0) }
        }
    }

    /// Ends the schedule's run: from now on, every choice takes the default
    /// option, unrecorded.
    func close() {
        state.withLock { $0.closed = true }
    }

    /// Why the schedule could not be followed exactly, if it could not: a
    /// forced option that its point did not have, or a deviation at a point
    /// that the run never met.
    var mismatch: String? {
        state.withLock { state in
            if let mismatch = state.mismatch { return mismatch }
            let met = state.points.count
            if let expected, expected.count != met {
                return "the schedule met \(expected.count) choice\(expected.count == 1 ? "" : "s") when it was found, "
                    + "and \(met) in this run"
            }
            guard let unmet = path.deviations.first(where: { $0.point >= met }) else { return nil }
            return "the schedule takes option \(unmet.option) at choice \(unmet.point), and the test met "
                + (met == 0 ? "no choice" : met == 1 ? "1 choice (choice 0)" : "\(met) choices (0 to \(met - 1))")
        }
    }
}
