import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// The `URLProtocol` that answers the requests of a ``NetworkStub``'s
/// sessions.
///
/// A protocol class cannot tell which session a request comes from, and
/// tests run in parallel: each live `NetworkStub` therefore claims a slot
/// (see `StubSlots`), and its sessions use a protocol class of their own,
/// which serves that slot only. The classes are specializations of one
/// generic class, made on demand (`SlotIndex` spells the slot number in
/// binary, in types), so there is no ceiling on how many stubs are alive at
/// once; free slots are reused, so the number of classes is the largest
/// number of stubs alive (or released with tasks still running) at one time.
///
/// Each task is completed exactly once, by this protocol or by the session,
/// never by both. FoundationNetworking cancels a task on the queue that calls
/// `startLoading()`, and then completes the task itself: it calls
/// `stopLoading()`, then the client with `URLError(.cancelled)`. A second
/// completion stops the process ("Trying to access a behaviour for a task
/// that in not in the registry"). So:
/// - a task already cancelled when it starts loading is not answered: the
///   session completes it (this is how the requests of a released stub end);
/// - an answer claims the task under the lock, unless `stopLoading()` came
///   first; once claimed, the protocol has no client any more (on
///   FoundationNetworking), so that a cancellation racing with a delayed
///   answer does not complete the task a second time.
///
/// Each request is work in flight for waits in virtual time, from the
/// protocol's creation (inside `task.resume()`, on FoundationNetworking) or
/// its `startLoading()` until its completion handler ran (see
/// `StubRequestsInFlight`). An answer in a scheduler's time
/// (`StubResponse.delayed(between:on:)`) is not work in flight while it
/// waits for the scheduler: its latency is chosen, and its action scheduled,
/// when the protocol is created, on the thread that resumed the task.
///
/// The client is called in the context of the `startLoading()` it answers
/// (see `StubLoadingContext`), never from the thread where a later answer
/// (a delay, a scheduler's action) became due:
/// - Apple's URL loading system calls `startLoading()` and `stopLoading()`
///   on a thread of its own and expects the client's calls there: a later
///   answer is performed on that thread's run loop, in the modes it ran in.
///   A `stopLoading()` therefore never runs in the middle of an answer, and
///   an answer performed after it finds the loading stopped.
/// - FoundationNetworking reads and changes the session's task registry on
///   the session's work queue, without a lock, also in the client's
///   methods: an answer given from another thread can meet a task's removal
///   and stop the process. So a later answer is handed back to that queue:
///   resuming a running task makes the session call `startLoading()` there
///   again, which gives it.
///
/// `URLProtocol` is not `Sendable`; URLSession calls `startLoading` and
/// `stopLoading` on its own queue, a delayed answer comes from another, and
/// this class's state is behind a lock.
class StubURLProtocol: URLProtocol {
    /// The slot this class serves.
    class var slot: Int { -1 }

    private struct Loading {
        /// Counts the calls to `startLoading`: an answer scheduled by an
        /// earlier one (before a suspension) is stale.
        var generation = 0
        /// Between `startLoading` and `stopLoading`.
        var isLoading = false
        /// Where the client is called: the context of the last
        /// `startLoading` (see `StubLoadingContext`).
        var context: StubLoadingContext?
        /// The answer was given: the task is this protocol's to complete.
        var isAnswered = false
        var scheduled: DispatchWorkItem?
        /// The request as work in flight, until it lands or stops (see
        /// `StubRequestsInFlight`).
        var inFlight: (requests: StubRequestsInFlight, token: UInt64)?
        /// The requests in flight of the stub that answers, once known: it
        /// knows the session's delegate queue.
        var requests: StubRequestsInFlight?
        /// The answer comes in a scheduler's time (``StubResponse/delayed(between:on:)``),
        /// from an action scheduled on it: when the request was resumed, or
        /// (see ``answerOnScheduler(_:_:generation:router:)``) when it started
        /// loading.
        var isScheduled = false
        /// That action ran: the answer is due.
        var isDue = false
        /// The answer that waits for that action, given by `startLoading`
        /// number `generation`.
        var awaitingAction: (response: StubResponse, generation: Int)?
        /// The answer handed back to the session's work queue
        /// (FoundationNetworking) by a scheduler's action or a delayed
        /// answer: the next `startLoading`, which their `task.resume()` makes
        /// the session call there, gives it.
        var handedOff: (response: StubResponse, generation: Int)?
        /// Signalled once the answer landed (the completion handler ran), or
        /// cannot come: the action waits for it.
        var landed: DispatchSemaphore?
        /// The action is being scheduled: a scheduler that runs it at once
        /// runs it inside `resume()` or `startLoading`, which it must not
        /// wait for.
        var isScheduling = false
    }

