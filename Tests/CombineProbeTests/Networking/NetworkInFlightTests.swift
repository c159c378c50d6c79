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

/// The standard loader of an app: the real `dataTaskPublisher(for:)`,
/// decoded, delivered on the injected scheduler.
func loadUser(id: Int, session: URLSession, scheduler: some Scheduler) -> AnyPublisher<User, any Error> {
    session.dataTaskPublisher(for: URL(string: "https://api.example.com/user/\(id)")!)
        .map(\.data)
        .decode(type: User.self, decoder: JSONDecoder())
        .receive(on: scheduler)
        .eraseToAnyPublisher()
}

/// Stubs the user `id` on `network`, answered after `delay` real seconds.
func stubUser(_ id: Int, on network: NetworkStub, delay: TimeInterval = 0) {
    network.stub("https://api.example.com/user/\(id)", with: .json(#"{"id": \#(id), "name": "Ada"}"#).delayed(by: delay))
}

/// How many rounds the repeated network tests run:
/// `COMBINEPROBE_STRESS_ITERATIONS` when set, 200 by default.
enum NetworkInFlightRounds {
    static var count: Int {
        ProcessInfo.processInfo.environment["COMBINEPROBE_STRESS_ITERATIONS"].flatMap(Int.init) ?? 200
    }
}

/// A NetworkStub's request in flight counts as work in flight for a wait in
/// virtual time: the response lands before time moves on.
final class NetworkInFlightTests: FailureCapturingTestCase {
    func testTheStandardLoaderLandsInAVirtualWait() throws {
        for round in 0..<NetworkInFlightRounds.count {
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            stubUser(round, on: network)
            let recorder = loadUser(id: round, session: network.session, scheduler: scheduler).record()
            XCTAssertEqual(try scheduler.wait(for: recorder.next(), timeout: .seconds(1)), User(id: round, name: "Ada"), "round \(round)")
            XCTAssertEqual(scheduler.elapsed, .zero, "round \(round)")
        }
    }

    /// The response lands before a virtual timeout scheduled at the
    /// request's start could fire: time moves only once it landed.
    func testTheResponseLandsBeforeTimeMovesOn() throws {
        for round in 0..<NetworkInFlightRounds.count {
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            stubUser(round, on: network)
            let recorder = loadUser(id: round, session: network.session, scheduler: scheduler)
                .timeout(.seconds(5), scheduler: scheduler)
                .record()
            XCTAssertEqual(try scheduler.wait(for: recorder.elements, timeout: .seconds(10)), [User(id: round, name: "Ada")], "round \(round)")
            XCTAssertEqual(scheduler.elapsed, .zero, "round \(round)")
        }
    }

    /// An idle stub is not work in flight: a wait that nothing can fulfil
    /// still fails at once, with the usual diagnosis.
    func testAnIdleStubLeavesTheDiagnosisAsItWas() {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        stubUser(1, on: network)
        let recorder = PassthroughSubject<Int, Never>().receive(on: scheduler).record()
        let (failures, _) = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        assertFailures(failures, ["Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, so virtual time cannot move on"], at: #line - 1)
        XCTAssertEqual(network.requests.count, 0)
    }

    /// A cancelled request is not in flight any more.
    func testACancelledRequestIsNotWaitedFor() {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        stubUser(1, on: network, delay: 60)
        let recorder = loadUser(id: 1, session: network.session, scheduler: scheduler).record()
        recorder.cancel()
        let other = PassthroughSubject<Int, Never>().receive(on: scheduler).record()
        ProbeSettings.withOverrides(.init(defaultTimeout: 5, timeoutMultiplier: 1)) {
            let started = Date()
            let (failures, _) = captureFailures { try scheduler.wait(for: other.next(), timeout: .seconds(1)) }
            assertFailures(failures, ["Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, so virtual time cannot move on"], at: #line - 1)
            XCTAssertLessThan(Date().timeIntervalSince(started), 4, "the wait did not wait for the cancelled request")
        }
    }

    func testARequestThatDoesNotLandIsNamed() {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        stubUser(7, on: network, delay: 30)
        let recorder = loadUser(id: 7, session: network.session, scheduler: scheduler).record()
        let failures = ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        }
        assertFailures(failures, [
            "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, and recorder.next() still waits for "
        ], at: #line - 4)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.contains(
            "work outside virtual time did not land within 0.2 s of real time: the request GET https://api.example.com/user/7 of a NetworkStub"),
            message)
        XCTAssertFalse(message.contains("real scheduler"), message)
    }

    /// A wait that gives up on a request in flight goes on in virtual time,
    /// and does not wait for it again at each later step.
    func testAnInvertedWaitGivesUpOnARequestOnce() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        stubUser(1, on: network, delay: 30)
        let user = loadUser(id: 1, session: network.session, scheduler: scheduler).record()
        let tick = PassthroughSubject<Int, Never>()
        let ticks = tick.record()
        for second in 1...8 {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(second))) {
                tick.send(second)
                if second == 8 { tick.send(completion: .finished) }
            }
        }
        _ = user
        try ProbeSettings.withOverrides(.init(defaultTimeout: 0.5, timeoutMultiplier: 1)) {
            let started = Date()
            try scheduler.wait(for: ticks.next().inverted, timeout: .milliseconds(500))
            try scheduler.wait(for: ticks.finished, timeout: .seconds(10))
            XCTAssertEqual(try ticks.elements.get(), Array(1...8))
            XCTAssertLessThan(Date().timeIntervalSince(started), 2.4, "waited for the request at more than one step")
        }
    }
}

