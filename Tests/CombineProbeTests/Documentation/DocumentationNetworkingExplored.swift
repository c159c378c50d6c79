import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

// The examples of Documentation/Networking.md, "Latency, explored",
// verbatim. watchOS has no NetworkStub: it does not allow custom
// URLProtocols.
#if !os(watchOS)

func searchResults<Queries: Publisher, S: Scheduler>(
    for queries: Queries, session: URLSession, scheduler: S
) -> AnyPublisher<[String], Never> where Queries.Output == String, Queries.Failure == Never {
    queries
        .map { query in
            session.dataTaskPublisher(for: URL(string: "https://api.example.com/search?q=\(query)")!)
                .map(\.data)
                .decode(type: [String].self, decoder: JSONDecoder())
                .replaceError(with: [])
        }
        .switchToLatest()
        .receive(on: scheduler)
        .eraseToAnyPublisher()
}

final class DocumentationNetworkingExploredTests: XCTestCase {
    func testTheLatestQueryWins() throws {
        exploreSchedules { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            for query in ["s", "sw"] {
                network.stub("https://api.example.com/search?q=\(query)", with: .json(#"["\#(query)"]"#)
                    .delayed(between: .milliseconds(50) ... .milliseconds(500), on: scheduler))
            }
            let queries = PassthroughSubject<String, Never>()
            let recorder = searchResults(for: queries, session: network.session, scheduler: scheduler).record()
            queries.send("s")
            scheduler.advance(by: .milliseconds(100))
            queries.send("sw")
            scheduler.run()
            XCTAssertEqual(try recorder.availableElements.get().last, ["sw"])
        }
    }
}
#endif
