/// What a wait found when it ended, read from one snapshot of the recorder:
/// whether the expectation is fulfilled, what the recorder held, and the
/// value or error the wait returns. The failure a wait records and the error
/// it throws are made from the same snapshot, so they describe the same
/// recording even when events keep arriving meanwhile.
struct WaitConclusion<Output> {
    /// Whether the expectation is fulfilled: its condition held (or, for an
    /// inverted expectation, did not), or it does not fail on timeout.
    let isFulfilled: Bool
    /// What the expectation looked at, for failure messages. Described only
    /// when the expectation is not fulfilled: a fulfilled wait records no
    /// failure, and its conclusion leaves this empty.
    let summary: String
    /// True while no value and no completion was recorded (false when the
    /// expectation is fulfilled: only a failure message asks).
    let recordedNothing: Bool
    /// The value the wait returns, or the error it throws.
    let result: Result<Output, any Error>

    /// A conclusion read from one snapshot, in this order: the fulfilment,
    /// then what was recorded, then the value, which may consume what it
    /// reads. `summary` and `recordedNothing` are read only when the
    /// expectation is not fulfilled: describing what was recorded costs more
    /// than the rest of a successful wait, and nothing reads it then.
    init(
        isFulfilled: Bool, summary: @autoclosure () -> String, recordedNothing: @autoclosure () -> Bool,
        result: @autoclosure () -> Result<Output, any Error>
    ) {
        self.isFulfilled = isFulfilled
        self.summary = isFulfilled ? "" : summary()
        self.recordedNothing = isFulfilled ? false : recordedNothing()
        self.result = result()
    }

    /// The same conclusion with a transformed value. `transform` runs
    /// outside the recorder's lock: it may be the test's own code.
    func map<T>(_ transform: (Output) throws -> T) -> WaitConclusion<T> {
        WaitConclusion<T>(
            isFulfilled: isFulfilled, summary: summary, recordedNothing: recordedNothing,
            result: result.flatMap { value in Result { try transform(value) } })
    }

    /// How a real-time wait ended, from the snapshot: a wait that timed out
    /// while the awaited event was arriving is fulfilled, and an inverted
    /// wait whose event arrived as the timeout fired is not.
    func outcome(isInverted: Bool) -> WaitOutcome {
        if isFulfilled { return .satisfied }
        return isInverted ? .invertedFulfilled : .timedOut
    }
}
