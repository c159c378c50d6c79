/// The publisher a mocked function returns: replays the resolved events of a
/// ``MockResult`` to each subscriber, honouring demand, with the mock's
/// delivery.
struct MockedPublisher<Output, Failure: Error>: Publisher {
    let behavior: MockResult<Output, Failure>.Behavior
    /// The call that returned this publisher: it counts the subscriptions.
    let call: MockCall
    let delivery: MockDelivery
    /// The double's reporter: subscribing is touching the double, so the
    /// failures it kept are recorded now if the framework is known here.
    let reporter: DeferredFailureReporter

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        reporter.deliverPending()
        call.subscriptions.increment()
        let subscription = MockSubscription(downstream: subscriber, executor: delivery.makeExecutor(for: call))
        var behavior = self.behavior
        if case let .attempts(attempts) = behavior {
            // Each subscription takes the next outcome.
            behavior = attempts.next(for: call, report: reporter.report)
        }
        switch behavior {
        case let .events(values, completion):
            var events = values.map(RecordedEvent<Output, Failure>.value)
            if let completion { events.append(RecordedEvent(completion)) }
            subscription.enqueue(events)
        case let .generated(body):
            subscription.generator = body
        case .computed, .decoded, .invalid, .attempts:
            // Resolved by the mock before the publisher is built.
            break
        }
        subscriber.receive(subscription: subscription)
    }
}

/// The non-generic face of a ``MockSubscription``, for the closures handed
/// to a delivery scheduler: they capture this existential, and no generic
/// type.
protocol MockEventTarget: AnyObject, Sendable {
    /// Sends buffered events while there is demand.
    func drain()
    /// Runs the generator of a `generate` result, if any.
    func runGenerator()
    /// Buffers an event sent by an emitter (a `RecordedEvent` of the
    /// subscription's types).
    func accept(_ event: Any)
}

/// One subscription to a mocked publisher.
final class MockSubscription<Downstream: Subscriber>: Subscription, MockEventTarget {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private struct State {
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var buffer: [RecordedEvent<Output, Failure>] = []
        var head = 0
        var completed = false
        var draining = false
        var generator: ((MockEmitter<Output, Failure>) -> Void)?
    }

    private let state: Locked<State>
    private let executor: MockExecutor

    init(downstream: Downstream, executor: MockExecutor) {
        state = Locked(State(downstream: downstream))
        self.executor = executor
    }

    var generator: ((MockEmitter<Output, Failure>) -> Void)? {
        get { state.withLock { $0.generator } }
        set { state.withLock { $0.generator = newValue } }
    }

    /// Adds events to deliver. Events after a completion are ignored.
    func enqueue(_ events: [RecordedEvent<Output, Failure>]) {
        state.withLock { state in
            for event in events where !state.completed {
                state.buffer.append(event)
                if event.isCompletion { state.completed = true }
            }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        let startsGenerator = state.withLock { state -> Bool in
            state.demand += demand
            return state.generator != nil
        }
        let target: any MockEventTarget = self
        if startsGenerator {
            executor.runGenerator { target.runGenerator() }
        }
        executor.run { target.drain() }
    }

    func runGenerator() {
        let generator = state.withLock { state in
            defer { state.generator = nil }
            return state.generator
        }
        generator?(MockEmitter(target: self))
    }

    func accept(_ event: Any) {
        guard let event = event as? RecordedEvent<Output, Failure> else { return }
        enqueue([event])
        let target: any MockEventTarget = self
        executor.run { target.drain() }
    }

    func cancel() {
        state.withLock { state in
            state.downstream = nil
            state.buffer = []
            state.head = 0
            state.generator = nil
        }
    }

    /// Sends buffered events while there is demand. Only one drain runs at a
    /// time; a drain requested meanwhile is taken over by the running one.
    private enum Step {
        case value(Downstream, Output)
        case completion(Downstream, Subscribers.Completion<Failure>)
        case stop
    }

    func drain() {
        let start = state.withLock { state -> Bool in
            if state.draining { return false }
            state.draining = true
            return true
        }
        guard start else { return }
        while true {
            let step: Step = state.withLock { state in
                guard let downstream = state.downstream, state.head < state.buffer.count else {
                    state.draining = false
                    return .stop
                }
                switch state.buffer[state.head] {
                case let .value(value):
                    guard state.demand > 0 else {
                        state.draining = false
                        return .stop
                    }
                    state.demand -= 1
                    state.head += 1
                    return .value(downstream, value)
                case .finished:
                    state.downstream = nil
                    state.head += 1
                    return .completion(downstream, .finished)
                case let .failure(error):
                    state.downstream = nil
                    state.head += 1
                    return .completion(downstream, .failure(error))
                }
            }
            switch step {
            case .stop:
                return
            case let .value(downstream, value):
                let more = downstream.receive(value)
                state.withLock { $0.demand += more }
            case let .completion(downstream, completion):
                downstream.receive(completion: completion)
            }
        }
    }
}
