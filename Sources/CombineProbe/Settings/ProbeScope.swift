/// A scope of settings overrides — one test, one suite, one XCTestCase
/// class's test — and the exhaustive recorders made in it, which it checks
/// when it ends.
final class ProbeScope: Sendable {
    /// The scope of the current task, if any.
    @TaskLocal static var current: ProbeScope?

    /// The overrides in force: this scope's, over the enclosing one's.
    let overrides: ProbeSettings.Overrides
    private let recorders = Locked<[any ExhaustiveCheck]>([])
    /// The scope that keeps this scope's exhaustive recorders, when another
    /// one does (a test case's scope hands them to its test's).
    private let recordersOwner: ProbeScope?
    /// The world the scope's new tasks join, when its settings say
    /// `joinsTasks` (nil otherwise).
    let joiningWorld: ScopeJoiningWorld?
    /// The virtual schedulers made in the scope, held weakly: at its end,
    /// the tasks still asleep on their time are reported and cancelled.
    private let clocks = Locked<[WeakClock]>([])

    private struct WeakClock: Sendable {
        weak var clock: (any VirtualClock)?
    }

    /// A scope inside the current one, if any: its overrides over the
    /// enclosing ones. A scope whose tasks join a world shares the
    /// enclosing scope's world when that one has one (the world of the
    /// first scheduler the test makes, whatever scopes the test opens
    /// after).
    init(overrides: ProbeSettings.Overrides) {
        let enclosing = Self.current
        self.overrides = (enclosing?.overrides ?? ProbeSettings.Overrides()).merging(overrides)
        joiningWorld = self.overrides.joinsTasks == true ? enclosing?.joiningWorld ?? ScopeJoiningWorld() : nil
        recordersOwner = nil
    }

    /// The scope of one test case of a test whose scope is `test`: the
    /// same overrides, and its exhaustive recorders are the test's (checked
    /// when the whole test ends). Its world is its own: a parameterized
    /// test's cases run in parallel, each with its own schedulers.
    init(testCaseOf test: ProbeScope) {
        overrides = test.overrides
        joiningWorld = overrides.joinsTasks == true ? ScopeJoiningWorld() : nil
        recordersOwner = test
    }

    /// Keeps an exhaustive recorder, to check it when the scope (or the
    /// scope that keeps its recorders) ends.
    func register(_ recorder: any ExhaustiveCheck) {
        if let recordersOwner { return recordersOwner.register(recorder) }
        recorders.withLock { $0.append(recorder) }
    }

    /// Notes a virtual scheduler made in the scope.
    func adopt(_ clock: any VirtualClock) {
        clocks.withLock { clocks in
            clocks.removeAll { $0.clock == nil }
            clocks.append(WeakClock(clock: clock))
        }
    }

    /// The scope ends: reports the unconsumed events of its exhaustive
    /// recorders, and the tasks left asleep on the time of its schedulers,
    /// which it cancels.
    func end() {
        checkExhaustiveRecorders()
        checkSleepingTasks()
    }

    /// Reports, once per scheduler made in the scope, the tasks still asleep
    /// on its time — their code after the sleep never ran, and nothing will
    /// move that time any more — and ends their sleeps with
    /// `CancellationError`, so that none is left suspended for ever.
    func checkSleepingTasks() {
        let clocks = self.clocks.withLock { clocks in
            defer { clocks.removeAll() }
            return clocks.compactMap(\.clock)
        }
        for clock in clocks {
            let asleep = clock.sleepsInProgress.takeUnfinished().filter { $0.sleep.abandon(on: clock) }
            guard let first = asleep.first else { continue }
            clock.reportFailure(Self.sleepingTasksMessage(deadlines: asleep.map(\.deadline), first: first.deadline, now: clock.elapsed))
        }
    }

    /// "The test ended with 2 tasks asleep on this virtual scheduler's time
    /// …": the failure ``checkSleepingTasks()`` reports.
    static func sleepingTasksMessage(deadlines: [VirtualTime], first: VirtualTime, now: VirtualTime) -> String {
        let count = deadlines.count
        let until = count == 1
            ? "until \(first)"
            : "until " + deadlines.prefix(5).map(\.description).joined(separator: ", ") + (count > 5 ? ", …" : "")
        return "VirtualScheduler: the test ended with \(count == 1 ? "a task" : "\(count) tasks") asleep on this virtual "
            + "scheduler's time, \(until) (virtual time is \(now)): \(count == 1 ? "its" : "their") code after the sleep "
            + "never ran. Move time to \(count == 1 ? "its deadline" : "their deadlines") before the test ends "
            + "(await scheduler.advance(by:), await scheduler.run()), or cancel \(count == 1 ? "the task" : "the tasks") "
            + "and await \(count == 1 ? "it" : "them"). \(count == 1 ? "It is" : "They are") cancelled now: "
            + "\(count == 1 ? "its sleep throws" : "their sleeps throw") CancellationError."
    }

    /// Hands the schedulers made in the scope to `enclosing`, which checks
    /// them when it ends (an `XCTExpectFailures` closure inside a test).
    func handSchedulers(to enclosing: ProbeScope) {
        let clocks = self.clocks.withLock { clocks in
            defer { clocks.removeAll() }
            return clocks.compactMap(\.clock)
        }
        for clock in clocks { enclosing.adopt(clock) }
    }

    /// Reports the unconsumed events of the exhaustive recorders made in the
    /// scope, once each.
    func checkExhaustiveRecorders() {
        let recorders = self.recorders.withLock { recorders in
            defer { recorders.removeAll() }
            return recorders
        }
        for recorder in recorders { recorder.checkExhaustiveness() }
    }

    /// Reports the unconsumed events of the exhaustive recorders made in the
    /// scope that went away, and hands the others over to `enclosing`,
    /// which checks them when it ends: the end of an `XCTExpectFailures`
    /// closure, whose recorders are checked when they go away, as they are
    /// outside any scope.
    func checkReleasedRecorders(handingTheOthersTo enclosing: ProbeScope) {
        let recorders = self.recorders.withLock { recorders in
            defer { recorders.removeAll() }
            return recorders
        }
        for recorder in recorders {
            if recorder.isReleased {
                recorder.checkExhaustiveness()
            } else {
                enclosing.register(recorder)
            }
        }
    }
}

/// A recorder whose unconsumed events are reported at the end of the test.
protocol ExhaustiveCheck: AnyObject, Sendable {
    /// Reports the unconsumed events, unless done already.
    func checkExhaustiveness()
    /// Whether the recorder went away.
    var isReleased: Bool { get }
}