    private let loading = Locked(Loading())

    /// How many answers a scheduler's action gave up waiting for (they did
    /// not land within the default timeout of real time): for tests, which
    /// tell an overloaded machine from a schedule that does not replay.
    static let lateLandings = Locked(0)

    #if canImport(FoundationNetworking)
    /// FoundationNetworking creates the protocol inside `task.resume()`
    /// (the stub's sessions have no URL cache): the request is work in
    /// flight from then on.
    required convenience init(task: URLSessionTask, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        // As URLProtocol's own initializer does.
        let request = task.originalRequest ?? task.currentRequest ?? URLRequest(url: URL(fileURLWithPath: "/"))
        self.init(request: request, cachedResponse: cachedResponse, client: client)
        self.task = task
        let router = StubSlots.router(inSlot: Self.slot)
        beginInFlight(router)
        scheduleAnswer(router)
    }

    /// When the answer comes in a scheduler's time, chooses its latency and
    /// schedules it, here, inside `task.resume()`: on the thread that resumed
    /// the task, in the order of the code under test (the virtual world's
    /// order, when a virtual scheduler's action or the test resumed it). A
    /// choice made later, on the session's queue, would race with those of
    /// the test's thread, and an explored schedule would not replay.
    private func scheduleAnswer(_ router: StubRouter?) {
        guard let router, let latency = router.peek(request)?.latency else { return }
        let name = router.nameOfScheduledAnswer(to: request, in: latency.choices)
        let nanoseconds = latency.choose(for: name)
        loading.withLock { $0.isScheduled = true }
        schedule(after: nanoseconds, latency, router, named: name)
    }
    #endif

    /// Schedules the action that gives the answer, `nanoseconds` from the
    /// scheduler's now, named after the request (`name`, see
    /// `StubRouter.nameOfScheduledAnswer(to:in:)`) for the report of an
    /// explored schedule. The answer is a source of its own (see
    /// ``ScheduleLabel``), as a mock's answer is: two requests' answers due
    /// at one instant race, identical requests' too.
    private func schedule(after nanoseconds: Int, _ latency: StubLatency, _ router: StubRouter?, named name: String) {
        let protocolBox = UncheckedSendable(self)
        loading.withLock { $0.isScheduling = true }
        ScheduleLabel.withSource(ScheduleSource("the response to ", { name })) {
            latency.schedule(nanoseconds) { protocolBox.value.answerIsDue(router) }
        }
        loading.withLock { $0.isScheduling = false }
    }

    deinit {
        if let inFlight = takeInFlight() { inFlight.requests.end(inFlight.token) }
    }

    /// Makes the request work in flight of the stub that `router` serves,
    /// unless it is already.
    private func beginInFlight(_ router: StubRouter?) {
        guard let requests = router?.inFlight, loading.withLock({ $0.inFlight == nil }) else { return }
        let token = requests.begin(request, task: task)
        let stale = loading.withLock { loading -> UInt64? in
            loading.requests = requests
            guard loading.inFlight == nil else { return token }
            loading.inFlight = (requests, token)
            return nil
        }
        if let stale { requests.end(stale) }
    }

