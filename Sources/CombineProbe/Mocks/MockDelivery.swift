import Foundation

/// When a mocked publisher delivers its events.
///
/// The default, ``background``, delivers asynchronously like production code
/// does — by construction, not by a race: a test of code that forgets to wait
/// for the result fails, instead of passing by accident.
public struct MockDelivery: Sendable {
    enum Kind: Sendable {
        case background
        /// On a background queue at once: for a call that the code under
        /// test awaits (``PublisherMock/mockAsyncFunction(returning:arguments:delivery:function:)``).
        case backgroundAtOnce
        case immediate
        /// Scheduled: given the call's description (made when asked),
        /// makes the function that schedules each delivery step of one
        /// subscription.
        case scheduled(@Sendable (@escaping @Sendable () -> String) -> @Sendable (@escaping @Sendable () -> Void) -> Void)
    }

    let kind: Kind

    /// Asynchronously, after the test waits.
    ///
    /// Nothing reaches a subscriber before the call that made the publisher
    /// has returned and the test has waited: the events are held until the
    /// test starts a CombineProbe wait (any `wait(for:timeout:)`, virtual
    /// or real, `waitForCompletion()`, an assertion's `timeout:`), or, for
    /// tests that wait another way, until ``holdTime`` has passed. Then each
    /// publisher delivers on a serial queue of its own: a slow double delays
    /// only itself, and the values a `.generate` closure sends arrive as it
    /// sends them.
    public static let background = MockDelivery(kind: .background)

    /// Synchronously, during the subscription.
    public static let immediate = MockDelivery(kind: .immediate)

    /// How long ``background`` delivery holds events when the test does not
    /// wait with CombineProbe: 50 milliseconds.
    public static let holdTime: TimeInterval = 0.05

    /// On the given scheduler: with a ``VirtualScheduler``, the mock answers
    /// in virtual time, on the next advance.
    ///
    /// - parameter scheduler: The scheduler that delivers the events.
    public static func on<S: Scheduler & Sendable>(_ scheduler: S) -> MockDelivery {
        MockDelivery(kind: .scheduled { call in
            steps(on: scheduler, of: call) { action in scheduler.schedule(action) }
        })
    }

