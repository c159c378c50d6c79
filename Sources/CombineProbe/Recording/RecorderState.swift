/// Everything a recorder knows, guarded by the recorder's lock.
struct RecorderState<Input, Failure: Error> {
    /// Where the recorder stands in the subscriber life cycle.
    enum Phase {
        /// `record()` was called; the publisher has not sent its subscription.
        case awaitingSubscription
        /// The publisher sent its subscription and may send values.
        case subscribed(any Subscription)
        /// The publisher completed.
        case completed
        /// The recorder was cancelled (explicitly, or because it went away).
        case cancelled
    }

    var phase = Phase.awaitingSubscription
    /// Every value received, in order. Appended in place: O(1) amortized.
    var elements: [Input] = []
    var completion: Subscribers.Completion<Failure>?
    /// How many elements `next()` and friends have consumed.
    var consumed = 0
    /// Pending waits, checked after each event. Usually zero or one.
    var waiters: [Waiter] = []
    var nextWaiterID = 0
    /// Misuse reports that could not be delivered to the test yet (see
    /// `RecorderStorage.reportMisuse`).
    var undeliveredMisuse: [String] = []

    var isCompleted: Bool { completion != nil }

    /// The elements not consumed yet.
    var remainingCount: Int { elements.count - consumed }

    /// Whether a wait on `condition` may end now.
    func satisfies(_ condition: WaitCondition) -> Bool {
        switch condition {
        case .completion:
            return isCompleted
        case let .elements(count, countingConsumed):
            if isCompleted { return true }
            return (countingConsumed ? elements.count : remainingCount) >= count
        }
    }

    /// Marks every element as consumed.
    mutating func consumeAll() {
        consumed = elements.count
    }
}

/// What a wait waits for. A plain value, so that checking it after each event
/// costs a comparison, not a closure call.
enum WaitCondition: Sendable, Equatable {
    /// The publisher completes.
    case completion
    /// `count` elements are available, or the publisher completes. The count
    /// starts at the first element when `countingConsumed` is true, and at the
    /// first element not consumed yet otherwise.
    case elements(Int, countingConsumed: Bool)
}

/// A pending wait.
struct Waiter {
    let id: Int
    let condition: WaitCondition
    let fulfill: @Sendable () -> Void
}
