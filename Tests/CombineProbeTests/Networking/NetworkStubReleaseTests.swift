@testable import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

// watchOS does not allow custom URLProtocol classes: NetworkStub is
// unavailable there.
#if !os(watchOS)

/// What became of a request whose stub was released before it loaded, over
/// many rounds.
struct LateRequestOutcomes: Equatable, CustomStringConvertible {
    /// Answered by its own stub, before the release.
    var answeredByItsStub = 0
    /// Failed with `URLError(.cancelled)`.
    var cancelled = 0
    /// Anything else: another stub's answer, another error.
    var other: [String] = []
    /// Requests that the stub made after the release received.
    var seenByTheNextStub = 0

    var description: String {
        "answered by its stub \(answeredByItsStub), cancelled \(cancelled), seen by the next stub \(seenByTheNextStub), other \(other.prefix(5))"
    }

    /// The URL of every round: the same for both stubs.
    static let url = "https://api.example.com/late"

    /// Starts a request through a new stub, releases the stub before the
    /// request loads, and makes the next stub, with the same stub (odd
    /// rounds) or none (even rounds, where a request reaching it would be
    /// an unmatched-request failure). Returns the request's recorder and the
    /// next stub.
    static func startRound(
        _ round: Int
    ) -> (late: Recorder<(data: Data, response: URLResponse), URLError>, next: NetworkStub) {
        var first: NetworkStub? = NetworkStub()
        first?.stub(url, with: .data(Data("first".utf8)))
        let late = SimpleNetwork(session: first!.session).fetchData(from: url).record()
        first = nil
        let next = NetworkStub()
        if round % 2 == 1 {
            next.stub(url, with: .data(Data("next".utf8)))
        }
        return (late, next)
    }

    /// Counts how the round ended, once its request completed.
    mutating func count(
        _ completion: Subscribers.Completion<URLError>,
        _ late: Recorder<(data: Data, response: URLResponse), URLError>,
        _ next: NetworkStub
    ) {
        seenByTheNextStub += next.requests.count
        switch completion {
        case .failure(let error) where error.code == .cancelled:
            cancelled += 1
        case .finished where late.elementsAndCompletion.elements.map(\.data) == [Data("first".utf8)]:
            answeredByItsStub += 1
        case .failure(let error):
            other.append("URLError(\(error.code.rawValue))")
        case .finished:
            other.append(late.elementsAndCompletion.elements.map { String(decoding: $0.data, as: UTF8.self) }.joined())
        }
    }
}

final class NetworkStubReleaseTests: FailureCapturingTestCase {
    /// A request in flight when its stub is released belongs to that stub:
    /// it fails with `URLError(.cancelled)` (or was answered by its own
    /// stub), never reaches the stub made next, and never crashes
    /// FoundationNetworking.
    func testARequestOfAReleasedStubNeverReachesTheNextStub() throws {
        var outcomes = LateRequestOutcomes()
        let (failures, result) = captureFailures {
            for round in 0..<1_000 {
                let (late, next) = LateRequestOutcomes.startRound(round)
                outcomes.count(try wait(for: late.completion, timeout: longTimeout), late, next)
            }
        }
        assertSucceeds(result)
        XCTAssertEqual(failures.map(\.description), [])
        XCTAssertEqual(outcomes.seenByTheNextStub, 0, "\(outcomes)")
        XCTAssertEqual(outcomes.other, [], "\(outcomes)")
        XCTAssertEqual(outcomes.answeredByItsStub + outcomes.cancelled, 1_000, "\(outcomes)")
        // A slot is free again once its stub's session has no task left:
        // 2,000 stubs over time do not make 2,000 protocol classes.
        XCTAssertLessThan(StubSlots.count, 1_000)
    }

    /// A session built from a released stub's configuration is answered by
    /// no stub: its requests fail with `URLError(.cancelled)`, even when the
    /// next stub stubs the same URL.
    func testASessionFromAReleasedStubsConfigurationReachesNoOtherStub() throws {
        var first: NetworkStub? = NetworkStub()
        let session = URLSession(configuration: first!.makeConfiguration())
        first = nil
        let next = NetworkStub()
        next.stub(LateRequestOutcomes.url, with: .data(Data("next".utf8)))
        let recorder = SimpleNetwork(session: session).fetchData(from: LateRequestOutcomes.url).record()
        let error = try wait(for: recorder.failure, timeout: longTimeout)
        XCTAssertEqual(error.code, .cancelled)
        XCTAssertEqual(error.localizedDescription, "The NetworkStub that answers this session was released.")
        XCTAssertTrue(next.requests.isEmpty)
    }

    /// A delayed answer racing with the release of its stub (the session
    /// cancelling the task): the task completes once, either way.
    func testADelayedAnswerRacingTheReleaseCompletesTheTaskOnce() throws {
        var outcomes = LateRequestOutcomes()
        for round in 0..<200 {
            var first: NetworkStub? = NetworkStub()
            first?.stub(LateRequestOutcomes.url, with: .data(Data("first".utf8)).delayed(by: 0.001))
            let late = SimpleNetwork(session: first!.session).fetchData(from: LateRequestOutcomes.url).record()
            // Releases the stub around the time the answer is due: before,
            // during or after it, depending on the round.
            Thread.sleep(forTimeInterval: Double(round % 20) * 0.0001)
            first = nil
            outcomes.count(try wait(for: late.completion, timeout: longTimeout), late, NetworkStub())
        }
        XCTAssertEqual(outcomes.other, [], "\(outcomes)")
        XCTAssertEqual(outcomes.answeredByItsStub + outcomes.cancelled, 200, "\(outcomes)")
    }
}

@Suite struct NetworkStubReleaseSwiftTestingTests {
    /// The same, in parallel tests: 4 × 250 rounds.
    @Test(arguments: 0..<4)
    func aRequestOfAReleasedStubNeverReachesTheNextStub(_ batch: Int) async throws {
        var outcomes = LateRequestOutcomes()
        for round in 0..<250 {
            let (late, next) = LateRequestOutcomes.startRound(round)
            outcomes.count(try await wait(for: late.completion, timeout: 10), late, next)
        }
        #expect(outcomes.seenByTheNextStub == 0, "\(outcomes)")
        #expect(outcomes.other == [], "\(outcomes)")
        #expect(outcomes.answeredByItsStub + outcomes.cancelled == 250, "\(outcomes)")
    }

    @Test func aSessionFromAReleasedStubsConfigurationReachesNoOtherStub() async throws {
        var first: NetworkStub? = NetworkStub()
        let session = URLSession(configuration: first!.makeConfiguration())
        first = nil
        let next = NetworkStub()
        next.stub(LateRequestOutcomes.url, with: .data(Data("next".utf8)))
        let recorder = SimpleNetwork(session: session).fetchData(from: LateRequestOutcomes.url).record()
        #expect(try await wait(for: recorder.failure, timeout: 10).code == .cancelled)
        #expect(next.requests.isEmpty)
    }
}
#endif
