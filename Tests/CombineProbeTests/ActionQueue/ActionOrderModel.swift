/// The reference the action-order property checks the ``VirtualScheduler``
/// against: the scheduler's rules, written the plainest way, over a sorted
/// array of pending actions.
struct ActionOrderModel {
    /// What an action does when it runs, besides logging its identifier.
    enum Effect {
        case none
        /// Schedules the action `id` at `offset` nanoseconds from the time
        /// it runs (before it when negative).
        case schedule(id: Int, offset: Int64)
        /// Cancels the schedule `id`.
        case cancel(id: Int)
    }

    struct Pending {
        let due: Int64
        let sequence: Int
        let id: Int
        /// 0 for a one-shot action.
        let interval: Int64
        let effect: Effect
    }

    /// Sorted by due time, then sequence.
    private(set) var pending: [Pending] = []
    private(set) var now: Int64 = 0
    private(set) var log: [Int] = []
    private var nextSequence = 0

    /// Whether a repeating schedule is pending.
    var repeats: Bool { pending.contains { $0.interval > 0 } }

    mutating func schedule(id: Int, at due: Int64, interval: Int64 = 0, effect: Effect = .none) {
        nextSequence += 1
        insert(Pending(due: due, sequence: nextSequence, id: id, interval: interval, effect: effect))
    }

    mutating func cancel(id: Int) {
        pending.removeAll { $0.id == id }
    }

    /// Runs every action due at or before `limit`, then moves the clock to
    /// `limit` (when `moving`: `run()` leaves it at the last action).
    mutating func advance(to limit: Int64, moving: Bool = true) {
        while let first = pending.first, first.due <= limit {
            pending.removeFirst()
            now = max(now, first.due)
            if first.interval > 0 {
                // The next run on the grid of the first, after now: a late
                // run skips the runs it missed. It ends at the end of time.
                let next = Self.nextRun(due: first.due, interval: first.interval, after: now)
                if let next {
                    insert(Pending(due: next, sequence: first.sequence, id: first.id, interval: first.interval, effect: first.effect))
                }
            }
            log.append(first.id)
            switch first.effect {
            case .none: break
            case let .schedule(id, offset): schedule(id: id, at: Self.clampedSum(now, offset))
            case let .cancel(id): cancel(id: id)
            }
        }
        if moving { now = max(now, limit) }
    }

    /// The first of `due + k * interval` (k ≥ 1) after `now`; nil past the
    /// largest time.
    static func nextRun(due: Int64, interval: Int64, after now: Int64) -> Int64? {
        let distance = Double(now) - Double(due)
        var k = max(Int64(1), distance < 0 ? 1 : Int64(min(distance / Double(interval), 9e18)))
        while true {
            let (step, stepOverflow) = k.multipliedReportingOverflow(by: interval)
            let (next, overflow) = due.addingReportingOverflow(step)
            if stepOverflow || overflow {
                // Clamped to the largest time, where it cannot run again.
                return now < .max ? .max : nil
            }
            if next > now {
                // The estimate may overshoot by a rounding: step back.
                if k > 1, due + (k - 1) * interval > now { k -= 1; continue }
                return next
            }
            k += 1
        }
    }

    static func clampedSum(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? (rhs > 0 ? .max : .min) : sum
    }

    private mutating func insert(_ item: Pending) {
        let index = pending.firstIndex { ($0.due, $0.sequence) > (item.due, item.sequence) } ?? pending.count
        pending.insert(item, at: index)
    }
}
