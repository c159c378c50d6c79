/// The world that the new tasks of a scope join: the first virtual world
/// made in the scope (a scheduler's), held weakly (the world ends with its
/// scheduler), and its executor once made (see ``JoiningSlot``). A scope
/// whose settings say `joinsTasks` has one (``ScopeJoiningWorld``), and so
/// has each schedule of an exploration: its `ScheduleChoices`, which keep
/// the slot under their own lock, so that a schedule makes no object and
/// no lock for it (issue 43: a joining world of its own, three allocations
/// a schedule, cost an explored debounce test some 0.3 µs of its 13).
///
/// The executor is made when first asked for, here or by its scheduler: a
/// task the scope's code starts, a departure from the main actor joining,
/// an async step waiting for quiet. A scope whose code starts no task, as
/// most explored schedules of Combine code, never makes one (issue 43: an
/// explored schedule made one at once, some 7k instructions a schedule).
protocol JoiningWorld: AnyObject, Sendable {
    /// Runs `body` on the scope's slot, under the lock that guards it.
    func withJoiningSlot<Result>(_ body: (inout JoiningSlot) -> Result) -> Result
}

extension JoiningWorld {
    /// Keeps `world` as the world the scope's tasks join, unless the scope
    /// has one already.
    func offer(_ world: VirtualWorld) {
        // What the slot held is let go here, after the lock.
        _ = withJoiningSlot { $0.offer(world) }
    }

    /// Keeps `executor` as the world's executor, unless the scope has one
    /// already.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func adopt(_ executor: VirtualTaskExecutor) {
        _ = withJoiningSlot { $0.adopt(executor) }
    }

    /// The world's executor, while the world or its executor lives: made
    /// now if the world has none yet (outside the slot's lock, since its
    /// making adopts it here).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    var executor: VirtualTaskExecutor? {
        let held = withJoiningSlot { $0.held }
        return held.executor as? VirtualTaskExecutor ?? held.world?.executor
    }

    /// Whether the world or its executor lives, without making the
    /// executor.
    var lives: Bool {
        let held = withJoiningSlot { $0.held }
        return held.world != nil || held.executor != nil
    }
}

/// The joining world of a scope whose settings say `joinsTasks` (see
/// `ProbeScope`): its slot behind a lock of its own.
final class ScopeJoiningWorld: JoiningWorld {
    private let slot = Locked(JoiningSlot())

    func withJoiningSlot<Result>(_ body: (inout JoiningSlot) -> Result) -> Result {
        slot.withLock(body)
    }
}
