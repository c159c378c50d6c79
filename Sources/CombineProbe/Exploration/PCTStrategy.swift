import Foundation

/// Random schedules with a stated chance of finding a bug of a given depth
/// (``ExplorationStrategyKind/pct``): PCT (Burckhardt, Kothari, Musuvathi
/// and Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees
/// of Finding Bugs", ASPLOS 2010), adapted to the choice points of the
/// virtual world.
///
/// ## What PCT does, and what is kept of it
///
/// PCT runs n threads by priority: the highest-priority enabled thread runs,
/// and at d − 1 change points, picked uniformly among the k steps of a run,
/// the running thread drops below the others. A bug of depth d (d ordering
/// constraints) is found with probability at least 1/(n·k^(d−1)) per run.
/// Those priorities need the identity of the thread behind each option of a
/// choice; a choice point here knows only how many options it has and what
/// kind (ready jobs, actions due at one instant, a latency's bounds), and
/// two of the three kinds are not threads at all. So this strategy keeps
/// PCT's shape and not its priorities: between change points a run follows
/// a fixed order (the default order, as PCT follows its priorities), and at
/// each change point it takes another option. Its depth is the number of
/// deviations from the default order of the schedules it aims at: the
/// depth the bug benchmark gives its bugs.
///
/// ## The schedules it draws
///
/// The first schedule is the default order; it meets k choice points, of
/// at most n options each. A PCT schedule leaves it at j change points,
/// 1 ≤ j ≤ d′ = min(d, k), among those k, taking at each an option from 1
/// to n − 1: there are w_j = C(k, j)·(n − 1)^j of them with j change points,
/// and N = Σ w_j in all, numbered 0..<N (``PCTSpace``). The later schedules
/// draw them in a random order, from the base seed: the one at place p is
/// number (a·p + b) mod N, where b is uniform in 0..<N and a is uniform
/// among the numbers below N prime to N (so the order is a permutation:
/// each is drawn once, and the strategy stops when all were). A change
/// point whose option o its point does not have (it met a < n options)
/// takes 1 + (o − 1) mod (a − 1) there, and one the run does not reach
/// takes nothing (``PCTPlan``); a draw whose first change point is of the
/// first kind is skipped without running, since that point is met as in
/// the default order: it would run the schedule of another draw, the one
/// with that option there.
///
/// Every draw is exact: uniform integers by rejection, never a modulo or a
/// float, assuming only that SplitMix64's outputs are uniform and
/// independent.
///
/// ## The guarantee
///
/// Take any schedule S that leaves the default order at m points
/// p_1 < … < p_m, 1 ≤ m ≤ d′, all below k, taking options o_i < n. It has a
/// number x among the N. Its place is a⁻¹·(x − b) mod N, uniform in 0..<N
/// whatever a is, since b is: any r places hold it with probability
/// exactly r/N. When it is drawn, it runs: it is not skipped (S's run meets
/// p_1 as the default order does, with o_1 among its options), and, by
/// induction on the points, the run meets each p_i as S's run does and
/// takes o_i there and the default elsewhere: it is S's run. So if such
/// an S fails, the r schedules after the default, which drew at least the
/// first r places, missed it with probability at most 1 − r/N; once all N
/// were drawn, every one of them ran. This is PCT's kind of bound (PCT
/// finds a bug of depth d with probability at least 1/(n·k^(d−1)) per run,
/// drawing with replacement), for depth counted in deviations from the
/// default order. It says nothing of a schedule that deviates more than d′
/// times, at a point past the default order's k, or with an option of n or
/// more. The report states it with the k, n, d′, N and r the exploration
/// met.
///
/// When N would not fit in 64 bits, d′ is lowered until it does, and the
/// report says so. Two draws can run the same schedule (an option
/// wrapped, a change point not reached); the report counts the distinct
/// ones. Shard i of n draws the
/// places i, i + n, …: the shards together draw the places of the unsharded
/// exploration, and each states the same bound for its own.
struct PCTStrategy: ExplorationStrategy {
    /// The depth asked for: the most deviations a schedule makes.
    let depth: Int
    private let seed: UInt64
    private let shard: ExplorationShard
    /// Fixes a and b (tests: every b, to check the bound exactly).
    private let order: (a: UInt64, b: UInt64)?
    /// Whether the default schedule was handed out.
    private var handedOutDefault = false
    /// k, n, d′, N, and the order of the draws, once the default ran.
    private(set) var space: PCTSpace?
    private var permutation: (a: UInt64, b: UInt64) = (1, 0)
    /// The options of the default order's points.
    private var defaultArities: [Int] = []
    /// The next place to draw, and how many this shard drew.
    private var place: UInt64
    private(set) var drawn: UInt64 = 0
    /// The draws that ran.
    private(set) var trials = 0
    /// The distinct schedules that ran.
    private var distinct: Set<SchedulePath> = []
    private var truncated = false

