/// The slot table of an ``ActionQueue``: where its actions wait while their
/// keys are ordered, each at the index its key names.
///
/// Buffers of its own rather than an array of structs: reading or emptying
/// a slot is a pointer access, with no uniqueness check, no copy of a whole
/// slot, and no reference count change (an action is moved in when
/// scheduled and moved out when it runs). The actions, their exact dates
/// and the intervals of repeating schedules wait in three parallel buffers,
/// so that each moves alone, and a one-shot action without a date (the
/// common case: its key says so) is taken with one slot read. Free slots
/// wait on a stack of their indices, reused last freed first, so that
/// scheduling and running reuse the same few slots when the queue stays
/// short. It starts with room for a few actions, and doubles when full.
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

    // The properties are only used under the lock of the scheduler that
    // owns the queue: no dynamic exclusivity check is needed on top.
    /// The actions, nil in a free slot; `used` slots initialized in each
    /// buffer, room for `capacity`.
    @exclusivity(unchecked) private var actions: UnsafeMutablePointer<Action>
    /// The exact date of each action, for a date that its due time does not
    /// give back exactly (see `VirtualScheduler.insert`); nil otherwise.
    @exclusivity(unchecked) private var dates: UnsafeMutablePointer<AnyObject?>
    /// The interval of each repeating schedule, in nanoseconds; 0 for a
    /// one-shot action.
    @exclusivity(unchecked) private var intervals: UnsafeMutablePointer<Int64>
    /// The schedule of each action (its key's sequence), so that a
    /// cancellation can empty the slot of its own action at once (see
    /// ``releaseAction(of:at:)``); a free slot keeps its last one.
    @exclusivity(unchecked) private var ids: UnsafeMutablePointer<UInt64>
    /// The indices of the free slots below `used`, `freeCount` of them, the
    /// last freed on top.
    @exclusivity(unchecked) private var freeSlots: UnsafeMutablePointer<UInt32>
    /// Where each action comes from, while a schedule is explored (see
    /// ``ActionOrigin``): nil until the first origin is kept, then `capacity`
    /// entries, all initialized, nil in a slot without one. Kept with the
    /// action rather than in a dictionary by schedule: a dictionary hashed
    /// each schedule two or three times and grew as the queue did, some
    /// 2,000 instructions an action (issue 43).
    @exclusivity(unchecked) private var origins: UnsafeMutablePointer<ActionOrigin?>?
    /// The instant each action was scheduled at, while a schedule is
    /// explored: the source of an action that no labelled work scheduled
    /// (see ``ActionOrigin/Source/instant(_:)``), the common case. Plain
    /// integers, so that keeping one is a store: nil until the first is
    /// kept, then `capacity` of them, read only where `origins` has none.
    @exclusivity(unchecked) private var instants: UnsafeMutablePointer<Int64>?
    @exclusivity(unchecked) private var freeCount = 0
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    /// How many slots hold an action.
    @exclusivity(unchecked) private var live = 0

    /// An empty table with room for `capacity` actions before it grows.
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        actions = MallocMemory.allocate(Action.self, capacity: self.capacity)
        dates = MallocMemory.allocate(AnyObject?.self, capacity: self.capacity)
        intervals = MallocMemory.allocate(Int64.self, capacity: self.capacity)
        ids = MallocMemory.allocate(UInt64.self, capacity: self.capacity)
        freeSlots = MallocMemory.allocate(UInt32.self, capacity: self.capacity)
    }

    deinit {
        // A free slot holds two nils and an integer, nothing to release:
        // the slots are only walked when some still hold an action.
        if live > 0 {
            actions.deinitialize(count: used)
            dates.deinitialize(count: used)
        }
        MallocMemory.deallocate(actions)
        MallocMemory.deallocate(dates)
        MallocMemory.deallocate(intervals)
        MallocMemory.deallocate(ids)
        MallocMemory.deallocate(freeSlots)
        if let origins {
            origins.deinitialize(count: capacity)
            MallocMemory.deallocate(origins)
        }
        if let instants { MallocMemory.deallocate(instants) }
    }

    /// Puts `action` of the schedule `id` in a free slot, and returns its
    /// index. A nil `date` leaves the slot's date untouched: a free slot's
    /// is nil already.
    @inline(__always)
    func add(_ action: consuming @escaping () -> Void, id: UInt64, date: consuming AnyObject?, interval: Int64) -> UInt32 {
        live += 1
        if freeCount > 0 {
            freeCount -= 1
            let index = Int(freeSlots[freeCount])
            actions[index] = Action(run: consume action)
            if let date { dates[index] = consume date }
            intervals[index] = interval
            ids[index] = id
            return UInt32(truncatingIfNeeded: index)
        }
        if used == capacity { grow() }
        (actions + used).initialize(to: Action(run: consume action))
        (dates + used).initialize(to: consume date)
        (intervals + used).initialize(to: interval)
        (ids + used).initialize(to: id)
        used += 1
        return UInt32(truncatingIfNeeded: used - 1)
    }

    /// The interval of the action at `index` (0 for a one-shot action).
    @inline(__always)
    func interval(at index: UInt32) -> Int64 {
        intervals[Int(index)]
    }

    /// The action at `index`, left in place (a repeating schedule's).
    @inline(__always)
    func action(at index: UInt32) -> () -> Void {
        actions[Int(index)].run!
    }

    /// Empties the slot at `index`, which holds an action, and returns the
    /// action and, if `hasDate`, its date, moved out.
    @inline(__always)
    func remove(at index: UInt32, hasDate: Bool, date: inout AnyObject?) -> () -> Void {
        let slot = Int(index)
        let action = (actions + slot).move().run!
        (actions + slot).initialize(to: Action(run: nil))
        if hasDate {
            date = (dates + slot).move()
            (dates + slot).initialize(to: nil)
        }
        if let origins { (origins + slot).pointee = nil }
        freeSlots[freeCount] = index
        freeCount += 1
        live -= 1
        return action
    }

    /// Takes the action of the schedule `id` out of the slot at `index`,
    /// if that slot holds it, and leaves an action that does nothing in its
    /// place; its exact date goes too. The slot stays taken until its key
    /// leaves the queue (a cancelled key is dropped when it reaches the
    /// head). Returns the action, for the caller to release once it no
    /// longer holds the scheduler's lock (releasing it may run any
    /// deinitializer); nil when the slot is free or holds another
    /// schedule's action (the one of `id` ran, or its slot was reused).
    func releaseAction(of id: UInt64, at index: UInt32) -> (() -> Void)? {
        let slot = Int(index)
        guard slot < used, ids[slot] == id, let action = actions[slot].run else { return nil }
        actions[slot].run = {}
        dates[slot] = nil
        return action
    }

    /// ``releaseAction(of:at:)`` for an action whose slot is not known:
    /// the run of a repeating schedule that its scheduler inserts again
    /// itself, in another slot each run. It looks at every slot in use.
    func releaseAction(of id: UInt64) -> (() -> Void)? {
        for slot in 0..<used where ids[slot] == id && actions[slot].run != nil {
            return releaseAction(of: id, at: UInt32(truncatingIfNeeded: slot))
        }
        return nil
    }

    /// Keeps `origin` with the action at `index`, until the slot is
    /// emptied.
    @inline(never)
    func setOrigin(_ origin: ActionOrigin, at index: UInt32) {
        let origins = self.origins ?? makeOrigins()
        (origins + Int(index)).pointee = origin
    }

    /// Keeps the instant the action at `index` was scheduled at as its
    /// origin: no labelled work scheduled it. A slot keeps an origin until
    /// it is emptied, so the slot has none.
    @inline(__always)
    func setInstant(_ instant: Int64, at index: UInt32) {
        let instants = self.instants ?? makeInstants()
        instants[Int(index)] = instant
    }

    /// The origin kept with the action at `index`, if any: the labelled
    /// work's, else the instant's.
    func origin(at index: UInt32) -> ActionOrigin? {
        if let origins, let origin = origins[Int(index)] { return origin }
        guard let instants else { return nil }
        return ActionOrigin(instant: instants[Int(index)])
    }

    /// The source that names the action at `index`, if its work had one
    /// (an instant's origin has none).
    func namingSource(at index: UInt32) -> ScheduleSource? {
        guard let origins else { return nil }
        return origins[Int(index)]?.object
    }

    /// The source of the origin kept with the action at `index`, if any,
    /// read in place.
    func source(at index: UInt32) -> ActionOrigin.Source? {
        if let origins, let source = origins[Int(index)]?.source { return source }
        guard let instants else { return nil }
        return .instant(instants[Int(index)])
    }

    /// The buffer of origins, made empty at the first origin kept.
    @inline(never)
    private func makeOrigins() -> UnsafeMutablePointer<ActionOrigin?> {
        let made = MallocMemory.allocate(ActionOrigin?.self, capacity: capacity)
        // One slot at a time: `initialize(repeating:count:)` copied the
        // value through the type's generic witnesses.
        for index in 0..<capacity { (made + index).initialize(to: nil) }
        origins = made
        return made
    }

    /// The buffer of instants, made at the first instant kept (its values
    /// are written before they are read: nothing to initialize).
    @inline(never)
    private func makeInstants() -> UnsafeMutablePointer<Int64> {
        let made = MallocMemory.allocate(Int64.self, capacity: capacity)
        instants = made
        return made
    }

    /// Doubles the room, moving the slots (no reference count changes).
    @inline(never)
    private func grow() {
        let larger = capacity * 2
        let movedActions = MallocMemory.allocate(Action.self, capacity: larger)
        movedActions.moveInitialize(from: actions, count: used)
        MallocMemory.deallocate(actions)
        actions = movedActions
        let movedDates = MallocMemory.allocate(AnyObject?.self, capacity: larger)
        movedDates.moveInitialize(from: dates, count: used)
        MallocMemory.deallocate(dates)
        dates = movedDates
        let movedIntervals = MallocMemory.allocate(Int64.self, capacity: larger)
        movedIntervals.moveInitialize(from: intervals, count: used)
        MallocMemory.deallocate(intervals)
        intervals = movedIntervals
        let movedIDs = MallocMemory.allocate(UInt64.self, capacity: larger)
        movedIDs.moveInitialize(from: ids, count: used)
        MallocMemory.deallocate(ids)
        ids = movedIDs
        if let origins {
            let movedOrigins = MallocMemory.allocate(ActionOrigin?.self, capacity: larger)
            movedOrigins.moveInitialize(from: origins, count: capacity)
            for index in capacity..<larger { (movedOrigins + index).initialize(to: nil) }
            MallocMemory.deallocate(origins)
            self.origins = movedOrigins
        }
        if let instants {
            let movedInstants = MallocMemory.allocate(Int64.self, capacity: larger)
            movedInstants.moveInitialize(from: instants, count: capacity)
            MallocMemory.deallocate(instants)
            self.instants = movedInstants
        }
        // No free slot when the table is full: nothing to move.
        MallocMemory.deallocate(freeSlots)
        freeSlots = MallocMemory.allocate(UInt32.self, capacity: larger)
        capacity = larger
    }
}
