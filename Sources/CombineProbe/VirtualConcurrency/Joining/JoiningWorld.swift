/// The world that the new tasks of a scope join: the first virtual world
/// made in the scope (a scheduler's), held weakly (the world ends with its
/// scheduler), and its executor once made. A scope whose settings say
/// `joinsTasks` has one, and so has each schedule of an exploration.
///
/// The executor is made when first asked for, here or by its scheduler: a
/// task the scope's code starts, a departure from the main actor joining,
/// an async step waiting for quiet. A scope whose code starts no task, as
/// most explored schedules of Combine code, never makes one (issue 43: an
/// explored schedule made one at once, some 7k instructions a schedule).
final class JoiningWorld: Sendable {
    private struct Slot {
        /// The first world offered, while it lives.
        weak var world: VirtualWorld?
        /// Its executor once made (or the first executor made in the
        /// scope), while it lives: a task of the world can keep it beyond
        /// its scheduler.
        weak var executor: AnyObject?
    }

    private let slot = Locked(Slot())

    /// Keeps `world` as the world the scope's tasks join, unless the scope
    /// has one already.
    func offer(_ world: VirtualWorld) {
        slot.withLock { slot in
            if slot.world == nil, slot.executor == nil { slot.world = world }
        }
    }

    /// Keeps `executor` as the world's executor, unless the scope has one
    /// already.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func adopt(_ executor: VirtualTaskExecutor) {
        slot.withLock { slot in
            if slot.executor == nil { slot.executor = executor }
        }
    }

    /// The world's executor, while the world or its executor lives: made
    /// now if the world has none yet (outside this object's lock, since its
    /// making adopts it here).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    var executor: VirtualTaskExecutor? {
        let (made, world) = slot.withLock { ($0.executor as? VirtualTaskExecutor, $0.world) }
        return made ?? world?.executor
    }

    /// Whether the world or its executor lives, without making the
    /// executor.
    var lives: Bool {
        slot.withLock { $0.executor != nil || $0.world != nil }
    }
}