    init(seed: UInt64, depth: Int, shard: ExplorationShard = .whole, order: (a: UInt64, b: UInt64)? = nil) {
        self.seed = seed
        self.depth = max(1, depth)
        self.shard = shard
        self.order = order
        place = UInt64(shard.index)
    }

    mutating func next() -> NextSchedule? {
        guard handedOutDefault else {
            handedOutDefault = true
            return .path(.default)
        }
        guard let space else { return nil }
        while place < space.total {
            let number = space.permuted(place, permutation)
            place += UInt64(shard.count)
            drawn += 1
            let plan = space.plan(number)
            // Its first change point is met as in the default order.
            guard let first = plan.changes.keys.min(), plan.changes[first, default: 0] < defaultArities[first] else {
                continue
            }
            trials += 1
            return .plan(plan)
        }
        return nil
    }

    mutating func record(_ path: SchedulePath, points: [ScheduleChoices.Point], windowFull: Bool) {
        if windowFull { truncated = true }
        distinct.insert(path)
        if space == nil, path.deviations.isEmpty {
            let space = PCTSpace(points: points.count, options: points.map(\.arity).max() ?? 1, depth: depth)
            self.space = space
            defaultArities = points.map(\.arity)
            permutation = order ?? space.randomPermutation(seed: seed)
        }
    }

    /// Only when the default schedule met no choice: then it is the only
    /// schedule there is.
    var isExhausted: Bool { !truncated && space?.points == 0 }

    /// Unknown: a draw left may repeat a schedule that ran.
    var knownRemaining: Int { 0 }

    /// What the report says of the draws: see ``PCTGuarantee``.
    var pctGuarantee: PCTGuarantee? {
        space.map { space in
            PCTGuarantee(space: space, depth: depth, trials: trials, drawn: drawn, distinct: distinct.count,
                         share: space.total / UInt64(shard.count)
                            + (UInt64(shard.index) < space.total % UInt64(shard.count) ? 1 : 0))
        }
    }
}

/// The schedules a PCT exploration draws from: k, n, d′ and N (see
/// ``PCTStrategy``), fixed by the default schedule's run, and their
/// numbering.
struct PCTSpace: Sendable, Equatable {
    /// k: the choice points of the default order, where change points fall.
    let points: Int
    /// n: the most options of one of them.
    let options: Int
    /// d′: the most change points of a schedule.
    let depth: Int
    /// w_j = C(k, j)·(n − 1)^j, for j = 1…d′.
    let weights: [UInt64]
    /// N = Σ w_j.
    let total: UInt64

    init(points: Int, options: Int, depth asked: Int) {
        self.points = points
        self.options = max(options, 2)
        var depth = min(asked, points)
        var weights = Self.weights(points: points, options: self.options, depth: depth)
        while weights == nil, depth > 1 {
            depth -= 1
            weights = Self.weights(points: points, options: self.options, depth: depth)
        }
        self.depth = depth
        self.weights = weights ?? []
        total = self.weights.reduce(0, +)
    }

    /// w_1…w_depth, or nil when their sum does not fit in 64 bits.
    static func weights(points k: Int, options n: Int, depth: Int) -> [UInt64]? {
        guard depth >= 1 else { return [] }
        var weights: [UInt64] = []
        var sum: UInt64 = 0
        var power: UInt64 = 1 // (n − 1)^j
        for j in 1...depth {
            guard let binomial = binomial(k, j) else { return nil }
            let (raised, over1) = power.multipliedReportingOverflow(by: UInt64(n - 1))
            if over1 { return nil }
            power = raised
            let (weight, over2) = binomial.multipliedReportingOverflow(by: power)
            if over2 { return nil }
            let (added, over3) = sum.addingReportingOverflow(weight)
            if over3 { return nil }
            sum = added
            weights.append(weight)
        }
        return weights
    }

    /// C(n, k), or nil when it does not fit in 64 bits.
    static func binomial(_ n: Int, _ k: Int) -> UInt64? {
        guard k >= 0, k <= n else { return 0 }
        var result: UInt64 = 1
        for i in 0..<min(k, n - k) {
            // C(n, i + 1) = C(n, i)·(n − i)/(i + 1), exact in 128 bits.
            let wide = result.multipliedFullWidth(by: UInt64(n - i))
            guard wide.high < UInt64(i + 1) else { return nil }
            result = UInt64(i + 1).dividingFullWidth(wide).quotient
        }
        return result
    }

    /// a uniform among the numbers below N prime to N, b uniform below N.
    func randomPermutation(seed: UInt64) -> (a: UInt64, b: UInt64) {
        var random = SplitMix64(seed: seed)
        guard total > 1 else { return (1, 0) }
        var a: UInt64
        repeat { a = 1 + random.uniform(below: total - 1) } while Self.gcd(a, total) != 1
        return (a, random.uniform(below: total))
    }

