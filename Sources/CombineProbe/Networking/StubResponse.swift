import Foundation

/// How a ``NetworkStub`` answers a request: an HTTP response, or an error,
/// optionally after a delay, in real or virtual time.
///
/// ```swift
/// network.stub("https://api.example.com/user/1", with: .json(#"{"id": 1}"#))
/// network.stub("https://api.example.com/avatar", with: .status(404))
/// network.stub("https://api.example.com/feed", with: .error(URLError(.notConnectedToInternet)))
/// network.stub("https://api.example.com/slow", with: .status(204).delayed(by: 0.2))
/// network.stub("https://api.example.com/search", with: .json("[]").delayed(by: .milliseconds(200), on: scheduler))
/// ```
public struct StubResponse: Sendable, CustomStringConvertible {
    enum Answer: Sendable {
        case http(status: Int, headers: [String: String], body: Data)
        case failure(URLError)
    }

    let answer: Answer
    /// Seconds to wait before answering.
    public let delay: TimeInterval
    /// The latency on a scheduler, if the answer comes in its time.
    let latency: StubLatency?

    init(answer: Answer, delay: TimeInterval, latency: StubLatency? = nil) {
        self.answer = answer
        self.delay = delay
        self.latency = latency
    }

    /// A body, with a status code (200 by default) and header fields.
    ///
    /// - parameter body: The body.
    /// - parameter status: The HTTP status.
    /// - parameter headers: The HTTP headers.
    public static func data(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(answer: .http(status: status, headers: headers, body: body), delay: 0)
    }

    /// A JSON body: `Content-Type: application/json` unless `headers` says
    /// otherwise.
    ///
    /// - parameter text: The JSON body.
    /// - parameter status: The HTTP status.
    /// - parameter headers: The HTTP headers.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        var headers = headers
        if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            headers["Content-Type"] = "application/json"
        }
        return .data(Data(text.utf8), status: status, headers: headers)
    }

    /// A status code with an empty body.
    ///
    /// - parameter status: The HTTP status.
    /// - parameter headers: The HTTP headers.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
        .data(Data(), status: status, headers: headers)
    }

    /// A transport error: the data task fails with it.
    ///
    /// - parameter error: The error the request fails with.
    public static func error(_ error: URLError) -> StubResponse {
        StubResponse(answer: .failure(error), delay: 0)
    }

    /// The same answer, `seconds` later.
    ///
    /// It replaces a delay given before, in real or virtual time.
    ///
    /// - parameter seconds: The delay, in (real) seconds.
    public func delayed(by seconds: TimeInterval) -> StubResponse {
        StubResponse(answer: answer, delay: max(0, seconds))
    }

    /// The same answer, `latency` after the request is resumed, on
    /// `scheduler`: with a ``VirtualScheduler``, the request takes virtual
    /// time, and the answer comes when the scheduler reaches it.
    ///
    /// ```swift
    /// network.stub("https://api.example.com/search?q=s", with: .json(#"["swift"]"#).delayed(by: .milliseconds(200), on: scheduler))
    /// ```
    ///
    /// It replaces a delay given before, in real or virtual time. See
    /// ``delayed(between:on:)`` for how the answer is scheduled.
    ///
    /// - parameter latency: How long after the request is resumed the answer
    ///   comes; a negative latency counts as zero.
    /// - parameter scheduler: The scheduler whose time the latency is
    ///   counted in.
    public func delayed<S: Scheduler & Sendable>(by latency: S.SchedulerTimeType.Stride, on scheduler: S) -> StubResponse {
        delayed(between: latency ... latency, on: scheduler)
    }

    /// The same answer, some time within `latency` after the request is
    /// resumed, on `scheduler`: a server whose answers take more or less
    /// time, and may overtake each other.
    ///
    /// ```swift
    /// network.stub(where: { $0.url?.path == "/search" }, named: "search", with: .json("[]")
    ///     .delayed(between: .milliseconds(50) ... .milliseconds(500), on: scheduler))
    /// ```
    ///
    /// A test that explores schedules (``ScheduleExploration``) tries both
    /// bounds for each request: an answer that comes after the lower bound
    /// in one schedule comes after the upper bound in another, so that a
    /// later request can be answered first, and answers due at the same
    /// instant come in every order. Otherwise every answer comes after the
    /// lower bound. With a ``VirtualScheduler``, the latency is virtual, and
    /// it is explored only if the scheduler was made inside the
    /// exploration's body (with another scheduler: if this response was).
    ///
    /// The answer is scheduled on `scheduler` when the request is resumed
    /// (`task.resume()`, which `dataTaskPublisher(for:)` calls when it is
    /// subscribed to): the latency is chosen there, on the thread that
    /// resumed it, so that an explored schedule replays. When the scheduler
    /// runs it, the action hands the answer to the session and waits (up to
    /// the default timeout of real time) until the session's completion
    /// handler ran: a `receive(on: scheduler)` downstream schedules the
    /// value at that instant, before the scheduler runs anything else, in
    /// `advance(by:)` and `run()` as in `wait(for:timeout:)`. A request
    /// cancelled meanwhile is not answered; its scheduled action does
    /// nothing.
    ///
    /// On Apple platforms, URLSession makes the stub's protocol on a queue
    /// of its own, and the stub sees the request only when it starts
    /// loading: there, the answer is scheduled then, after the lower bound,
    /// and the latency is not explored.
    ///
    /// It replaces a delay given before, in real or virtual time.
    ///
    /// - parameter latency: How long after the request is resumed the answer
    ///   may come; a negative bound counts as zero.
    /// - parameter scheduler: The scheduler whose time the latency is
    ///   counted in.
    public func delayed<S: Scheduler & Sendable>(
        between latency: ClosedRange<S.SchedulerTimeType.Stride>, on scheduler: S
    ) -> StubResponse {
        StubResponse(answer: answer, delay: 0, latency: StubLatency(between: latency, on: scheduler))
    }

    /// `200, 12 bytes`, `URLError(-1009)`, with the delay if any.
    public var description: String {
        let text: String
        switch answer {
        case let .http(status, _, body): text = "\(status), \(body.count) bytes"
        case let .failure(error): text = "URLError(\(error.code.rawValue))"
        }
        if let latency { return "\(text) after \(latency)" }
        return delay > 0 ? "\(text) after \(delay) s" : text
    }
}

