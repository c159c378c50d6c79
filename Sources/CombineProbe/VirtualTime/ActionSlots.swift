/// The slot table of an ``ActionQueue``: where its actions wait while their
/// keys are ordered, each at the index its key names.
///
/// Buffers of its own rather than an array of structs: reading or emptying
/// a slot is a pointer access, with no uniqueness check, no copy of a whole
/// slot, and no reference count change (an action is moved in when
/// scheduled and moved out when it runs). The actions, their exact dates and
/// their plain integers wait in three parallel buffers, so that each moves
/// alone. Free slots form a list threaded through the table, so a slot is
/// reused without an array of free indices beside it. It starts with room
/// for a few actions, and doubles when full.
///
/// A class, so that the buffers are freed with it; its queue owns it alone,
/// and is never copied (the scheduler keeps it behind its lock), so no
/// copy-on-write is needed.
final class ActionSlots {
    /// An action, nil in a free slot. A struct around the closure: a buffer
    /// of bare closures would store each through a reabstraction thunk,
    /// allocated when stored and again when read.
    struct Action {
        var run: (() -> Void)?
    }

    /// The plain values of a slot.
    struct Info {
        /// Identifies the schedule of the action, for cancellation. A
        /// repeating schedule keeps its identifier from one run to the next.
        /// In a free slot: the index of the next free slot, or -1.
        var id: UInt64
        /// The repeating schedule's interval in nanoseconds; 0 for a one-shot
        /// action.
        var interval: Int64
        /// Whether the queue re-inserts the schedule's next run itself.
        var repeats: Bool
    }

    // The properties are only used under the lock of the scheduler that
    // owns the queue: no dynamic exclusivity check is needed on top.
    /// The actions, nil in a free slot; `used` slots initialized in each
    /// buffer, room for `capacity`.
    @exclusivity(unchecked) private var actions: UnsafeMutablePointer<Action>
    /// The exact date of each action, for a date that its due time does not
    /// give back exactly (see `VirtualScheduler.insert`); nil otherwise.
    @exclusivity(unchecked) private var dates: UnsafeMutablePointer<AnyObject?>
    @exclusivity(unchecked) private var infos: UnsafeMutablePointer<Info>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    /// How many slots hold an action.
    @exclusivity(unchecked) private var live = 0
    /// The first free slot below `used`, or -1.
    @exclusivity(unchecked) private var firstFree = -1

    /// An empty table with room for `capacity` actions before it grows.
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        actions = .allocate(capacity: self.capacity)
        dates = .allocate(capacity: self.capacity)
        infos = .allocate(capacity: self.capacity)
    }

    deinit {
        // A free slot holds two nils and integers, nothing to release: the
        // slots are only walked when some still hold an action.
        if live > 0 {
            actions.deinitialize(count: used)
            dates.deinitialize(count: used)
        }
        actions.deallocate()
        dates.deallocate()
        infos.deallocate()
    }

    /// Puts `action` in a free slot, and returns its index.
    @inline(__always)
    func add(_ action: consuming @escaping () -> Void, date: consuming AnyObject?, info: Info) -> Int {
        live += 1
        if firstFree >= 0 {
            let index = firstFree
            firstFree = Int(truncatingIfNeeded: Int64(bitPattern: infos[index].id))
            actions[index] = Action(run: consume action)
            dates[index] = consume date
            infos[index] = info
            return index
        }
        if used == capacity { grow() }
        (actions + used).initialize(to: Action(run: consume action))
        (dates + used).initialize(to: consume date)
        (infos + used).initialize(to: info)
        used += 1
        return used - 1
    }

    /// The schedule identifier of the action at `index`.
    @inline(__always)
    func id(at index: Int) -> UInt64 {
        infos[index].id
    }

    /// The interval of the action at `index` (0 for a one-shot action).
    @inline(__always)
    func interval(at index: Int) -> Int64 {
        infos[index].interval
    }

    /// Whether the queue repeats the action at `index` itself.
    @inline(__always)
    func repeats(at index: Int) -> Bool {
        infos[index].repeats
    }

    /// The action at `index`, left in place (a repeating schedule's).
    @inline(__always)
    func action(at index: Int) -> () -> Void {
        actions[index].run!
    }

    /// Empties the slot at `index`, which holds an action, and returns the
    /// action and its date, moved out.
    @inline(__always)
    func remove(at index: Int, date: inout AnyObject?) -> () -> Void {
        let action = (actions + index).move().run!
        date = (dates + index).move()
        (actions + index).initialize(to: Action(run: nil))
        (dates + index).initialize(to: nil)
        infos[index].id = UInt64(bitPattern: Int64(firstFree))
        firstFree = index
        live -= 1
        return action
    }

    /// Doubles the room, moving the slots (no reference count changes).
    @inline(never)
    private func grow() {
        let larger = capacity * 2
        let movedActions = UnsafeMutablePointer<Action>.allocate(capacity: larger)
        movedActions.moveInitialize(from: actions, count: used)
        actions.deallocate()
        actions = movedActions
        let movedDates = UnsafeMutablePointer<AnyObject?>.allocate(capacity: larger)
        movedDates.moveInitialize(from: dates, count: used)
        dates.deallocate()
        dates = movedDates
        let movedInfos = UnsafeMutablePointer<Info>.allocate(capacity: larger)
        movedInfos.moveInitialize(from: infos, count: used)
        infos.deallocate()
        infos = movedInfos
        capacity = larger
    }
}