/// The same, in Swift Testing, where tests run in parallel: each waits for
/// the requests of its own stubs only.
@Suite struct NetworkInFlightSwiftTests {
    @Test(arguments: 0..<4) func theStandardLoaderLandsInAVirtualWait(_ lane: Int) async throws {
        for round in 0..<(NetworkInFlightRounds.count / 4) {
            let id = lane * 1000 + round
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            stubUser(id, on: network)
            let recorder = loadUser(id: id, session: network.session, scheduler: scheduler).record()
            #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == User(id: id, name: "Ada"), "round \(round)")
            #expect(scheduler.elapsed == .zero)
        }
    }

    @Test func theSynchronousWaitToo() throws {
        for round in 0..<NetworkInFlightRounds.count {
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            stubUser(round, on: network)
            let recorder = loadUser(id: round, session: network.session, scheduler: scheduler)
                .timeout(.seconds(5), scheduler: scheduler)
                .record()
            #expect(try scheduler.wait(for: recorder.elements, timeout: .seconds(10)) == [User(id: round, name: "Ada")], "round \(round)")
        }
    }

    @Test func aWorldTaskAwaitingAStubbedRequestLands() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        for round in 0..<NetworkInFlightRounds.count {
            let scheduler = DispatchQueue.virtualScheduler()
            let network = NetworkStub()
            stubUser(round, on: network)
            let subject = PassthroughSubject<User, any Error>()
            let recorder = subject.record()
            let task = Task(executorPreference: scheduler.executor) {
                let (data, _) = try await network.session.data(from: URL(string: "https://api.example.com/user/\(round)")!)
                subject.send(try JSONDecoder().decode(User.self, from: data))
            }
            #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == User(id: round, name: "Ada"))
            try await task.value
        }
    }

    @Test("A request that does not land within the grace period is named (fails on purpose)", .tags(.failurePath))
    func aRequestThatDoesNotLandIsNamed() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let network = NetworkStub()
        stubUser(7, on: network, delay: 30)
        let recorder = loadUser(id: 7, session: network.session, scheduler: scheduler).record()
        await ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            _ = await expectIssue(
                "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, and recorder.next() still waits for ",
                containing: ["work outside virtual time did not land within 0.2 s of real time: the request GET https://api.example.com/user/7 of a NetworkStub"],
                atLine: #line + 2
            ) {
                _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
            }
        }
    }
}
#endif
