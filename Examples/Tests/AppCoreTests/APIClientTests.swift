import AppCore
import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

// The API client on a stubbed URLSession: the real dataTaskPublisher, JSON
// decoding, HTTP statuses, URLError mapping, the bad-URL case.

#if !os(watchOS)
final class APIClientTests: XCTestCase {
    let network = NetworkStub()
    let searchURL = "https://api.example.com/search?q=swift"

    func testRepositoriesAreDecoded() throws {
        network.stub(searchURL, with: .json(#"[{"name": "swift", "stars": 60000}]"#))
        let client = APIClient(session: network.session)
        let repositories = try wait(for: client.search("swift").record().single, timeout: 5)
        XCTAssertEqual(repositories, [Repository(name: "swift", stars: 60_000)])
        XCTAssertEqual(network.requests.map(\.url?.absoluteString), [searchURL])
    }

    func testAServerErrorIsAnHTTPError() throws {
        network.stub(searchURL, with: .status(503))
        let recorder = APIClient(session: network.session).search("swift").record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: 5), .http(status: 503))
    }

    func testNoConnectionIsANetworkError() throws {
        network.stub(searchURL, with: .error(URLError(.notConnectedToInternet)))
        let recorder = APIClient(session: network.session).search("swift").record()
        let completion = try wait(for: recorder.completion, timeout: 5)
        XCTAssertEqual(completion, .failure(.network(.notConnectedToInternet)))
    }

    func testAnAsyncTestWaitsWithoutBlocking() async throws {
        network.stub(searchURL, with: .json(#"[{"name": "swift", "stars": 60000}]"#))
        let recorder = APIClient(session: network.session).search("swift").record()
        let names = try await wait(for: recorder.single.map { $0.map(\.name) }, timeout: 5)
        XCTAssertEqual(names, ["swift"])
    }

    func testEveryPageWithoutARecorder() throws {
        network.stub(searchURL, with: .json("[]"))
        XCTAssertEqual(try APIClient(session: network.session).search("swift").waitForCompletion(timeout: 5), [[]])
    }

    /// The client's results delivered on a scheduler, as a view model
    /// receives them: in virtual time, the wait lets the stubbed response
    /// land, then runs the delivery — no real scheduler, no sleep.
    func testResultsReceivedOnAVirtualScheduler() throws {
        network.stub(searchURL, with: .json(#"[{"name": "swift", "stars": 60000}]"#))
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = APIClient(session: network.session).search("swift")
            .receive(on: scheduler)
            .record()
        let repositories = try scheduler.wait(for: recorder.single, timeout: .seconds(5))
        XCTAssertEqual(repositories.map(\.name), ["swift"])
        XCTAssertEqual(scheduler.elapsed, .zero, "the response was delivered at the instant the request started")
    }

    func testABadBaseURLFailsAtOnceWithoutARequest() throws {
        let recorder = APIClient(baseURL: "not a url", session: network.session).search("swift").record()
        XCTAssertRecordedEvents(recorder, [.failure(.badURL("not a url"))])
        XCTAssertTrue(network.requests.isEmpty)
    }
}

@Suite struct APIClientSwiftTests {
    let network = NetworkStub()

    @Test func unexpectedJSONIsADecodingError() async throws {
        network.stub("https://api.example.com/search?q=swift", with: .json(#"{"error": "nope"}"#))
        let recorder = APIClient(session: network.session).search("swift").record()
        #expect(try await wait(for: recorder.failure, timeout: 5) == .decoding)
        expectRecordedEvents(recorder, [.failure(.decoding)])
    }

    @Test func resultsReceivedOnAVirtualScheduler() async throws {
        network.stub("https://api.example.com/search?q=swift", with: .json("[]"))
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = APIClient(session: network.session).search("swift")
            .receive(on: scheduler)
            .record()
        #expect(try await scheduler.wait(for: recorder.single, timeout: .seconds(5)) == [])
        #expect(scheduler.elapsed == .zero)
    }

    @Test func theQueryIsSentAsAParameter() async throws {
        network.stub(where: { $0.url?.query == "q=combine" }, named: "the combine search", with: .json("[]"))
        let recorder = APIClient(session: network.session).search("combine").record()
        #expect(try await wait(for: recorder.elements, timeout: 5) == [[]])
    }
}
#endif
