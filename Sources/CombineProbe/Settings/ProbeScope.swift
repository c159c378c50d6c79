/// A scope of settings overrides — one test, one suite, one XCTestCase
/// class's test — and the exhaustive recorders made in it, which it checks
/// when it ends.
final class ProbeScope: Sendable {
    /// The scope of the current task, if any.
    @TaskLocal static var current: ProbeScope?

    /// The overrides in force: this scope's, over the enclosing one's.
    let overrides: ProbeSettings.Overrides
    private let recorders = Locked<[any ExhaustiveCheck]>([])

    init(overrides: ProbeSettings.Overrides) {
        self.overrides = (Self.current?.overrides ?? ProbeSettings.Overrides()).merging(overrides)
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
}

/// A recorder whose unconsumed events are reported at the end of the test.
protocol ExhaustiveCheck: AnyObject, Sendable {
    /// Reports the unconsumed events, unless done already.
    func checkExhaustiveness()
}
