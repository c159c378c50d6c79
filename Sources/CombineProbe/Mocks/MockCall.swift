/// One call to a mocked function, as recorded by ``PublisherMock``.
///
/// Not `Sendable`: the arguments are whatever the mock passed, which may not
/// be safe to share across threads.
public struct MockCall: CustomStringConvertible {
    /// The function, as `#function` spells it: `getUser(id:)`.
    public let function: String
    /// The arguments, in order, as the mock passed them.
    public let arguments: [Any]
    /// Counts the subscriptions to the publisher this call returned; shared
    /// by the copies of this call.
    let subscriptions = MockSubscriptionCounter()
    /// The description as `distinctName(among:)` first read it, shared by the
    /// copies of this call: telling a call from the identical ones before
    /// it reads every earlier call's description, and an explored schedule
    /// names each answer's source (see `MockDelivery.steps(on:of:_:)`), so
    /// without it naming n calls would describe their arguments n² / 2
    /// times.
    let descriptionForNames = MockCallDescriptionCache()

    /// The calls of the mock that received this one, in order, when a
    /// ``PublisherMock`` did: a report tells identical calls apart by them.
    weak var siblings: Locked<[MockCall]>?

    /// This call, for a report that must tell it from identical ones: its
    /// description, `getUser(id:) with (42)`; or, when an earlier call of
    /// its mock had the same function and arguments, its rank among them,
    /// `the second call to getUser(id:) with (42)`. Its rank is counted
    /// among `calls`, the calls of its mock (nil: none known; see
    /// `MockDelivery.makeExecutor(for:)`, which holds its mock's log).
    func distinctName(among calls: [MockCall]?) -> String {
        let text = descriptionForNames.description(of: self)
        guard let calls else { return text }
        var rank = 0
        for call in calls where call.function == function && call.descriptionForNames.description(of: call) == text {
            rank += 1
            if call.subscriptions === subscriptions { break }
        }
        return rank > 1 ? "the \(Self.ordinal(rank)) call to \(text)" : text
    }

    /// `second`, `third` … `tenth`, then `11th`, `22nd`.
    static func ordinal(_ rank: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        if (1...words.count).contains(rank) { return words[rank - 1] }
        let suffix = (11...13).contains(rank % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][rank % 10] ?? "th"
        return "\(rank)\(suffix)"
    }

    /// How many times the publisher this call returned was subscribed to so
    /// far: 3 after `retry(2)` retried twice, 0 when nothing subscribed.
    ///
    /// ```swift
    /// XCTAssertEqual(mock.calls(to: "getUser(id:)").first?.subscriptionCount, 3)
    /// ```
    public var subscriptionCount: Int { subscriptions.count }

    /// The argument at `index`, if there is one of type `T`.
    ///
    /// ```swift
    /// XCTAssertEqual(mock.calls(to: "getUser(id:)").first?.argument(0, as: Int.self), 42)
    /// ```
    ///
    /// - parameter index: The argument's position, from zero.
    /// - parameter type: The type to read it as.
    public func argument<T>(_ index: Int = 0, as type: T.Type = T.self) -> T? {
        guard arguments.indices.contains(index) else { return nil }
        return arguments[index] as? T
    }

    /// `getUser(id:) with (42)`
    public var description: String {
        arguments.isEmpty
            ? function
            : "\(function) with (\(arguments.map { ValueDescription.of($0) }.joined(separator: ", ")))"
    }
}

/// The number of subscriptions to the publisher of one call.
final class MockSubscriptionCounter: Sendable {
    private let value = Locked(0)

    var count: Int { value.withLock { $0 } }

    func increment() {
        value.withLock { $0 += 1 }
    }
}

/// A call's description, made once, for the names that tell identical calls
/// apart (see `MockCall.distinctName(among:)`).
final class MockCallDescriptionCache: Sendable {
    private let text = Locked<String?>(nil)

    /// `call`'s description, made the first time it is asked for.
    func description(of call: MockCall) -> String {
        if let made = text.withLock({ $0 }) { return made }
        // Made outside the lock: describing the arguments runs their code.
        let made = call.description
        return text.withLock { text in
            if let earlier = text { return earlier }
            text = made
            return made
        }
    }
}
