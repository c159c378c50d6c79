/// The ticks of a ``VirtualScheduler``'s timer (see
/// ``VirtualScheduler/timer(interval:tolerance:options:)``): the scheduler's
/// time at each tick, for one consumer.
///
/// ```swift
/// for await _ in scheduler.timer(interval: .seconds(1)) {
///     count += 1
///     if count == 3 { break }
/// }
/// ```
///
/// Unlike an `AsyncStream`, it hands each tick to its consumer in the
/// consumer's own isolation, and a step of the scheduler waits until the
/// consumer took it there before it moves time on: a `@MainActor` loop over
/// the ticks sees every tick at its instant. On its way back to its
/// isolation, the consumer does not wait for the global executor's threads,
/// which other tests may hold. (Where `next(isolation:)` does not exist —
/// before macOS 15, iOS 18, tvOS 18, watchOS 11 — the consumer is resumed
/// as an `AsyncStream` would resume it.)
///
/// It keeps the newest tick that its consumer has not taken yet, as
/// `AsyncStream`'s `.bufferingNewest(1)` does. It ends when the consumer's
/// task is cancelled; its schedule ends at the first tick after the consumer
/// stopped iterating. A second consumer iterating at the same time gets no
/// element.
public struct VirtualTimerSequence<Element>: AsyncSequence, Sendable {

    /// The sequence's failure type: it never throws.
    public typealias Failure = Never

    let ticker: VirtualTicker<Element>
    let lifetime: VirtualTimerLifetime<Element>

    init(ticker: VirtualTicker<Element>) {
        self.ticker = ticker
        lifetime = VirtualTimerLifetime(ticker)
    }

    /// Makes the iterator of the ticks.
    ///
    /// - returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(ticker: ticker, lifetime: lifetime, consumer: VirtualTimerLifetime(ticker))
    }

    /// The iterator of a ``VirtualTimerSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let ticker: VirtualTicker<Element>
        let lifetime: VirtualTimerLifetime<Element>
        /// The consumer's own: when its iteration ends (its loop returns,
        /// `prefix(n)` is done), the timer ends, even while the test still
        /// holds the sequence.
        let consumer: VirtualTimerLifetime<Element>

        /// The next tick's time; nil once the sequence ended.
        ///
        /// - returns: The scheduler's time at the tick.
        public mutating func next() async -> Element? {
            await ticker.next()
        }

        /// The next tick's time, resumed in the caller's isolation; nil once
        /// the sequence ended.
        ///
        /// - parameter actor: The caller's isolation.
        /// - returns: The scheduler's time at the tick.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await ticker.next(isolation: actor)
        }
    }
}

/// Ends a timer when what holds it is gone: the last copy of its sequence
/// and iterators, or its consumer's iterator (the consumer stopped
/// iterating, even while the sequence is still held).
final class VirtualTimerLifetime<Element>: Sendable {
    private let ticker: VirtualTicker<Element>

    init(_ ticker: VirtualTicker<Element>) {
        self.ticker = ticker
    }

    deinit {
        ticker.finish()
    }
}

/// The state of one timer: the newest tick not taken yet, the consumer
/// waiting for one, and whether the timer ended.
final class VirtualTicker<Element>: Sendable {
    // Sendable: `state` is only touched under its lock; the elements are
    // the scheduler's time values, handed once from the action that ticks
    // to the consumer in an `UncheckedSendable`, as an AsyncStream hands
    // its elements.
    /// A tick for the consumer; `handedOff` when a tick's action resumed
    /// the waiting consumer (counted in `inFlight`).
    struct Delivery: Sendable {
        let value: UncheckedSendable<Element>
        let handedOff: Bool
    }

    private struct State {
        var latest: Element?
        var waiter: CheckedContinuation<Delivery?, Never>?
        /// The waiting consumer's task, where the runtime says.
        var waiterTask: JobKey?
        /// What waits for a consumer to wait (see ``consumerWaits()``).
        var waitWatchers: [CheckedContinuation<Void, Never>] = []
        /// The ticks handed to a consumer that went on where it was: the
        /// tick came before it finished suspending, and its resumption never
        /// reached the global executor.
        var resumedInPlace = 0
        var isFinished = false
    }

