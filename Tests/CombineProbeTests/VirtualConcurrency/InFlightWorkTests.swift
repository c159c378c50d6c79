import CombineProbe
import Foundation
import Testing
import XCTest

/// Virtual waits let work outside virtual time land before they conclude
/// that nothing can fulfil the expectation: a mock's background delivery
/// feeding `receive(on: scheduler)`.
final class InFlightWorkTests: FailureCapturingTestCase {
    func testAVirtualWaitLetsABackgroundDeliveryLand() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.getUserResult = .value(User(id: 1, name: "Ann"))
        let recorder = service.getUser(id: 1)
            .receive(on: scheduler)
            .record()
        let user = try scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        XCTAssertEqual(user, User(id: 1, name: "Ann"))
    }

    func testRepeatedly() throws {
        for id in 0..<100 {
            let scheduler = DispatchQueue.virtualScheduler()
            let service = UserServiceMock()
            service.getUserResult = .value(User(id: id, name: "Ann"))
            let recorder = service.getUser(id: id).delay(for: .seconds(1), scheduler: scheduler).record()
            XCTAssertEqual(try scheduler.wait(for: recorder.elements, timeout: .seconds(2)), [User(id: id, name: "Ann")])
            XCTAssertEqual(scheduler.elapsed, .seconds(1))
        }
    }

    func testNothingInFlightStillFailsAtOnce() {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = PassthroughSubject<Int, Never>().receive(on: scheduler).record()
        let (failures, _) = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        assertFailures(failures, ["Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s"], at: #line - 1)
    }
}

@Suite struct InFlightWorkSwiftTests {
    @Test(arguments: 0..<4) func aVirtualWaitLetsABackgroundDeliveryLand(_ id: Int) async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.getUserResult = .value(User(id: id, name: "Bo"))
        let recorder = service.getUser(id: id).receive(on: scheduler).record()
        #expect(try await scheduler.wait(for: recorder.next(), timeout: .seconds(1)) == User(id: id, name: "Bo"))
    }
}
