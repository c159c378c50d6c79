/// What an exploration reorders: the choices the code under test cannot
/// rely on.
///
/// The default, ``default``, explores what differs on a device for ordinary
/// code, and never an order a serial queue cannot take:
///
/// ```swift
/// exploreSchedules(exploring: .default.union(.allTiedActions)) { _ in … }
/// ```
public struct ExploredOrders: OptionSet, Sendable, Hashable {
    /// The options, one per bit.
    public let rawValue: Int

    /// Makes a set of options from its bits.
    ///
    /// - parameter rawValue: The bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Actions due at the same virtual instant that race: from different
    /// sources — different doubles' answers, different sleeps' wake-ups, or
    /// work scheduled at different instants (a timer set a while ago, and an
    /// answer that arrives as it fires). Actions of one source keep their
    /// order: `receive(on:)`'s value, then its completion.
    public static let racingActions = ExploredOrders(rawValue: 1 << 0)

    /// Every action due at the same virtual instant, even those one piece of
    /// code scheduled together, in an order a serial queue keeps: for code
    /// that runs on a concurrent queue, or that must not rely on a queue's
    /// order. It reorders `receive(on:)`'s completion before its value.
    public static let allTiedActions = ExploredOrders(rawValue: 1 << 1)

    /// The jobs ready at once on a scheduler's ``VirtualTaskExecutor``:
    /// child tasks, and tasks resumed together, as a device's cooperative
    /// pool runs them, in any order.
    public static let readyJobs = ExploredOrders(rawValue: 1 << 2)

    /// The latency of a double's answer, within its range
    /// (`MockDelivery.after(between:on:)`): the lower or the upper bound, so
    /// that a later call can be answered first.
    public static let latencies = ExploredOrders(rawValue: 1 << 3)

    /// What an exploration reorders unless it says otherwise: racing
    /// actions, ready jobs and latencies.
    public static let `default`: ExploredOrders = [.racingActions, .readyJobs, .latencies]

    /// Everything: the default, and every tie.
    public static let all: ExploredOrders = [.default, .allTiedActions]
}