    private let state = Locked(State())
    /// The scheduler's count of ticks on their way to their consumers.
    private let inFlight: TicksInFlight

    init(inFlight: TicksInFlight) {
        self.inFlight = inFlight
    }

    /// Hands `time` to the waiting consumer, or keeps it for the next
    /// `next()`. Returns false once the timer ended: its schedule should
    /// end too.
    func tick(_ time: Element) -> Bool {
        let (waiter, consumer, isFinished) = state.withLock {
            state -> (CheckedContinuation<Delivery?, Never>?, JobKey?, Bool) in
            if state.isFinished { return (nil, nil, true) }
            if let waiter = state.waiter {
                state.waiter = nil
                defer { state.waiterTask = nil }
                return (waiter, state.waiterTask, false)
            }
            state.latest = time
            return (nil, nil, false)
        }
        if let waiter {
            // Counted until the consumer runs again in its isolation.
            inFlight.begin()
            // On its way there, it waits for no other test (see
            // `TickResumes`).
            if let consumer, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
                TaskJoining.tickResumes(consumer)
            }
            waiter.resume(returning: Delivery(value: UncheckedSendable(time), handedOff: true))
        }
        return !isFinished
    }

    /// Returns once a consumer waits for the next tick, so that the next
    /// tick is handed to it rather than kept (for tests of the handing), or
    /// once the timer ended.
    func consumerWaits() async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let waits = state.withLock { state -> Bool in
                if state.waiter != nil || state.isFinished { return true }
                state.waitWatchers.append(watcher)
                return false
            }
            if waits { watcher.resume() }
        }
    }

    /// How many ticks handed to a consumer found it still on its way to
    /// suspend, so that it went on where it was (for tests of the way back).
    var ticksResumedInPlace: Int {
        state.withLock { $0.resumedInPlace }
    }

    /// Ends the timer: the waiting consumer, if any, gets nil.
    func finish() {
        let (waiter, watchers) = state.withLock { state -> (CheckedContinuation<Delivery?, Never>?, [CheckedContinuation<Void, Never>]) in
            state.isFinished = true
            state.latest = nil
            defer {
                state.waiter = nil
                state.waitWatchers = []
            }
            return (state.waiter, state.waitWatchers)
        }
        waiter?.resume(returning: nil)
        // No consumer will wait any more.
        for watcher in watchers { watcher.resume() }
    }

    /// The next tick, resumed in `isolation`: at once if one is kept, else
    /// when the next tick comes; nil once the timer ended, or for a second
    /// consumer.
    func next(isolation: isolated (any Actor)? = #isolation) async -> Element? {
        if Task.isCancelled {
            finish()
            return nil
        }
        // The isolation is passed explicitly, and the operation captures
        // it: the consumer stores its continuation without leaving its
        // isolation. (Left to the defaults, a stress run under load saw the
        // consumer come back for the next tick after the step had ticked
        // it, 1 run in 60.)
        let tick = await withTaskCancellationHandler(operation: { () async -> Delivery? in
            _ = isolation
            return await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Delivery?, Never>) in
                let (now, watchers) = state.withLock { state -> (Delivery??, [CheckedContinuation<Void, Never>]) in
                    if let latest = state.latest {
                        state.latest = nil
                        return (.some(Delivery(value: UncheckedSendable(latest), handedOff: false)), [])
                    }
                    if state.isFinished || state.waiter != nil { return (.some(nil), []) }
                    state.waiter = continuation
                    state.waiterTask = JobKey.currentTask
                    defer { state.waitWatchers = [] }
                    return (nil, state.waitWatchers)
                }
                if let now { continuation.resume(returning: now) }
                for watcher in watchers { watcher.resume() }
            }
        }, onCancel: {
            finish()
        }, isolation: isolation)
        // Here the consumer runs in its isolation again.
        if tick?.handedOff == true {
            if let consumer = JobKey.currentTask, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *),
               TaskJoining.tickResumeArrived(consumer) {
                state.withLock { $0.resumedInPlace += 1 }
            }
            inFlight.end()
        }
        return tick?.value.value
    }
}
