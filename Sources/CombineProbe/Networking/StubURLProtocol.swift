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
/// `StubRequestsInFlight`).
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
        /// The answer was given: the task is this protocol's to complete.
        var isAnswered = false
        var scheduled: DispatchWorkItem?
        /// The request as work in flight, until it lands or stops (see
        /// `StubRequestsInFlight`).
        var inFlight: (requests: StubRequestsInFlight, token: UInt64)?
    }

    private let loading = Locked(Loading())

    #if canImport(FoundationNetworking)
    /// FoundationNetworking creates the protocol inside `task.resume()`
    /// (the stub's sessions have no URL cache): the request is work in
    /// flight from then on.
    required convenience init(task: URLSessionTask, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        // As URLProtocol's own initializer does.
        let request = task.originalRequest ?? task.currentRequest ?? URLRequest(url: URL(fileURLWithPath: "/"))
        self.init(request: request, cachedResponse: cachedResponse, client: client)
        self.task = task
        beginInFlight(StubSlots.router(inSlot: Self.slot))
    }
    #endif

    deinit {
        if let inFlight = takeInFlight() { inFlight.requests.end(inFlight.token) }
    }

    /// Makes the request work in flight of the stub that `router` serves,
    /// unless it is already.
    private func beginInFlight(_ router: StubRouter?) {
        guard let requests = router?.inFlight, loading.withLock({ $0.inFlight == nil }) else { return }
        let token = requests.begin(request, task: task)
        let stale = loading.withLock { loading -> UInt64? in
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
        // Cancelled before it started: the session completes it, with
        // URLError(.cancelled), right after calling stopLoading.
        guard !isTaskEnding else { return }
        let (response, router) = StubSlots.answer(request, inSlot: Self.slot)
        beginInFlight(router)
        if let inFlight = loading.withLock({ $0.inFlight }) {
            inFlight.requests.startsLoading(inFlight.token, request, delay: response.delay)
        }
        let generation = loading.withLock { loading -> Int in
            loading.generation += 1
            loading.isLoading = true
            return loading.generation
        }
        guard response.delay > 0 else {
            deliver(response, generation: generation)
            return
        }
        // The answer comes later, from another queue: this instance's state
        // is behind a lock, its client accepts calls from any thread, and
        // `deliver` claims the task before calling it.
        let protocolBox = UncheckedSendable(self)
        let work = DispatchWorkItem { protocolBox.value.deliver(response, generation: generation) }
        loading.withLock { $0.scheduled = work }
        DispatchQueue.global().asyncAfter(deadline: .now() + response.delay, execute: work)
    }

    override func stopLoading() {
        let scheduled = loading.withLock { loading -> DispatchWorkItem? in
            loading.isLoading = false
            defer { loading.scheduled = nil }
            return loading.scheduled
        }
        scheduled?.cancel()
        if let inFlight = takeInFlight() { inFlight.requests.stopped(inFlight.token) }
    }

    /// Whether the task was cancelled (or completed): its session completes
    /// it, the protocol must not.
    private var isTaskEnding: Bool {
        guard let task else { return false }
        return task.state == .canceling || task.state == .completed
    }

    /// Answers, unless the task ended or loading stopped (or restarted)
    /// since `startLoading` number `generation`.
    private func deliver(_ response: StubResponse, generation: Int) {
        // The task's state is read outside the lock, which the session may
        // wait for (through `client`) on its own queue.
        guard !isTaskEnding, let client = super.client else { return }
        let claimed = loading.withLock { loading -> Bool in
            guard loading.isLoading, loading.generation == generation, !loading.isAnswered else { return false }
            loading.isAnswered = true
            loading.scheduled = nil
            return true
        }
        guard claimed else { return }
        // The client enqueues the task's completion on the session's
        // delegate queue before it returns: the work in flight ends after it.
        defer { if let inFlight = takeInFlight() { inFlight.requests.answered(inFlight.token) } }
        switch response.answer {
        case let .failure(error):
            client.urlProtocol(self, didFailWithError: error)
        case let .http(status, headers, body):
            guard let url = request.url,
                  let httpResponse = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client.urlProtocol(self, didFailWithError: URLError(.badURL))
                return
            }
            client.urlProtocol(self, didReceive: httpResponse, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty {
                client.urlProtocol(self, didLoad: body)
            }
            client.urlProtocolDidFinishLoading(self)
        }
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
