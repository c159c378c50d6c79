import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

// The examples of Documentation/Networking.md, "In virtual time", verbatim.
// watchOS has no NetworkStub: it does not allow custom URLProtocols.
#if !os(watchOS)

struct Account: Decodable, Equatable {
    let id: Int
    let name: String
}

struct AccountLoader<S: Scheduler> {
    let session: URLSession
    let scheduler: S

    func account(id: Int) -> AnyPublisher<Account, any Error> {
        session.dataTaskPublisher(for: URL(string: "https://api.example.com/accounts/\(id)")!)
            .map(\.data)
            .decode(type: Account.self, decoder: JSONDecoder())
            .receive(on: scheduler)
            .eraseToAnyPublisher()
    }
}

final class DocumentationNetworkingInVirtualTimeTests: XCTestCase {
    func testTheAccountLoadsBeforeItsTimeout() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        network.stub("https://api.example.com/accounts/1", with: .json(#"{"id": 1, "name": "Ada"}"#))
        let recorder = AccountLoader(session: network.session, scheduler: scheduler)
            .account(id: 1)
            .timeout(.seconds(5), scheduler: scheduler)
            .record()
        XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(10)), Account(id: 1, name: "Ada"))
        XCTAssertEqual(scheduler.elapsed, .zero)
    }
}

@Suite struct DocumentationNetworkingInVirtualTimeSwiftTests {
    @Test func theAccountLoadsInVirtualTime() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        network.stub("https://api.example.com/accounts/1", with: .json(#"{"id": 1, "name": "Ada"}"#))
        let recorder = AccountLoader(session: network.session, scheduler: scheduler).account(id: 1).record()
        #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == Account(id: 1, name: "Ada"))
    }
}
#endif
