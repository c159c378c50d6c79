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
    let joiningWorld: JoiningWorld?

    /// A scope inside the current one, if any: its overrides over the
    /// enclosing ones. A scope whose tasks join a world shares the
    /// enclosing scope's world when that one has one (the world of the
    /// first scheduler the test makes, whatever scopes the test opens
    /// after).
    init(overrides: ProbeSettings.Overrides) {
        let enclosing = Self.current
        self.overrides = (enclosing?.overrides ?? ProbeSettings.Overrides()).merging(overrides)
        joiningWorld = self.overrides.joinsTasks == true ? enclosing?.joiningWorld ?? JoiningWorld() : nil
        recordersOwner = nil
    }

    /// The scope of one test case of a test whose scope is `test`: the
    /// same overrides, and its exhaustive recorders are the test's (checked
    /// when the whole test ends). Its world is its own: a parameterized
    /// test's cases run in parallel, each with its own schedulers.
    init(testCaseOf test: ProbeScope) {
        overrides = test.overrides
        joiningWorld = overrides.joinsTasks == true ? JoiningWorld() : nil
        recordersOwner = test
    }

    /// Keeps an exhaustive recorder, to check it when the scope (or the
    /// scope that keeps its recorders) ends.
    func register(_ recorder: any ExhaustiveCheck) {
        if let recordersOwner { return recordersOwner.register(recorder) }
        recorders.withLock { $0.append(recorder) }
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