    /// Takes the request's work in flight, to end it.
    private func takeInFlight() -> (requests: StubRequestsInFlight, token: UInt64)? {
        loading.withLock { loading in
            defer { loading.inFlight = nil }
            return loading.inFlight
        }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    #if canImport(FoundationNetworking)
    /// None once the answer was given: FoundationNetworking would otherwise
    /// complete a task that a cancellation catches during a delayed answer a
    /// second time, and stop the process.
    override var client: (any URLProtocolClient)? {
        get { loading.withLock { $0.isAnswered } ? nil : super.client }
        set { super.client = newValue }
    }
    #endif

    override func startLoading() {
        // The answer a scheduler's action handed off: given here, on the
        // session's work queue (see `answerIsDue`).
        if let handedOff = loading.withLock({ loading in
            defer { loading.handedOff = nil }
            return loading.handedOff
        }) {
            give(handedOff)
            return
        }
        // Cancelled before it started: the session completes it, with
        // URLError(.cancelled), right after calling stopLoading.
        guard !isTaskEnding else {
            signalLanded()
            return
        }
        let (response, router) = StubSlots.answer(request, inSlot: Self.slot)
        beginInFlight(router)
        if let inFlight = loading.withLock({ $0.inFlight }) {
            inFlight.requests.startsLoading(inFlight.token, request, delay: response.delay)
        }
        let context = StubLoadingContext.current(hasTask: task != nil)
        let generation = loading.withLock { loading -> Int in
            loading.generation += 1
            loading.isLoading = true
            loading.context = context
            return loading.generation
        }
        if let latency = response.latency {
            answerOnScheduler(response, latency, generation: generation, router: router)
            return
        }
        guard response.delay > 0 else {
            deliver(response, generation: generation)
            return
        }
        // The answer comes later, from another queue: this instance's state
        // is behind a lock, and `deliver` claims the task before calling its
        // client, in the loading context (see `handBack`).
        let protocolBox = UncheckedSendable(self)
        let work = DispatchWorkItem { protocolBox.value.handBack((response, generation)) }
        loading.withLock { $0.scheduled = work }
        DispatchQueue.global().asyncAfter(deadline: .now() + response.delay, execute: work)
    }

    override func stopLoading() {
        let scheduled = loading.withLock { loading -> DispatchWorkItem? in
            loading.isLoading = false
            loading.awaitingAction = nil
            loading.handedOff = nil
            defer { loading.scheduled = nil }
            return loading.scheduled
        }
        scheduled?.cancel()
        if let inFlight = takeInFlight() { inFlight.requests.stopped(inFlight.token) }
        signalLanded()
    }

    /// Lets the scheduler's action that waits for the answer go on.
    private func signalLanded() {
        loading.withLock { loading in
            defer { loading.landed = nil }
            return loading.landed
        }?.signal()
    }

    /// The answer of `startLoading` number `generation`, which comes in a
    /// scheduler's time: given at once if the scheduler's action already
    /// ran, left for that action otherwise. Until the action runs, the
    /// request is not work in flight: a wait in virtual time moves time on
    /// to it.
    private func answerOnScheduler(_ response: StubResponse, _ latency: StubLatency, generation: Int, router: StubRouter?) {
        enum Next { case answerNow, waitForTheAction, schedule }
        // The work in flight ends under the same lock as the answer is left
        // for the action: the action, which may run at once, makes it work
        // in flight anew.
        var inFlight: (requests: StubRequestsInFlight, token: UInt64)?
        let next = loading.withLock { loading -> Next in
            if loading.isScheduled && loading.isDue { return .answerNow }
            loading.awaitingAction = (response, generation)
            inFlight = loading.inFlight
            loading.inFlight = nil
            if loading.isScheduled { return .waitForTheAction }
            loading.isScheduled = true
            return .schedule
        }
        if let inFlight { inFlight.requests.end(inFlight.token) }
        switch next {
        case .answerNow:
            give((response, generation))
        case .waitForTheAction:
            break
        case .schedule:
            // Not scheduled when the task was resumed: on Apple platforms,
            // where the protocol is made on the session's queue, or when the
            // stub was added after the request was resumed. The answer comes
            // after the lower bound, counted from now; no choice is made on
            // this thread (see `scheduleAnswer`).
            let name = router?.nameOfScheduledAnswer(to: request, in: latency.choices) ?? StubRequestsInFlight.name(request)
            schedule(after: latency.lower, latency, router, named: name)
        }
    }

    /// The scheduler's action: the answer is due, and the action waits (up
    /// to the default timeout of real time) until it landed — until the
    /// session's completion handler ran — so that what the handler
    /// schedules is scheduled before the scheduler runs anything else.
    ///
    /// FoundationNetworking reads and changes the session's task registry,
    /// unsynchronized, on the session's work queue, where it calls
    /// `startLoading`; a client call from another thread races with the
    /// registry's changes (a task completing) and can stop the process
    /// ("Trying to access a behaviour for a task that in not in the
    /// registry"). So the answer is given on that queue: by `startLoading`
    /// itself when it has not run yet (it finds the answer due), otherwise
    /// by the `startLoading` that `task.resume()` of the running task makes
    /// the session call there again. On Apple platforms, the answer is
    /// performed on the run loop of the thread that called `startLoading`
    /// (see `StubLoadingContext`).
    private func answerIsDue(_ router: StubRouter?) {
        guard !isTaskEnding else { return }
        enum Next {
            case nothing, waitForTheAnswer
            case handOff((response: StubResponse, generation: Int), StubLoadingContext?)
        }
        let landed = DispatchSemaphore(value: 0)
        var synchronous = false
        let next = loading.withLock { loading -> Next in
            loading.isDue = true
            synchronous = loading.isScheduling
            if let awaiting = loading.awaitingAction {
                loading.awaitingAction = nil
                loading.landed = landed
                return .handOff(awaiting, loading.context)
            }
            // Answered, or stopped: nothing comes.
            if synchronous || loading.isAnswered || (loading.generation > 0 && !loading.isLoading) { return .nothing }
            // `startLoading`, which `resume()` enqueued, has not decided yet:
            // it finds the answer due, and gives it.
            loading.landed = landed
            return .waitForTheAnswer
        }
        switch next {
        case .nothing:
            return
        case .waitForTheAnswer:
            break
        case let .handOff(awaiting, context):
            // Work in flight again, until the completion handler ran.
            beginInFlight(router)
            if synchronous {
                // Run by `startLoading` itself, in its context.
                give(awaiting)
                return
            }
            switch context {
            case .sessionQueue:
                guard let task, task.state == .running else {
                    // Suspended meanwhile: a later `startLoading` answers anew
                    // (the answer is due).
                    loading.withLock { $0.landed = nil }
                    if let inFlight = takeInFlight() { inFlight.requests.end(inFlight.token) }
                    return
                }
                loading.withLock { $0.handedOff = awaiting }
                task.resume()
            case let .runLoop(thread):
                let protocolBox = UncheckedSendable(self)
                thread.perform { protocolBox.value.give(awaiting) }
            case nil:
                // Never: the answer was left by a `startLoading`, which
                // set its context.
                give(awaiting)
            }
        }
        if synchronous { return }
        let grace = ProbeSettings.current.defaultTimeout * ProbeSettings.current.timeoutMultiplier
        if landed.wait(timeout: .now() + grace) == .timedOut {
            // Too slow: the action goes on; a wait in virtual time still
            // waits for the request, which is work in flight.
            Self.lateLandings.withLock { $0 += 1 }
            loading.withLock { loading in
                if loading.landed === landed { loading.landed = nil }
            }
        }
    }

    /// Gives a delayed answer from another queue, in the loading context:
    /// on FoundationNetworking, on the session's work queue, by the
    /// `startLoading` that `resume()` of the running task makes the session
    /// call there (see `answerIsDue`); on Apple platforms, on the run loop of
    /// the thread that called `startLoading`.
    private func handBack(_ answer: (response: StubResponse, generation: Int)) {
        switch loading.withLock({ $0.context }) {
        case .sessionQueue:
            guard let task, task.state == .running else { return }
            loading.withLock { $0.handedOff = answer }
            task.resume()
        case let .runLoop(thread):
            let protocolBox = UncheckedSendable(self)
            thread.perform { protocolBox.value.deliver(answer.response, generation: answer.generation) }
        case nil:
            // Never: the delay was started by a `startLoading`.
            break
        }
    }

    /// Gives an answer left for a scheduler's action, or ends its work in
    /// flight and lets the action go on if the request stopped meanwhile.
    private func give(_ answer: (response: StubResponse, generation: Int)) {
        guard deliver(answer.response, generation: answer.generation) else {
            if let inFlight = takeInFlight() { inFlight.requests.end(inFlight.token) }
            signalLanded()
            return
        }
    }

    /// Whether the task was cancelled (or completed): its session completes
    /// it, the protocol must not.
    private var isTaskEnding: Bool {
        guard let task else { return false }
        return task.state == .canceling || task.state == .completed
    }

    /// Answers, unless the task ended or loading stopped (or restarted)
    /// since `startLoading` number `generation`; returns whether it did.
    /// A scheduler's action waiting for the answer goes on once the
    /// session's completion handler ran.
    @discardableResult
    private func deliver(_ response: StubResponse, generation: Int) -> Bool {
        // The task's state is read outside the lock, which the session may
        // wait for (through `client`) on its own queue.
        guard !isTaskEnding, let client = super.client else { return false }
        let claimed = loading.withLock { loading -> Bool in
            guard loading.isLoading, loading.generation == generation, !loading.isAnswered else { return false }
            loading.isAnswered = true
            loading.scheduled = nil
            return true
        }
        guard claimed else { return false }
        // The client enqueues the task's completion on the session's
        // delegate queue before it returns: the work in flight ends after it.
        defer {
            let protocolBox = UncheckedSendable(self)
            let inFlight = takeInFlight()
            if let requests = inFlight?.requests ?? loading.withLock({ $0.requests }) {
                requests.answered(inFlight?.token) { protocolBox.value.signalLanded() }
            } else {
                signalLanded()
            }
        }
        switch response.answer {
        case let .failure(error):
            client.urlProtocol(self, didFailWithError: error)
        case let .http(status, headers, body):
            guard let url = request.url,
                  let httpResponse = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client.urlProtocol(self, didFailWithError: URLError(.badURL))
                return true
            }
            client.urlProtocol(self, didReceive: httpResponse, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty {
                client.urlProtocol(self, didLoad: body)
            }
            client.urlProtocolDidFinishLoading(self)
        }
        return true
    }

    /// The protocol class that serves `slot`.
    static func serving(_ slot: Int) -> StubURLProtocol.Type {
        func specialize<Index: SlotIndex>(_: Index.Type) -> StubURLProtocol.Type {
            SlotStubURLProtocol<Index>.self
        }
        return specialize(SlotNumber.type(for: slot))
    }
}

/// The protocol class of one slot.
final class SlotStubURLProtocol<Index: SlotIndex>: StubURLProtocol {
    override class var slot: Int { Index.value }
}

/// A slot number spelled in types, one bit per generic level:
/// `One<Zero<One<SlotEnd>>>` is 0b101, 5.
protocol SlotIndex {
    static var value: Int { get }
}

enum SlotEnd: SlotIndex {
    static var value: Int { 0 }
}

enum Zero<Higher: SlotIndex>: SlotIndex {
    static var value: Int { Higher.value * 2 }
}

enum One<Higher: SlotIndex>: SlotIndex {
    static var value: Int { Higher.value * 2 + 1 }
}

enum SlotNumber {
    /// The type that spells `number` (zero or more).
    static func type(for number: Int) -> any SlotIndex.Type {
        guard number > 0 else { return SlotEnd.self }
        let higher = type(for: number / 2)
        func append<Higher: SlotIndex>(_: Higher.Type) -> any SlotIndex.Type {
            number % 2 == 1 ? One<Higher>.self : Zero<Higher>.self
        }
        return append(higher)
    }
}
#endif
