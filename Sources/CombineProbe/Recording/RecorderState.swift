/// Where a recorder stands in the subscriber life cycle.
enum RecorderPhase {
    /// `record()` was called; the publisher has not sent its subscription.
    case awaitingSubscription
    /// The publisher sent its subscription and may send values.
    case subscribed
    /// The publisher completed.
    case completed
    /// The recorder was cancelled (explicitly, or because it went away).
    case cancelled
}

/// Everything a recorder knows. Only ever accessed under the recorder's lock
/// (`RecorderStorage.state`), which makes each access exclusive.
///
/// A final class rather than a struct: in the recorder's generic code, the
/// fields of a generic struct can only be reached through type metadata
/// looked up at run time, once per recorded value, while a class finds them
/// through the instance itself. The lock already guarantees exclusive access,
/// so the fields opt out of the dynamic exclusivity checks as well.
@usableFromInline
final class RecorderState<Input, Failure: Error> {
    @exclusivity(unchecked) var phase = RecorderPhase.awaitingSubscription {
        didSet { updateTakesPlainAppend() }
    }
    /// The subscription, while subscribed.
    @exclusivity(unchecked) var subscription: (any Subscription)?
    /// Every value received, in order, the last few of them still in
    /// `pending`: read `elements`, and append with `appendElement(_:)`.
    @usableFromInline @exclusivity(unchecked) var storedElements: [Input] = []
    /// The values received since the last read or batch (see
    /// ``PendingElements``).
    @usableFromInline let pending = PendingElements<Input>()

    /// Every value received, in order.
    @inlinable
    var elements: [Input] {
        if pending.count > 0 { movePending() }
        return storedElements
    }

    /// Records `element` after the others: O(1) amortized, without looking
    /// up the array's type metadata (see ``PendingElements``).
    @inlinable @inline(__always)
    func appendElement(_ element: Input) {
        if pending.append(element) { movePending() }
    }

    @usableFromInline
    @inline(never)
    func movePending() {
        pending.move(into: &storedElements)
    }
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>? {
        didSet { isCompleted = completion != nil }
    }
    /// Whether a completion was recorded: kept beside it, because comparing
    /// the generic optional with nil looks up its type metadata, and every
    /// check of a wait's condition asks.
    @exclusivity(unchecked) private(set) var isCompleted = false
    /// The virtual time of each element, for a recorder timed by a virtual
    /// scheduler; empty otherwise.
    @exclusivity(unchecked) var times: [VirtualTime] = []
    /// The virtual time of the completion, for a timed recorder.
    @exclusivity(unchecked) var completionTime: VirtualTime?
    /// How many elements `next()` and friends have consumed.
    @usableFromInline @exclusivity(unchecked) var consumed = 0
    /// Whether a read consumed the completion (elements, finished…).
    @exclusivity(unchecked) var completionConsumed = false
    /// Whether unconsumed events are reported at the end of the test.
    @exclusivity(unchecked) var isExhaustive = false
    /// Whether the end-of-test check ran already (it runs once).
    @exclusivity(unchecked) var exhaustivenessChecked = false
    /// How many elements, and whether the completion, a failed wait already
    /// showed in its failure: the exhaustive check does not report them again.
    @exclusivity(unchecked) var reportedByFailedWait = (elements: 0, completion: false)
    /// Pending waits, checked after each event. Usually zero or one.
    @exclusivity(unchecked) var waiters: [Waiter] = [] {
        didSet { updateTakesPlainAppend() }
    }
    @exclusivity(unchecked) var nextWaiterID = 0
    /// Misuse reports that could not be delivered to the test yet (see
    /// `RecorderStorage.reportMisuse`).
    @usableFromInline @exclusivity(unchecked) var undeliveredMisuse: [String] = []
    /// Whether the `Recorder` went away: no read will deliver a misuse kept
    /// from then on (see `RecorderStorage.keepMisuse`).
    @exclusivity(unchecked) var isReleased = false
    /// The demand account of a recorder made with `record(demand:)`; nil
    /// for a recorder that requests unlimited demand (no per-value cost).
    @exclusivity(unchecked) var demand: DemandAccount?
    /// The subscription object the publisher gave the recorder, held weakly
    /// so that a test can check it is released (nil when it is a value).
    weak var receivedSubscription: AnyObject?
    /// The type of that subscription: its name is only made for a message
    /// (``receivedSubscriptionTypeName``).
    @exclusivity(unchecked) var receivedSubscriptionType: Any.Type?
    /// For the recorder of a contract check: where its misuse goes instead
    /// of being reported.
    @exclusivity(unchecked) var misuseSink: MisuseSink?
    /// The values beyond demand received in a row and not reported yet:
    /// reported as one failure that counts them (see
    /// `RecorderStorage.reportMisuse`).
    @exclusivity(unchecked) var beyondDemand: BeyondDemandBurst?

    /// The type name of the subscription the publisher gave, for messages.
    var receivedSubscriptionTypeName: String? {
        receivedSubscriptionType.map { String(describing: $0) }
    }

    /// Whether a value may be recorded by a plain append, the hot path of
    /// `RecorderStorage.receive(_:)`: subscribed, and no test waits for
    /// elements (a wait for the completion cannot end with an element).
    ///
    /// Stored, and kept up to date as the phase and the waiters change: the
    /// hot path reads it without a call.
    @usableFromInline @exclusivity(unchecked) private(set) var takesPlainAppend = false

    private func updateTakesPlainAppend() {
        takesPlainAppend = phase == .subscribed && waiters.allSatisfy { $0.condition == .completion }
    }

    /// True while no value and no completion was recorded.
    var recordedNothing: Bool { elements.isEmpty && !isCompleted }

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
        case let .custom(condition):
            return condition.isSatisfied(self)
        }
    }

    /// Marks every element, and the completion if there is one, as consumed.
    func consumeAll() {
        consumed = elements.count
        if completion != nil { completionConsumed = true }
    }

    /// Marks every element as consumed, and not the completion.
    func consumeElements() {
        consumed = elements.count
    }

    /// The events no read consumed: the elements after the cursor, and the
    /// completion unless a read consumed it.
    var unconsumedEvents: [(event: RecordedEvent<Input, Failure>, time: VirtualTime?)] {
        var events = (consumed..<elements.count).map { index in
            (RecordedEvent<Input, Failure>.value(elements[index]), index < times.count ? times[index] : nil)
        }
        if let completion, !completionConsumed {
            events.append((RecordedEvent(completion), completionTime))
        }
        return events
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
    /// A condition of an expectation written outside the library (see
    /// ``WaitPlan/init(recorder:name:goal:until:value:)``).
    case custom(CustomWaitCondition)
}

/// A condition given as a closure over the recorder's state, which it
/// receives as `AnyObject` (a ``RecorderState`` of the right types).
/// Equatable by identity.
final class CustomWaitCondition: Sendable, Equatable {
    let isSatisfied: @Sendable (AnyObject) -> Bool

    init(_ isSatisfied: @escaping @Sendable (AnyObject) -> Bool) {
        self.isSatisfied = isSatisfied
    }

    static func == (lhs: CustomWaitCondition, rhs: CustomWaitCondition) -> Bool { lhs === rhs }
}

/// A pending wait.
struct Waiter {
    let id: Int
    let condition: WaitCondition
    let fulfill: @Sendable () -> Void
}