/// The latency of a ``StubResponse`` on a scheduler: its bounds, and how to
/// schedule on that scheduler.
struct StubLatency: Sendable, CustomStringConvertible {
    /// The bounds, in nanoseconds; `lower <= upper`.
    let lower: Int
    let upper: Int
    /// The explored schedule the scheduler follows, if any (see
    /// `ScheduleChoices.of(_:)`).
    let choices: ScheduleChoices?
    /// Schedules an action on the scheduler, a number of nanoseconds from
    /// its now.
    let schedule: @Sendable (Int, @escaping @Sendable () -> Void) -> Void

    init<S: Scheduler & Sendable>(between latency: ClosedRange<S.SchedulerTimeType.Stride>, on scheduler: S) {
        // Carried as nanoseconds: a scheduler's stride need not be Sendable.
        let lower = max(0, Int(StrideNanoseconds.of(latency.lowerBound)))
        self.lower = lower
        upper = max(lower, Int(StrideNanoseconds.of(latency.upperBound)))
        choices = ScheduleChoices.of(scheduler)
        schedule = { nanoseconds, action in
            scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(nanoseconds)), action)
        }
    }

    /// The latency of one request, in nanoseconds, chosen at a choice point
    /// of the explored schedule, if any: the lower bound by default.
    /// `request` ("GET https://…") names it in the report.
    func choose(for request: String) -> Int {
        ScheduleChoices.latency(from: lower, to: upper, in: choices) { "the response to \(request)" }
    }

    /// `50ms … 500ms of virtual time`, `200ms of virtual time` (or of the
    /// scheduler's time, whatever it is).
    var description: String {
        let lower = VirtualTime(nanoseconds: Int64(lower)), upper = VirtualTime(nanoseconds: Int64(upper))
        return (self.lower == self.upper ? "\(lower)" : "\(lower) … \(upper)") + " on its scheduler"
    }
}
