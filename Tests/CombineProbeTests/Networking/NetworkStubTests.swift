import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

// watchOS does not allow custom URLProtocol classes: NetworkStub is
// unavailable there.
#if !os(watchOS)

/// A small networking layer, as apps write them: the session is injected, the
/// code calls the real `dataTaskPublisher(for:)`.
struct SimpleNetwork {
    let session: URLSession

    func fetchData(from address: String) -> AnyPublisher<(data: Data, response: URLResponse), URLError> {
        // Recent Foundations accept almost any string as a URL (they
        // percent-encode "Invalid URL"): require a scheme and a host.
        guard let url = URL(string: address), url.scheme != nil, url.host != nil else {
            return Fail(error: URLError(.badURL)).eraseToAnyPublisher()
        }
        return session.dataTaskPublisher(for: url).eraseToAnyPublisher()
    }

    func send(_ method: String, to address: String) -> AnyPublisher<(data: Data, response: URLResponse), URLError> {
        var request = URLRequest(url: URL(string: address)!)
        request.httpMethod = method
        return session.dataTaskPublisher(for: request).eraseToAnyPublisher()
    }
}

extension URLResponse {
    var status: Int? { (self as? HTTPURLResponse)?.statusCode }
}

final class NetworkStubTests: FailureCapturingTestCase {
    // MARK: - The reference scenario

