/// Which world the new tasks of a scope join, as its ``JoiningWorld``
/// keeps it, under that scope's lock: the first world offered, held weakly
/// (the world ends with its scheduler), and its executor once made.
///
/// ```swift
/// var slot = JoiningSlot()
/// _ = slot.offer(world)      // the first world made in the scope
/// _ = slot.offer(another)    // kept out: the scope has one
/// slot.held.world            // the first, while it lives
/// ```
struct JoiningSlot {
    /// The first world offered, while it lives.
    weak var world: VirtualWorld?
    /// Its executor once made (or the first executor made in the scope),
    /// while it lives: a task of the world can keep it beyond its
    /// scheduler.
    weak var executor: AnyObject?

    /// What the slot holds now, as strong references: a weak reference is
    /// read that way, and the last one to a world or an executor ended
    /// elsewhere would run its deinitializer where it is let go. So each
    /// reading returns what it read, and the caller lets it go after the
    /// scope's lock (which guards more than the slot, for a schedule's
    /// choices).
    typealias Held = (world: VirtualWorld?, executor: AnyObject?)

    /// Keeps `world` as the world the scope's tasks join, unless the scope
    /// has one already.
    mutating func offer(_ world: VirtualWorld) -> Held {
        let held = (self.world, executor)
        if held.0 == nil, held.1 == nil { self.world = world }
        return held
    }

    /// Keeps `executor` as the world's executor, unless the scope has one
    /// already.
    mutating func adopt(_ executor: AnyObject) -> Held {
        let held = (world, self.executor)
        if held.1 == nil { self.executor = executor }
        return held
    }

    /// The world and its executor, while they live.
    var held: Held {
        (world, executor)
    }
}
