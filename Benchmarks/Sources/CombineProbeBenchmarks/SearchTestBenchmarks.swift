import CombineProbe
import Foundation

// A search test, the body that the schedule exploration rows explore (see
// ExplorationBenchmarks.swift). This file uses no exploration API, so that
// its plain rows also build against a library from before exploration, for
// a comparison of the two.

/// A search service double: each query is answered with one result, made
/// from the query, after the mock's delivery.
final class SearchServiceMock: PublisherMock {
    func search(_ query: String) -> AnyPublisher<[String], Never> {
        mockFunction(returning: .value(["\(query): result"]), arguments: query)
    }
}

/// The queries a search test types, one after the other, each searched:
/// `s`, `sw`, `swi`, … (`queries` of them, at most 14).
func searchQueries(_ queries: Int) -> [String] {
    let word = Array("swiftuicombine")
    return (1...max(1, min(queries, word.count))).map { String(word[0..<$0]) }
}

/// One search test: a virtual scheduler, a query debounced 300 ms, each
/// query searched on a mock that answers with `delivery`, the latest
/// search's answer shown (`switchToLatest`). The queries are typed 400 ms
/// apart, so that each is searched; then the scheduler runs to the end.
/// Returns whether the last query's answer is shown, which holds whatever
/// the latencies.
func searchTestBody(queries: [String], delivery: (VirtualSchedulerOf<DispatchQueue>) -> MockDelivery) -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = SearchServiceMock()
    service.defaultDelivery = delivery(scheduler)
    let query = PassthroughSubject<String, Never>()
    var shown: [String] = []
    let cancellable = query
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .map { service.search($0) }
        .switchToLatest()
        .sink { shown = $0 }
    for (index, text) in queries.enumerated() {
        if index > 0 { scheduler.advance(by: .milliseconds(400)) }
        query.send(text)
    }
    scheduler.run()
    cancellable.cancel()
    return shown == ["\(queries.last!): result"]
}

/// The search test run `runs` times, plainly: the fastest of `rounds`, in
/// nanoseconds per run.
func searchTestPlain(queries: Int, runs: Int, rounds: Int, delivery: (VirtualSchedulerOf<DispatchQueue>) -> MockDelivery) -> Double {
    let texts = searchQueries(queries)
    let total = fastest(of: rounds) {
        for _ in 0..<runs { precondition(searchTestBody(queries: texts, delivery: delivery)) }
    }
    return Double(total) / Double(runs)
}

/// The search test with a mock that answers 50 ms after each call (no
/// latency range), run `runs` times: nanoseconds per run, the fastest of
/// `rounds`. Comparable with a build from before exploration.
func searchTestWithFixedLatency(queries: Int, runs: Int, rounds: Int) -> Double {
    searchTestPlain(queries: queries, runs: runs, rounds: rounds) { .after(.milliseconds(50), on: $0) }
}
