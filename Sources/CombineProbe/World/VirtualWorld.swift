/// The virtual world of a scheduler: one object per scheduler (as loom's
/// `Execution` and shuttle's `ExecutionState` are one per run) that owns
/// what the world is made of and when it is quiet.
///
/// It owns:
/// - its **executor** (``VirtualTaskExecutor``), made once, when asked for
///   (in a scope whose tasks join the world, by the first task that joins:
///   see `JoiningWorld`);
/// - its **members**: whether the current task belongs to the world, which
///   it asks the joining door (`TaskJoining`, the one reader of a task's
///   executor preference and of the joined tasks' table) with its executor;
/// - its **steps** under way (`StepState`): every move of time begins and
///   ends here, through the scheduler's one step driver
///   (`VirtualScheduler+StepDriver.swift`), and the sleeps from outside
///   the world that arrive meanwhile are kept here;
/// - its one definition of **quiet** (`VirtualWorld+Quiet.swift`): the
///   timers' consumers have run, the executor has no job running, ready or
///   held, its main-actor round trips are over, and the work in flight
///   that the world's tasks await (a double's answer, a stub's request) has
///   landed. `advance`, `run` and the waits ask the same question.
///
/// The scheduler keeps the clock and the queue of actions, and where its
/// actions run (`perform(_:)`); its timers, sleeps, clock, doubles and
/// stubs ask the world, and none decides these things on its own (see
/// `WorldRulesWallTests`).
final class VirtualWorld: Sendable {
    /// The world's executor, once asked for (typed `AnyObject` because task
    /// executors are not available on every system the library supports).
    private let executorBox = Locked<AnyObject?>(nil)
    /// The moves of time under way, and the sleeps from outside the world
    /// that arrived meanwhile.
    let steps = Locked(StepState())
    /// The timer ticks handed to consumers that have not run yet: the async
    /// steps wait for them (see `TicksInFlight`).
    let ticksInFlight = TicksInFlight()
    /// How many sleeps on the world's time came from tasks outside it, for
    /// failure messages.
    let outsideSleeps = Locked(0)
    /// The explored schedule the world follows, if any: its executor asks
    /// it which ready job runs first.
    private let choices: ScheduleChoices?
    /// How many schedules the scheduler made so far: the executor sees
    /// actions being scheduled through it.
    private let schedulesMade: @Sendable () -> UInt64
    /// The world's virtual time, for messages.
    let elapsed: @Sendable () -> VirtualTime
    /// The world a scope's tasks join, of the scope the world was made in
    /// (its settings say `joinsTasks`), if any.
    private let scopeJoining: ScopeJoiningWorld?
    /// The world's number in the joining door's table, given at once to a
    /// world whose scope's tasks join it (an exploration's schedule, a
    /// scope whose settings say `joinsTasks`), so that the door sends the
    /// tasks leaving the main actor through its departures while the world
    /// lives, before its executor is made; nil elsewhere (the executor
    /// takes a number when it is made).
    private let joiningNumber: UInt64?

    /// A world made where `ScheduleChoices.current` is `choices` and
    /// `ProbeScope.current?.joiningWorld` is `scopeJoining`: it is the world
    /// their tasks join when it is the first made there.
    init(
        choices: ScheduleChoices?, scopeJoining: ScopeJoiningWorld?,
        schedulesMade: @escaping @Sendable () -> UInt64, elapsed: @escaping @Sendable () -> VirtualTime
    ) {
        self.choices = choices
        self.schedulesMade = schedulesMade
        self.elapsed = elapsed
        self.scopeJoining = scopeJoining
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), scopeJoining != nil || choices != nil else {
            joiningNumber = nil
            return
        }
        // Noted at once, the hook checked (as when a world is made): the
        // tasks leaving the main actor go through the departures from now.
        joiningNumber = TaskJoining.newJoiningWorld()
        scopeJoining?.offer(self)
        choices?.joiningWorld.offer(self)
    }

    deinit {
        // Made, the executor says when it ends (a task can keep it).
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let joiningNumber, !hasExecutor {
            TaskJoining.worldEnded(joiningNumber)
        }
    }

    // MARK: The executor

    /// The world's executor, made the first time it is asked for.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    var executor: VirtualTaskExecutor {
        executorBox.withLock { box in
            if let box { return unsafeDowncast(box, to: VirtualTaskExecutor.self) }
            let executor = VirtualTaskExecutor(scheduling: schedulesMade, choices: choices, scopeJoining: scopeJoining, number: joiningNumber)
            box = executor
            return executor
        }
    }

    /// The world's executor if it was made; nil otherwise.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    var madeExecutor: VirtualTaskExecutor? {
        // The box holds the world's executor or nothing: no dynamic cast.
        executorBox.withLock { $0.map { unsafeDowncast($0, to: VirtualTaskExecutor.self) } }
    }

    /// Whether the executor was made.
    var hasExecutor: Bool {
        executorBox.withLock { $0 != nil }
    }

    /// Whether async code may run in the world: its executor was made, or
    /// its scope's tasks join it (they make it when they come).
    var mayRunTasks: Bool {
        joiningNumber != nil || hasExecutor
    }

    /// The executor made, or, where the scope's tasks join the world, one
    /// made now: what a step waits on for quiet (the departures from the
    /// main actor on their way to the world included) and what a departure
    /// joins. Nil otherwise.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    var joinableExecutor: VirtualTaskExecutor? {
        joiningNumber != nil ? executor : madeExecutor
    }

    // MARK: Members

    /// Whether the current task belongs to the world. False where task
    /// executors do not exist, or when the executor was never made.
    var currentTaskIsMember: Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = madeExecutor else { return false }
        return TaskJoining.currentTaskIsMember(of: executor)
    }

    /// Whether the current task belongs to the world, or is a departure
    /// from the main actor that joins it now (see `TaskJoining`).
    var currentTaskIsOrBecomesMember: Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = joinableExecutor else { return false }
        return TaskJoining.currentTaskIsOrBecomesMember(of: executor)
    }

    /// Whether the world is one a scope's tasks join (see
    /// `TaskJoining.noteJoiningWorld(_:)`): made in such a scope, or its
    /// executor made in one.
    var joinsTasks: Bool {
        if joiningNumber != nil { return true }
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = madeExecutor else { return false }
        return executor.joinsScopeTasks
    }

    // MARK: Its jobs

    /// Whether the world has a job running, waiting or held: false without
    /// an executor.
    var hasWorkToRun: Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = madeExecutor else { return false }
        return executor.hasWorkToRun
    }

    /// Whether a job reached the world since a step last found it quiet, or
    /// one runs, waits or is held: false without an executor.
    var arrivedSinceQuiet: Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = madeExecutor else { return false }
        return executor.hasWorkToRun || executor.arrivals != executor.arrivalsAtLastQuiet
    }

    /// How many jobs reached the world so far (see
    /// ``VirtualTaskExecutor/arrivals``): zero without an executor.
    var arrivals: Int {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = madeExecutor else { return 0 }
        return executor.arrivals
    }

    /// How many jobs the world ran so far: zero without an executor.
    var jobsRun: Int {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor = madeExecutor else { return 0 }
        return executor.jobsRun
    }
}
