extension VirtualScheduler {
    /// The task executor of the scheduler's virtual world (see
    /// ``VirtualTaskExecutor``). Work that prefers it runs until it is
    /// quiescent before each step of an async `advance`, `run` or virtual
    /// `wait`.
    ///
    /// ```swift
    /// let task = Task(executorPreference: scheduler.executor) {
    ///     try await scheduler.sleep(for: .seconds(1))
    /// }
    /// await scheduler.advance(by: .seconds(1))
    /// ```
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public var executor: VirtualTaskExecutor {
        world.executor
    }

    /// The scheduler's ``executor`` where task executors exist (typed
    /// `AnyObject` for the systems without them): `record(timedBy:)` of an
    /// async sequence iterates on it.
    @usableFromInline
    var worldExecutor: (AnyObject & Sendable)? {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) { return executor }
        return nil
    }

    /// What a wait that found nothing scheduled adds when the scheduler's
    /// virtual world ran tasks: they may wait on something real. It names
    /// the usual suspects and their remedy; which one a suspended task
    /// waits on cannot be seen from here.
    var taskHint: String {
        if world.jobsRun > 0 {
            return " Or does a task of the virtual world wait on something real — Task.sleep or a clock other than "
                + "scheduler.clock (sleep on scheduler.clock instead), a URLSession request that no NetworkStub answers "
                + "(give the code a NetworkStub's session), an actor or executor of its own, busy or on a thread of its own, "
                + "or a continuation that nothing resumes? The tasks of the virtual world are all suspended, and none "
                + "on this scheduler's time." + outsideSleepHint
        }
        return outsideSleepHint
    }

    /// What a failed virtual wait adds when tasks outside the virtual world
    /// slept on the scheduler's time: when their wake-ups run, relative to
    /// the test's steps, is not deterministic. Empty when none did.
    var outsideSleepHint: String {
        let count = world.outsideSleeps.withLock { $0 }
        guard count > 0 else { return "" }
        return " \(count == 1 ? "A sleep" : "\(count) sleeps") on this scheduler's time came from "
            + "\(count == 1 ? "a task" : "tasks") outside its virtual world — a Task { } started without "
            + "executorPreference: scheduler.executor, or an operator that starts a task of its own, like "
            + "swift-async-algorithms' debounce: \(count == 1 ? "its wake-up runs" : "their wake-ups run") on "
            + "the global executor, in no order relative to the test's steps."
    }

    /// What a wait that found nothing scheduled adds when async code may
    /// sleep on the scheduler's time (its ``clock`` or ``executor`` was asked
    /// for) and no task outside the virtual world slept on it yet: one may be
    /// about to. Empty otherwise (`outsideSleepHint` names one that did).
    var plainTaskHint: String {
        let asyncCode = clockTaken.withLock { $0 } || world.mayRunTasks
        guard asyncCode, world.outsideSleeps.withLock({ $0 }) == 0 else { return "" }
        return " Or does a task started with a plain Task { }, outside the virtual world, still have to sleep on the "
            + "scheduler's time, or await an async double's answer? It runs in no order relative to the test's steps. "
            + "Let the test's plain tasks join the world — ProbeSettings.Overrides(joinsTasks: true), "
            + "@Test(.tasksJoinTheVirtualWorld), a ProbeTestCase whose settings say so — with no change to the app "
            + "code (a Task { } started in @MainActor code stays outside even then: see Testing time), or start it "
            + "with Task(executorPreference: scheduler.executor) where the code is the test's."
    }

    /// Counts a sleep until `deadline` on the scheduler's time
    /// (`scheduler.clock`, `scheduler.sleep`) from a task that does not
    /// prefer ``executor``: see `outsideSleepHint`. Where task executors do
    /// not exist, no sleep is counted.
    ///
    /// Such a task runs in no order relative to the test's steps, and its
    /// sleep can come after the step that should have woken it — `advance`
    /// returned before the task slept —, when nothing would ever wake it: a
    /// test awaiting the task would hang. So a sleep from outside that
    /// arrives while no step moves time, or that a step leaves behind due
    /// already (it arrived after the step's last look at the queue), is a
    /// test failure at the line that created the scheduler, naming the
    /// cause, and ends at once, with `CancellationError`.
    ///
    /// - throws: `CancellationError` for a sleep that arrives while no step
    ///   moves time.
    func admitSleeper(_ sleep: VirtualSleep, until deadline: VirtualTime) throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        if world.currentTaskIsOrBecomesMember { return }
        world.noteOutsideSleep()
        // A sleep that ends at once needs no step.
        guard deadline > elapsed else { return }
        // Which test the task runs for, if the scheduler's test can be told
        // from another (Swift Testing): a refusal says when it is another's.
        let test = reporter.owner.isEmpty ? "" : DeliveryGate.currentTest
        if world.admitDuringStep(sleep, until: deadline, test: test) { return }
        // Through the scheduler's reporter: this runs on the sleeping task,
        // which may belong to no test a framework knows of; the reporter
        // records the failure for the test that made the scheduler, now or
        // at its next step.
        reporter.report(abandonedSleepMessage(until: deadline, duringStep: false, test: test))
        throw CancellationError()
    }

    /// Abandons the sleeps from outside the world that the steps just
    /// ended left behind due already (see ``admitSleeper(_:until:)``), each
    /// with a test failure.
    func abandon(_ sleeps: [OutsideSleep]) {
        for entry in sleeps where entry.sleep.abandon(on: self) {
            reporter.report(abandonedSleepMessage(until: entry.deadline, duringStep: true, test: entry.test))
        }
    }

    private func abandonedSleepMessage(until deadline: VirtualTime, duringStep: Bool, test: String) -> String {
        "VirtualScheduler: a task outside its virtual world slept on the scheduler's time, until \(deadline), "
            + (duringStep ? "after the step that should have woken it had looked at its work" : "while nothing was moving time")
            + " (virtual time is \(elapsed)) — a Task { } started without executorPreference: scheduler.executor, or an "
            + "operator that starts a task of its own. Nothing would ever wake it: it ends at once, with CancellationError. "
            + "Start the task with Task(executorPreference: scheduler.executor), or inside scheduler.withTasks { }, so that "
            + "`await scheduler.advance` lets it sleep first." + refusalHint(forTaskOf: test)
    }

    /// What a refusal of a task of `test` (as `DeliveryGate.currentTest`
    /// spells it) adds: that it belongs to another test, if so; else why it
    /// did not join, where the test's tasks join; else the opt-in.
    func refusalHint(forTaskOf test: String) -> String {
        let other = otherTestHint(forTaskOf: test)
        if !other.isEmpty { return other }
        return joiningHint.isEmpty ? optInHint : joiningHint
    }

    /// What a refusal adds when the task belongs to another Swift Testing
    /// test than the one that made the scheduler (a test running beside it,
    /// which reached this scheduler through something shared, or one that
    /// ended and left the task behind); empty otherwise, and in XCTest, which
    /// runs one test at a time.
    func otherTestHint(forTaskOf test: String) -> String {
        let owner = reporter.owner
        guard !owner.isEmpty, !test.isEmpty, test != owner else { return "" }
        return " This task belongs to another test than the one that made the scheduler: it runs for \(test), and the "
            + "scheduler was made by \(owner). Its steps never wait for that test's tasks, and its time moves for whichever "
            + "test steps it: give each test a scheduler of its own (a fixture shared by tests that run in parallel is shared "
            + "time), and end a test's tasks before it returns."
    }

    /// What a refusal adds outside a scope whose tasks join: the opt-in,
    /// which needs no change to the app code that starts the task.
    private var optInHint: String {
        " Where app code starts the task, let the test's plain tasks join the world instead: "
            + "ProbeSettings.Overrides(joinsTasks: true), @Test(.tasksJoinTheVirtualWorld), or a ProbeTestCase whose "
            + "settings say so."
    }

    /// What a refusal adds when the code runs where tasks should join a
    /// world (a scope whose settings say `joinsTasks`, an exploration's
    /// body) and this one did not: why, as far as can be seen. Empty
    /// elsewhere.
    var joiningHint: String {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *),
              let joining: any JoiningWorld = ScheduleChoices.current ?? ProbeScope.current?.joiningWorld else { return "" }
        let opening = " The test's tasks join its virtual world (joinsTasks, or an exploration's body), but this one did not: "
        guard TaskJoining.isAvailable else {
            return opening + "this runtime does not export the global-enqueue hook that tasks join through."
        }
        // The scope's world first: asking for it makes its executor, which
        // may be this scheduler's.
        let theirs = joining.executor
        let mine = world.madeExecutor
        if let world = theirs, world !== mine {
            return opening + "they join the world of the first scheduler made in the test's scope, and this is another "
                + "scheduler: make this one first, or use one scheduler."
        }
        if TaskJoining.currentTaskLeftTheMainActor {
            return opening + "it runs on the main actor (a Task { } started in @MainActor code inherits it) and left it "
                + "while no world of a scope whose tasks join lived: before the scope's first scheduler was made, or "
                + "after it ended. Make the scheduler before the app code starts its tasks, and keep it for as long as "
                + "they run."
        }
        return opening + "it was started before the scope's first scheduler (the world its tasks join) was made, and "
            + "nothing of the world resumed it since (make the scheduler before the code starts its tasks), or while "
            + "another library held the global-enqueue hook (withMainSerialExecutor)."
            + (TaskJoining.hookInterference.map { " Seen in this process: \($0.description)." } ?? "")
    }

    /// Runs `operation` in the scheduler's virtual world: it, its child tasks
    /// and the nonisolated async functions it calls run on ``executor``.
    ///
    /// ```swift
    /// try await scheduler.withTasks {
    ///     async let reply = service.search("swift") // sleeps on scheduler.clock
    ///     await scheduler.advance(by: .seconds(1))
    ///     XCTAssertEqual(try await reply, ["swift"])
    /// }
    /// ```
    ///
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter operation: The work to run.
    /// - returns: What `operation` returns.
    /// - throws: What `operation` throws.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func withTasks<T, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        // The test's own task moves onto the executor: it runs at once.
        executor.admitCurrentTask()
        return try await withTaskExecutorPreference(executor, isolation: isolation, operation: operation)
    }
}