    /// The number drawn at `place`: (a·place + b) mod N.
    func permuted(_ place: UInt64, _ permutation: (a: UInt64, b: UInt64)) -> UInt64 {
        let product = permutation.a.multipliedFullWidth(by: place % total)
        let scaled = total.dividingFullWidth(product).remainder
        let (sum, over) = scaled.addingReportingOverflow(permutation.b)
        return over || sum >= total ? sum &- total : sum
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The schedule numbered `number` (below N): first by j, then by the
    /// set of points (in lexicographic order), then by the options (the
    /// last point's option varying fastest).
    func plan(_ number: UInt64) -> PCTPlan {
        var rest = number
        var count = 1
        for weight in weights {
            if rest < weight { break }
            rest -= weight
            count += 1
        }
        let base = UInt64(options - 1)
        var power: UInt64 = 1
        for _ in 0..<count { power *= base }
        var setRank = rest / power
        var optionsRank = rest % power
        // The set of rank setRank among the count-sets of 0..<k.
        var chosen: [Int] = []
        var candidate = 0
        while chosen.count < count {
            let following = Self.binomial(points - candidate - 1, count - chosen.count - 1) ?? UInt64.max
            if setRank < following {
                chosen.append(candidate)
            } else {
                setRank -= following
            }
            candidate += 1
        }
        var changes: [Int: Int] = [:]
        for point in chosen.reversed() {
            changes[point] = 1 + Int(optionsRank % base)
            optionsRank /= base
        }
        return PCTPlan(changes: changes)
    }
}

/// The change points of one PCT schedule, and the option at each (see
/// ``PCTStrategy``).
struct PCTPlan: Sendable, Hashable {
    /// The option at each change point, from 1.
    let changes: [Int: Int]

    /// The option at `point`, among `arity`: 0 away from the change
    /// points; at one, its option o if the point has it, and otherwise
    /// 1 + (o − 1) mod (arity − 1), so that every change point met leaves
    /// the default order.
    func option(at point: Int, arity: Int) -> Int {
        guard arity > 1, let option = changes[point] else { return 0 }
        return 1 + (option - 1) % (arity - 1)
    }
}

/// What a PCT exploration that found no failure can claim, in the
/// report's words.
struct PCTGuarantee: Sendable, Equatable {
    let space: PCTSpace
    /// The depth asked for.
    let depth: Int
    /// The draws that ran (every schedule but the default), and the places
    /// drawn (those and the skipped).
    let trials: Int
    let drawn: UInt64
    /// The distinct schedules that ran, the default among them.
    let distinct: Int
    /// The places of this shard (all N unsharded).
    let share: UInt64

    /// r/N as a percentage, rounded down: at least that.
    var chanceWords: String {
        let r = UInt64(trials)
        let tenths = r >= space.total ? 1000 : r.multipliedFullWidth(by: 1000).low / space.total
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The sentences the report adds after "N schedules passed".
    var words: String {
        let k = space.points, n = space.options, d = space.depth
        var depthNote = ""
        if d < depth {
            depthNote = k < depth
                ? " (depth \(depth), but only \(k) point\(k == 1 ? "" : "s"))"
                : " (depth \(depth) lowered to \(d): more would not fit in 64 bits)"
        }
        let range = d == 1 ? "1" : "1 to \(d)"
        let total = space.total
        var text = "Strategy: pct, depth \(depth). The default order met k = \(k) choice point\(k == 1 ? "" : "s") of at "
            + "most n = \(n) options; N = \(total) \(total == 1 ? "schedule leaves" : "schedules leave") it at \(range) of "
            + "them, taking an option below n\(depthNote), drawn in a random order. "
        let after = trials == 1 ? "The 1 schedule after it" : "The \(trials) schedules after it"
        let skips = drawn - UInt64(trials)
        let skipped = skips == 0 ? "" : " (\(skips) skipped: \(skips == 1 ? "its" : "their") first change point had "
            + "fewer options)"
        if drawn >= share {
            text += share == total
                ? (total == 1 ? "\(after) drew it: it ran." : "\(after) drew all \(total)\(skipped): each of them ran.")
                : "\(after) drew all \(share) of this shard\(skipped): each of those ran."
        } else {
            text += "\(after) each drew one: any one of them ran with probability at least \(trials)/\(total) "
                + "(\(chanceWords))."
        }
        return text
    }
}

extension SplitMix64 {
    /// A number in `0..<bound` (bound above 0), exactly uniform if the
    /// generator's outputs are: Lemire's multiply-shift, rejecting the
    /// low products that would bias it.
    mutating func uniform(below bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        let threshold = (0 &- bound) % bound // 2^64 mod bound
        while true {
            let product = next().multipliedFullWidth(by: bound)
            if product.low >= threshold { return product.high }
        }
    }
}
