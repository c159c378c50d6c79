/// One line of a recorder's demand ledger: what the test requested, what the
/// recorder returned per value, when it cancelled, and what the publisher
/// sent that the contract does not allow or only tolerates.
///
/// ```swift
/// let recorder = [1, 2, 3].publisher.record(demand: .max(1))
/// recorder.request(.max(1))
/// XCTAssertEqual(recorder.demandLedger.map(\.description), [
///     "initial demand .max(1) → outstanding .max(1)",
///     "request(.max(1)) after 1 value → outstanding .max(1)",
/// ])
/// ```
///
/// Only a recorder made with `record(demand:)` keeps a ledger: the default
/// recorder requests `.unlimited` once and counts nothing.
public struct DemandEntry: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The demand requested when the publisher sent its subscription.
        case initial
        /// `request(_:)`, called by the test.
        case requested
        /// The demand the recorder returned from `receive(_:)` for a value.
        case returned
        /// A value arrived while no demand was outstanding: a contract
        /// violation. The value was recorded all the same.
        case valueBeyondDemand
        /// The recorder cancelled its subscription.
        case cancelled
        /// A value arrived after cancel, within the demand outstanding at
        /// cancel: in flight, tolerated, not recorded.
        case valueInFlightAfterCancel
        /// A value arrived after cancel, beyond the demand outstanding at
        /// cancel: a contract violation. Not recorded.
        case valueAfterCancel
        /// A completion arrived after cancel: tolerated, not recorded.
        case completionAfterCancel
    }

    /// What happened.
    public let kind: Kind
    /// How many values the recorder had received when it happened (the
    /// value of a value entry included).
    public let valueCount: Int
    /// The demand requested or returned, for `.initial`, `.requested` and
    /// `.returned`; nil otherwise.
    public var demand: Subscribers.Demand? { requested?.demand }
    /// The demand outstanding right after the entry.
    public var outstanding: Subscribers.Demand { outstandingCount.demand }
    /// The virtual time of the entry, for a recorder made with
    /// `record(demand:timedBy:)`.
    public let time: VirtualTime?
    /// The value of a value entry, described.
    public let value: String?

    let requested: DemandCount?
    let outstandingCount: DemandCount

    init(
        _ kind: Kind, valueCount: Int, demand: Subscribers.Demand? = nil, outstanding: Subscribers.Demand,
        time: VirtualTime?, value: String? = nil
    ) {
        self.kind = kind
        self.valueCount = valueCount
        self.requested = demand.map(DemandCount.init)
        self.outstandingCount = DemandCount(outstanding)
        self.time = time
        self.value = value
    }

    /// `initial demand .max(1) → outstanding .max(1)`,
    /// `request(.max(2)) after 1 value → outstanding .max(2)`,
    /// `value #3 (3) beyond demand`, and so on, with ` at 300ms` for a timed
    /// recorder.
    public var description: String {
        let values = valueCount == 1 ? "1 value" : "\(valueCount) values"
        let demandText = requested.map { "\($0)" } ?? ""
        var text: String
        switch kind {
        case .initial: text = "initial demand \(demandText) → outstanding \(outstandingCount)"
        case .requested: text = "request(\(demandText)) after \(values) → outstanding \(outstandingCount)"
        case .returned: text = "returned \(demandText) for value #\(valueCount) → outstanding \(outstandingCount)"
        case .valueBeyondDemand: text = "value #\(valueCount) (\(value ?? "?")) beyond demand"
        case .cancelled: text = "cancel after \(values) (outstanding \(outstandingCount))"
        case .valueInFlightAfterCancel: text = "value (\(value ?? "?")) after cancel, in flight"
        case .valueAfterCancel: text = "value (\(value ?? "?")) after cancel, beyond the demand outstanding at cancel"
        case .completionAfterCancel: text = "completion after cancel"
        }
        if let time { text += " at \(time)" }
        return text
    }
}

/// A demand as a plain `Sendable` value: Combine's `Subscribers.Demand` is
/// not annotated `Sendable` on every platform.
struct DemandCount: Sendable, Equatable, CustomStringConvertible {
    /// The maximum; nil for unlimited.
    let max: Int?

    init(_ demand: Subscribers.Demand) {
        max = demand.max
    }

    var demand: Subscribers.Demand { max.map { .max($0) } ?? .unlimited }

    /// `.none`, `.max(3)`, `.unlimited`: the words a test writes.
    var description: String {
        switch max {
        case nil: return ".unlimited"
        case 0?: return ".none"
        case let count?: return ".max(\(count))"
        }
    }
}
