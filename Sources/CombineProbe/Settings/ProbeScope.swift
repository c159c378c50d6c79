/// A scope of settings overrides — one test, one suite, one XCTestCase
/// class's test — and the exhaustive recorders made in it, which it checks
/// when it ends.
final class ProbeScope: Sendable {
    /// The scope of the current task, if any.
    @TaskLocal static var current: ProbeScope?

    /// The overrides in force: this scope's, over the enclosing one's.
    let overrides: ProbeSettings.Overrides
    private let recorders = Locked<[any ExhaustiveCheck]>([])
    /// The world the scope's new tasks join, when its settings say
    /// `joinsTasks` (nil otherwise).
    let joiningWorld: JoiningWorld?

    init(overrides: ProbeSettings.Overrides) {
        self.overrides = (Self.current?.overrides ?? ProbeSettings.Overrides()).merging(overrides)
        joiningWorld = self.overrides.joinsTasks == true ? JoiningWorld() : nil
    }

    /// Keeps an exhaustive recorder, to check it when the scope ends.
    func register(_ recorder: any ExhaustiveCheck) {
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