    func testInvalidAddressPublishesBadURL() throws {
        let network = NetworkStub()
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "Invalid URL").record()
        let error = try wait(for: recorder.failure, timeout: longTimeout)
        XCTAssertEqual(error.code, .badURL)
        XCTAssertTrue(network.requests.isEmpty)
    }

    func testValidAddressPublishesTheStubbedData() throws {
        let network = NetworkStub()
        network.stub("https://api.example.com/person", with: .json(#"{"name": "Ada"}"#))
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/person").record()
        let result = try wait(for: recorder.single, timeout: longTimeout)
        XCTAssertEqual(String(decoding: result.data, as: UTF8.self), #"{"name": "Ada"}"#)
        XCTAssertEqual(result.response.status, 200)
        XCTAssertEqual((result.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(network.requests.map(\.url?.absoluteString), ["https://api.example.com/person"])
    }

    // MARK: - Matching

    func testMatchByMethodAndURL() throws {
        let network = NetworkStub()
        let client = SimpleNetwork(session: network.session)
        network.stub("https://api.example.com/items", method: "GET", with: .json("[]"))
        network.stub("https://api.example.com/items", method: "post", with: .status(201, headers: ["Location": "/items/9"]))
        let created = try wait(for: client.send("POST", to: "https://api.example.com/items").record().single, timeout: longTimeout)
        XCTAssertEqual(created.response.status, 201)
        XCTAssertEqual((created.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location"), "/items/9")
        let listed = try wait(for: client.send("GET", to: "https://api.example.com/items").record().single, timeout: longTimeout)
        XCTAssertEqual(listed.response.status, 200)
        XCTAssertEqual(network.requests.map(\.httpMethod), ["POST", "GET"])
    }

    func testMatchByPredicateAndLastStubWins() throws {
        let network = NetworkStub()
        let client = SimpleNetwork(session: network.session)
        network.stub(where: { $0.url?.host == "api.example.com" }, named: "any api.example.com request", with: .status(500))
        network.stub(URL(string: "https://api.example.com/health")!, with: .status(204))
        let health = try wait(for: client.fetchData(from: "https://api.example.com/health").record().single, timeout: longTimeout)
        XCTAssertEqual(health.response.status, 204)
        let other = try wait(for: client.fetchData(from: "https://api.example.com/other").record().single, timeout: longTimeout)
        XCTAssertEqual(other.response.status, 500)
    }

    func testErrorResponse() throws {
        let network = NetworkStub()
        network.stub("https://api.example.com/feed", with: .error(URLError(.notConnectedToInternet)))
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/feed").record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: longTimeout).code, .notConnectedToInternet)
    }

    func testDelayedResponse() throws {
        let network = NetworkStub()
        network.stub("https://api.example.com/slow", with: .data(Data("late".utf8)).delayed(by: 0.1))
        let start = Date()
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/slow").record()
        try wait(for: recorder.next().inverted, timeout: 0.02)
        let result = try wait(for: recorder.single, timeout: longTimeout)
        XCTAssertEqual(result.data, Data("late".utf8))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.1)
    }

    func testCustomSessionFromTheConfiguration() throws {
        let network = NetworkStub()
        network.stub("https://api.example.com/config", with: .status(202))
        let configuration = network.makeConfiguration()
        configuration.timeoutIntervalForRequest = 5
        let session = URLSession(configuration: configuration)
        let result = try wait(for: session.dataTaskPublisher(for: URL(string: "https://api.example.com/config")!).record().single, timeout: longTimeout)
        XCTAssertEqual(result.response.status, 202)
    }

    // MARK: - Unmatched requests

    func testUnmatchedRequestIsAFailureAndAnError() throws {
        var line = 0
        var recorder: Recorder<(data: Data, response: URLResponse), URLError>?
        let (failures, _) = captureFailures {
            let network = NetworkStub(); line = #line
            network.stub("https://api.example.com/known", with: .status(200))
            recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/unknown").record()
            _ = try wait(for: recorder!.failure, timeout: longTimeout)
        }
        assertFailures(failures, ["NetworkStub: unmatched request GET https://api.example.com/unknown; the stubs are: https://api.example.com/known → 200, 0 bytes. It was answered with URLError(.resourceUnavailable)."], at: line)
        XCTAssertEqual(try recorder?.failure.get().code, .resourceUnavailable)
    }

    // MARK: - Concurrency and isolation

    func testConcurrentRequestsFromSeveralThreads() throws {
        let network = NetworkStub()
        for index in 0..<8 {
            network.stub("https://api.example.com/items/\(index)", with: .json("{\"index\": \(index)}"))
        }
        let client = UncheckedBox(SimpleNetwork(session: network.session))
        let recorders = Locked8()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            recorders.set(index, client.value.fetchData(from: "https://api.example.com/items/\(index)").record())
        }
        for index in 0..<8 {
            let result = try wait(for: recorders.get(index).single, timeout: longTimeout)
            XCTAssertEqual(String(decoding: result.data, as: UTF8.self), "{\"index\": \(index)}")
        }
        XCTAssertEqual(Set(network.requests.compactMap(\.url?.path)).count, 8)
    }

    func testTwoStubsDoNotSeeEachOther() throws {
        let first = NetworkStub()
        let second = NetworkStub()
        first.stub("https://api.example.com/who", with: .data(Data("first".utf8)))
        second.stub("https://api.example.com/who", with: .data(Data("second".utf8)))
        let a = try wait(for: SimpleNetwork(session: first.session).fetchData(from: "https://api.example.com/who").record().single, timeout: longTimeout)
        let b = try wait(for: SimpleNetwork(session: second.session).fetchData(from: "https://api.example.com/who").record().single, timeout: longTimeout)
        XCTAssertEqual(String(decoding: a.data, as: UTF8.self), "first")
        XCTAssertEqual(String(decoding: b.data, as: UTF8.self), "second")
        XCTAssertEqual(first.requests.count, 1)
        XCTAssertEqual(second.requests.count, 1)
    }

    func testFiveHundredStubsAliveAtOnceEachSeeOnlyTheirOwnRequests() throws {
        let stubs = (0..<500).map { index -> NetworkStub in
            let network = NetworkStub()
            network.stub("https://api.example.com/same", with: .data(Data("\(index)".utf8)))
            return network
        }
        let recorders = stubs.map { SimpleNetwork(session: $0.session).fetchData(from: "https://api.example.com/same").record() }
        for (index, recorder) in recorders.enumerated() {
            XCTAssertEqual(try wait(for: recorder.single, timeout: longTimeout).data, Data("\(index)".utf8))
        }
        XCTAssertEqual(stubs.map(\.requests.count), Array(repeating: 1, count: 500))
    }

    func testStubsReleaseTheirSlots() throws {
        // Many stubs over time: each one frees its slot for the next.
        for index in 0..<40 {
            let network = NetworkStub()
            network.stub("https://api.example.com/\(index)", with: .status(200))
            let result = try wait(for: SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/\(index)").record().single, timeout: longTimeout)
            XCTAssertEqual(result.response.status, 200)
        }
    }
}

/// Eight recorders written from concurrent threads.
// @unchecked Sendable: `recorders` is read and written under `lock`.
final class Locked8: @unchecked Sendable {
    private let lock = NSLock()
    private var recorders: [Int: Recorder<(data: Data, response: URLResponse), URLError>] = [:]

    func set(_ index: Int, _ recorder: Recorder<(data: Data, response: URLResponse), URLError>) {
        lock.lock()
        recorders[index] = recorder
        lock.unlock()
    }

    func get(_ index: Int) -> Recorder<(data: Data, response: URLResponse), URLError> {
        lock.lock()
        defer { lock.unlock() }
        return recorders[index]!
    }
}

@Suite struct NetworkStubSwiftTestingTests {
    @Test func stubbedDataAwaited() async throws {
        let network = NetworkStub()
        network.stub("https://api.example.com/quote", with: .data(Data("hi".utf8)))
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/quote").record()
        #expect(try await wait(for: recorder.single, timeout: 10).data == Data("hi".utf8))
    }

    @Test("An unmatched request is an issue at the stub's creation line (fails on purpose)", .tags(.failurePath))
    func unmatchedRequestIsAnIssueAtTheStubCreationLine() async throws {
        let network = NetworkStub(); let line = #line
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/nothing").record()
        _ = try await wait(for: recorder.failure, timeout: 10)
        _ = await expectIssues(["NetworkStub: unmatched request GET https://api.example.com/nothing; no stub is configured."], atLine: line) {
            #expect(network.requests.count == 1)
        }
    }

    /// 500 stubs alive across parallel tests, each seeing only its own
    /// requests.
    @Test(arguments: 0..<10)
    func fiftyStubsPerParallelTest(_ batch: Int) async throws {
        let stubs = (0..<50).map { index -> NetworkStub in
            let network = NetworkStub()
            network.stub("https://api.example.com/same", with: .data(Data("\(batch)-\(index)".utf8)))
            return network
        }
        for (index, network) in stubs.enumerated() {
            let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/same").record()
            #expect(try await wait(for: recorder.single, timeout: 10).data == Data("\(batch)-\(index)".utf8))
        }
        #expect(stubs.allSatisfy { $0.requests.count == 1 })
    }

    @Test(arguments: 0..<4)
    func parallelTestsWithTheSameURL(_ index: Int) async throws {
        let network = NetworkStub()
        network.stub("https://api.example.com/same", with: .data(Data("\(index)".utf8)).delayed(by: 0.01))
        let recorder = SimpleNetwork(session: network.session).fetchData(from: "https://api.example.com/same").record()
        #expect(try await wait(for: recorder.single, timeout: 10).data == Data("\(index)".utf8))
    }
}
#endif
