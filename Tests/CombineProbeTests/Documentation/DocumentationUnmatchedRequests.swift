import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

// The example of Documentation/Networking.md, "Unmatched requests": an
// unmatched request's failure checked with XCTExpectFailures, the request
// started and awaited inside the closure. AddressClient is the guide's, in
// DocumentationDoubles.swift.

// watchOS has no NetworkStub: it does not allow custom URLProtocols.
#if !os(watchOS)
final class DocumentationUnmatchedRequestExamples: FailureCapturingTestCase {
    func testAnUnknownAddressIsReported() {
        let network = NetworkStub()
        network.stub("https://quotes.example.com/today", with: .data(Data("Stay curious.".utf8)))
        let failures = XCTExpectFailures {
            let recorder = AddressClient(session: network.session).fetch("https://quotes.example.com/tomorrow").record()
            XCTAssertEqual(try? wait(for: recorder.failure, timeout: 1).code, .resourceUnavailable)
        }
        XCTAssertEqual(failures.map(\.message), [
            "NetworkStub: unmatched request GET https://quotes.example.com/tomorrow; "
                + "the stubs are: https://quotes.example.com/today → 200, 13 bytes. "
                + "It was answered with URLError(.resourceUnavailable).",
        ])
    }

    /// What the guide says beside the example: the failure's line is the
    /// stub's creation line.
    func testTheFailureIsAtTheStubsLine() {
        let network = NetworkStub(); let line = #line
        let failures = XCTExpectFailures {
            let recorder = AddressClient(session: network.session).fetch("https://quotes.example.com/tomorrow").record()
            _ = try? wait(for: recorder.failure, timeout: 1)
        }
        XCTAssertEqual(failures.map(\.line), [line])
    }
}

/// The guide's last sentence: the async form, in Swift Testing.
@Suite struct DocumentationUnmatchedRequestSwiftTests {
    @Test func anUnknownAddressIsReported() async {
        let network = NetworkStub()
        network.stub("https://quotes.example.com/today", with: .data(Data("Stay curious.".utf8)))
        let failures = await XCTExpectFailures {
            let recorder = AddressClient(session: network.session).fetch("https://quotes.example.com/tomorrow").record()
            let code = (try? await wait(for: recorder.failure, timeout: 1))?.code
            #expect(code == .resourceUnavailable)
        }
        #expect(failures.map { $0.message } == [
            "NetworkStub: unmatched request GET https://quotes.example.com/tomorrow; "
                + "the stubs are: https://quotes.example.com/today → 200, 13 bytes. "
                + "It was answered with URLError(.resourceUnavailable).",
        ])
    }
}
#endif
