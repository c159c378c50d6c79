/// Values beyond demand that a publisher sent in a row, to a recorder made
/// with `record(demand:)`: one failure counts them, rather than one failure
/// each, each quoting the ledger again.
///
/// A burst of one reads as before: "Publisher recorder got a value beyond
/// demand: 8". A longer one: "Publisher recorder got 6 values beyond
/// demand: 8, 9, 10, 11, 12, 13", with the ledger as it stood after the
/// last of them.
struct BeyondDemandBurst: Sendable {
    /// How many values the headline quotes.
    static let quotedValueCount = 8

    private var first: RecorderStorageMisuse?
    private var last: RecorderStorageMisuse?
    private var values: [String] = []
    private(set) var count = 0

    /// Adds a value beyond demand, as the demand account reported it.
    mutating func add(_ misuse: RecorderStorageMisuse) {
        count += 1
        if first == nil { first = misuse }
        last = misuse
        if values.count < Self.quotedValueCount { values.append(misuse.value) }
    }

    /// The one misuse that reports the burst.
    var misuse: RecorderStorageMisuse {
        guard count > 1, let last else {
            return first ?? RecorderStorageMisuse("Publisher recorder got no value beyond demand", "", kind: .valueBeyondDemand)
        }
        let quoted = values.joined(separator: ", ") + (count > values.count ? ", … (\(count - values.count) more)" : "")
        return RecorderStorageMisuse(
            "Publisher recorder got \(count) values beyond demand: \(quoted)",
            last.explanation.replacingOccurrences(of: "The value was recorded all the same.", with: "The values were recorded all the same."),
            kind: .valueBeyondDemand)
    }
}
