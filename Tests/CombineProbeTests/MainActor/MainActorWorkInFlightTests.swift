import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import XCTest

/// A synchronous virtual wait on a main-actor scheduler, from a test off the
/// main actor, runs on the main actor in a task of its own: it still waits
/// for the work in flight of the test that called it — a NetworkStub's
/// request, a PublisherMock's background delivery — before it moves time
/// on. (It once looked for the hop task's own work, found none, and let the
/// model's timeout fire.)
enum MainActorWorkInFlight {
    static var rounds: Int {
        VirtualConcurrencyStress.iterations
    }

    /// The rounds in which the value did not land before time moved on.
    static func networkMisses() -> [Int] {
        #if os(watchOS)
        return []
        #else
        return (0..<rounds).filter { round in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
            let network = NetworkStub()
            stubUser(round, on: network, delay: 0.001)
            let recorder = loadUser(id: round, session: network.session, scheduler: scheduler)
                .timeout(.seconds(5), scheduler: scheduler)
                .record()
            let users = try? scheduler.wait(for: recorder.elements, timeout: .seconds(10))
            return users != [User(id: round, name: "Ada")] || scheduler.elapsed != .zero
        }
        #endif
    }

    static func mockMisses() -> [Int] {
        (0..<rounds).filter { round in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
            let mock = UserServiceMock()
            mock.getUserResult = .value(User(id: round, name: "Ada"))
            let recorder = mock.getUser(id: round)
                .receive(on: scheduler)
                .timeout(.seconds(5), scheduler: scheduler)
                .record()
            let users = try? scheduler.wait(for: recorder.elements, timeout: .seconds(10))
            return users != [User(id: round, name: "Ada")] || scheduler.elapsed != .zero
        }
    }
}

@Suite struct MainActorWorkInFlightSwiftTests {
    @Test func aSynchronousWaitOffTheMainActorWaitsForARequestInFlight() {
        #expect(MainActorWorkInFlight.networkMisses() == [])
    }

    @Test func aSynchronousWaitOffTheMainActorWaitsForAMockDelivery() {
        #expect(MainActorWorkInFlight.mockMisses() == [])
    }
}

final class MainActorWorkInFlightTests: XCTestCase {
    /// XCTest runs an async test off the main thread; the waits below are
    /// the synchronous ones.
    func testASynchronousWaitOffTheMainActorWaitsForWorkInFlight() async {
        XCTAssertFalse(Thread.isMainThread)
        XCTAssertEqual(MainActorWorkInFlight.networkMisses(), [])
        XCTAssertEqual(MainActorWorkInFlight.mockMisses(), [])
    }
}
