/// The demand a recorder made with `record(demand:)` asks for.
struct DemandPlan: Sendable {
    /// Requested when the publisher sends its subscription (nothing for
    /// `.none`).
    let initial: DemandCount
    /// Returned from `receive(_:)` for each value.
    let perValue: DemandCount

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand) {
        self.initial = DemandCount(initial)
        self.perValue = DemandCount(perValue)
    }
}

/// The demand bookkeeping of a recorder made with `record(demand:)`: the
/// outstanding demand, and the ledger a test reads and failure messages
/// quote. Lives in ``RecorderState``, under the recorder's lock.
///
/// The rules it checks:
/// - a value that arrives while no demand is outstanding is a violation
///   (it is recorded all the same);
/// - after cancel, values already in flight are tolerated up to the demand
///   outstanding when cancel was called, as Combine (and Reactive Streams,
///   rule 2.8) allow; any value beyond that is a violation. With unlimited
///   demand outstanding at cancel, every late value is tolerated: test with
///   a finite demand to check that cancel stops delivery;
/// - a completion after cancel is tolerated.
final class DemandAccount {
    /// How many entries a failure message quotes.
    static let quotedEntryCount = 12

    let perValue: Subscribers.Demand
    private(set) var outstanding: Subscribers.Demand
    private(set) var ledger: [DemandEntry] = []
    /// How many late values cancel tolerates; nil before cancel.
    private var inFlightAllowance: Subscribers.Demand?

    init(_ plan: DemandPlan) {
        perValue = plan.perValue.demand
        outstanding = plan.initial.demand
    }

    /// The demand to request when the subscription arrives: the initial
    /// demand and whatever the test requested before. Written in the ledger
    /// at `time`, the virtual time of a timed recorder.
    func takeInitialRequest(at time: VirtualTime?) -> Subscribers.Demand {
        ledger.append(DemandEntry(.initial, valueCount: 0, demand: outstanding, outstanding: outstanding, time: time))
        return outstanding
    }

    /// Adds demand the test requested.
    func request(_ demand: Subscribers.Demand, count: Int, at time: VirtualTime?) {
        outstanding += demand
        ledger.append(DemandEntry(.requested, valueCount: count, demand: demand, outstanding: outstanding, time: time))
    }

    /// Counts a recorded value: the misuse when it exceeds the demand.
    func receive<Input>(_ input: Input, count: Int, at time: VirtualTime?) -> RecorderStorageMisuse? {
        var misuse: RecorderStorageMisuse?
        if outstanding == .none {
            let value = ValueDescription.of(input)
            ledger.append(DemandEntry(.valueBeyondDemand, valueCount: count, outstanding: outstanding, time: time, value: value))
            misuse = RecorderStorageMisuse(
                "Publisher recorder got a value beyond demand: \(value)",
                "the recorder had no outstanding demand, and a publisher must never send more values than its subscriber requested. "
                    + "The value was recorded all the same. Demand ledger: \(quotedLedger).",
                kind: .valueBeyondDemand, value: value)
        } else {
            outstanding -= 1
        }
        if perValue != .none {
            outstanding += perValue
            ledger.append(DemandEntry(.returned, valueCount: count, demand: perValue, outstanding: outstanding, time: time))
        }
        return misuse
    }

    /// Notes the cancellation: from now on, values are tolerated up to the
    /// outstanding demand.
    func cancel(count: Int, at time: VirtualTime?) {
        inFlightAllowance = outstanding
        ledger.append(DemandEntry(.cancelled, valueCount: count, outstanding: outstanding, time: time))
    }

    /// Counts a value received after cancel: the misuse when it exceeds the
    /// demand outstanding at cancel.
    func receiveAfterCancel<Input>(_ input: Input, count: Int, at time: VirtualTime?) -> RecorderStorageMisuse? {
        let value = ValueDescription.of(input)
        let allowance = inFlightAllowance ?? .none
        if allowance > .none {
            inFlightAllowance = allowance - 1
            ledger.append(DemandEntry(.valueInFlightAfterCancel, valueCount: count, outstanding: outstanding, time: time, value: value))
            return nil
        }
        ledger.append(DemandEntry(.valueAfterCancel, valueCount: count, outstanding: outstanding, time: time, value: value))
        return RecorderStorageMisuse(
            "Publisher recorder got a value after cancel, beyond the demand outstanding at cancel: \(value)",
            "after cancel() a publisher may still deliver the values in flight, up to the demand outstanding when cancel was called, and no more. "
                + "The value was not recorded. Demand ledger: \(quotedLedger).",
            kind: .valueAfterCancel)
    }

    /// Notes a completion received after cancel (tolerated).
    func completeAfterCancel(count: Int, at time: VirtualTime?) {
        ledger.append(DemandEntry(.completionAfterCancel, valueCount: count, outstanding: outstanding, time: time))
    }

    /// The ledger as a failure message quotes it: the last entries.
    var quotedLedger: String {
        var parts = ledger.suffix(Self.quotedEntryCount).map(\.description)
        if ledger.count > Self.quotedEntryCount {
            parts.insert("… (\(ledger.count - Self.quotedEntryCount) earlier)", at: 0)
        }
        return parts.joined(separator: "; ")
    }
}
