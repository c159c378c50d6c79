import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// The rules and the request log of one ``NetworkStub``, reachable from its
/// protocol class through `StubSlots`.
final class StubRouter: Sendable {
    struct Rule: Sendable {
        let label: String
        let matches: @Sendable (URLRequest) -> Bool
        let response: StubResponse
    }

    private struct State {
        var rules: [Rule] = []
        var requests: [URLRequest] = []
        /// The explored schedule the answers counted in `ranks` were
        /// scheduled in, and how many were, by request name.
        var ranked: (schedule: ScheduleChoices?, ranks: [String: Int]) = (nil, [:])
    }

    private let state = Locked(State())
    let reporter: DeferredFailureReporter
    /// The stub's requests in flight, for waits in virtual time.
    let inFlight: StubRequestsInFlight

    init(reporter: DeferredFailureReporter, inFlight: StubRequestsInFlight) {
        self.reporter = reporter
        self.inFlight = inFlight
    }

    func add(_ rule: Rule) {
        state.withLock { $0.rules.append(rule) }
    }

    var requests: [URLRequest] {
        state.withLock { $0.requests }
    }

    /// The answer of the last rule that matches `request`, if any, without
    /// recording the request: what ``answer(_:)`` would answer now.
    func peek(_ request: URLRequest) -> StubResponse? {
        state.withLock { state in state.rules.last { $0.matches(request) }?.response }
    }

    /// The name of a request whose answer is scheduled now in the time of a
    /// scheduler that follows `schedule`: `GET https://…`; or, when an
    /// identical request's answer was scheduled earlier in the same explored
    /// schedule, its rank among them, `GET https://… (the second)`, so that
    /// a report tells their answers apart.
    func nameOfScheduledAnswer(to request: URLRequest, in schedule: ScheduleChoices?) -> String {
        let name = StubRequestsInFlight.name(request)
        // Outside an explored schedule, nothing reads the name's rank.
        guard schedule != nil else { return name }
        let rank = state.withLock { state -> Int in
            if state.ranked.schedule !== schedule { state.ranked = (schedule, [:]) }
            state.ranked.ranks[name, default: 0] += 1
            return state.ranked.ranks[name, default: 1]
        }
        return rank > 1 ? "\(name) (the \(MockCall.ordinal(rank)))" : name
    }

    /// Records the request and returns the answer of the last rule that
    /// matches it. An unmatched request is a test failure, answered with
    /// `URLError(.resourceUnavailable)`.
    func answer(_ request: URLRequest) -> StubResponse {
        let (rule, labels) = state.withLock { state -> (Rule?, [String]) in
            state.requests.append(request)
            return (state.rules.last { $0.matches(request) }, state.rules.map(\.label))
        }
        if let rule { return rule.response }
        let method = request.httpMethod ?? "GET"
        let known = labels.isEmpty ? "no stub is configured" : "the stubs are: " + labels.joined(separator: "; ")
        reporter.report("NetworkStub: unmatched request \(method) \(request.url?.absoluteString ?? "(no URL)"); \(known). It was answered with URLError(.resourceUnavailable).")
        return .error(URLError(.resourceUnavailable))
    }
}
#endif