    /// On the given scheduler, `delay` after the call: a service that takes
    /// its time to answer. With a ``VirtualScheduler``, the delay is virtual.
    ///
    /// ```swift
    /// service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
    /// ```
    ///
    /// - parameter delay: How long after the subscription the events come.
    /// - parameter scheduler: The scheduler that delivers the events.
    public static func after<S: Scheduler & Sendable>(_ delay: S.SchedulerTimeType.Stride, on scheduler: S) -> MockDelivery {
        // Carried as nanoseconds: a scheduler's stride need not be Sendable.
        let nanoseconds = Int(StrideNanoseconds.of(delay))
        return MockDelivery(kind: .scheduled { call in
            steps(on: scheduler, of: call) { action in
                scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(nanoseconds)), action)
            }
        })
    }

    /// On the given scheduler, some time within `latency` after the call: a
    /// service whose answers take more or less time, and may overtake each
    /// other.
    ///
    /// ```swift
    /// search.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
    /// ```
    ///
    /// A test that explores schedules (``ScheduleExploration``) tries both
    /// bounds for each call: an answer that comes after the lower bound in
    /// one schedule comes after the upper bound in another, so a later call
    /// can be answered first. Otherwise every answer comes after the lower
    /// bound. With a ``VirtualScheduler``, the latency is virtual, and it is
    /// explored only if the scheduler was made inside the exploration's body
    /// (with another scheduler: if this delivery was): a world made outside
    /// would carry its state from one schedule into the next.
    ///
    /// - parameter latency: How long after the subscription the events may
    ///   come; a negative bound counts as zero.
    /// - parameter scheduler: The scheduler that delivers the events.
    public static func after<S: Scheduler & Sendable>(
        between latency: ClosedRange<S.SchedulerTimeType.Stride>, on scheduler: S
    ) -> MockDelivery {
        let lower = max(0, Int(StrideNanoseconds.of(latency.lowerBound)))
        let upper = max(lower, Int(StrideNanoseconds.of(latency.upperBound)))
        let choices = ScheduleChoices.of(scheduler)
        return MockDelivery(kind: .scheduled { call in
            // One latency per subscription, chosen when it is made.
            let delay = ScheduleChoices.latency(from: lower, to: upper, in: choices) { "the answer to \(call())" }
            return steps(on: scheduler, of: call) { [delay] action in
                scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(delay)), action)
            }
        })
    }

    /// The function that schedules the delivery steps of one subscription
    /// with `schedule`: as it is; or, on a scheduler that follows an
    /// explored schedule, as a source of its own, named after the call (see
    /// ``ScheduleLabel``), so that two calls' answers race and one call's
    /// steps keep their order.
    static func steps<S: Scheduler>(
        on scheduler: S, of call: @escaping @Sendable () -> String,
        _ schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) -> @Sendable (@escaping @Sendable () -> Void) -> Void {
        guard (scheduler as? any ScheduleChoosing)?.scheduleChoices != nil else { return schedule }
        // Named when a report asks: most schedules never do.
        let source = ScheduleSource("the answer to ", call)
        return { action in ScheduleLabel.withSource(source) { schedule(action) } }
    }

    /// The executor of one subscription to the publisher of `call`, which
    /// names its work in flight.
    func makeExecutor(for call: MockCall) -> MockExecutor {
        switch kind {
        case .background: return MockExecutor(gate: DeliveryGate(), call: "\(call)")
        case .backgroundAtOnce: return MockExecutor(gate: DeliveryGate(opened: true), call: "\(call)")
        case .immediate: return MockExecutor(run: { $0() }, runGenerator: { $0() })
        case let .scheduled(makeSchedule):
            // The call's arguments are read when a report names the answer,
            // maybe on another thread, as the mock's log of calls is read
            // by a test (see `UncheckedSendable`). The log is held here: a
            // report written after the mock is gone still tells identical
            // calls apart.
            let described = UncheckedSendable(call)
            let log = call.siblings
            let schedule = makeSchedule({ described.value.distinctName(among: log?.withLock { $0 }) })
            return MockExecutor(run: schedule, runGenerator: schedule)
        }
    }
}

/// Where one mocked subscription runs its work.
struct MockExecutor: Sendable {
    /// Runs a delivery step, in the subscription's serial order.
    let run: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// Runs a `.generate` closure.
    let runGenerator: @Sendable (@escaping @Sendable () -> Void) -> Void

    init(
        run: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        runGenerator: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) {
        self.run = run
        self.runGenerator = runGenerator
    }

    /// Background delivery: a serial queue of its own for the delivery
    /// steps, the shared concurrent pool for the generator, so that a
    /// generator that blocks delays nothing but its own values; both behind
    /// the gate. `call` (`forecast(for:) with ("Oslo")`) names the work in
    /// flight.
    init(gate: DeliveryGate, call: String) {
        let queue = DispatchQueue(label: "CombineProbe.MockDelivery", target: .global())
        // Each delivery step, and each run of a generator, is work in flight
        // for waits in virtual time, from the moment it is handed over until
        // it ran: a generator's values are delivered by steps it hands over
        // while it runs, so that there is no instant, between its start and
        // its last step, when the wait sees nothing in flight.
        let delivery = "the background delivery of \(call) of a PublisherMock"
        run = { action in
            let token = InFlightWork.shared.begin(delivery, owner: gate.owner)
            gate.run {
                queue.async {
                    action()
                    InFlightWork.shared.end(token)
                }
            }
        }
        let generator = "the .generate closure of \(call) of a PublisherMock, still running"
        runGenerator = { action in
            let token = InFlightWork.shared.begin(generator, owner: gate.owner)
            gate.run {
                DispatchQueue.global().async {
                    action()
                    InFlightWork.shared.end(token)
                }
            }
        }
    }
}
