import CombineProbe
import Foundation
import XCTest

/// Calls and subscriptions counted apart, per-attempt results, and calls a
/// test waits for: with get(), XCTest's wait, an async wait, and in virtual
/// time; and their failures (message and line).
final class MockCountsAndAttemptsTests: FailureCapturingTestCase {
    private let user = User(id: 1, name: "Ada")

    func testARetriedPublisherCountsOneCallAndThreeSubscriptions() throws {
        let service = UserServiceMock()
        service.getUserResult = .failure(.offline)
        let recorder = service.getUser(id: 1).retry(2).record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: longTimeout), .offline)
        XCTAssertEqual(service.callCount(to: "getUser(id:)"), 1)
        XCTAssertEqual(service.subscriptionCount(to: "getUser(id:)"), 3)
        XCTAssertEqual(service.calls.first?.subscriptionCount, 3)
        XCTAssertEqual(service.subscriptionCount(to: "rename(_:to:)"), 0)
    }

    func testAttemptsFailTwiceThenSucceed() throws {
        let service = UserServiceMock()
        service.getUserResult = .attempts([.failure(.offline), .failure(.offline), .value(user)])
        let recorder = service.getUser(id: 1).retry(2).record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: longTimeout), [user])
        XCTAssertEqual(service.subscriptionCount(to: "getUser(id:)"), 3)
    }

    func testAttemptsAreSharedByTheCallsThatReturnThem() throws {
        let service = UserServiceMock()
        service.getUserResult = .attempts([.failure(.offline), .value(user)])
        let first = service.getUser(id: 1).record()
        XCTAssertEqual(try wait(for: first.failure, timeout: longTimeout), .offline)
        let second = service.getUser(id: 1).record()
        XCTAssertEqual(try wait(for: second.elements, timeout: longTimeout), [user])
    }

    func testASubscriptionBeyondTheAttemptsFailsAtTheMocksLine() throws {
        let line = #line + 1
        let service = UserServiceMock()
        service.getUserResult = .attempts([.failure(.offline)])
        let recorder = service.getUser(id: 1).retry(1).record()
        let (failures, result) = captureFailures { try wait(for: recorder.failure, timeout: longTimeout) }
        assertFailures(failures, [
            "getUser(id:) was subscribed to 2 times, but its MockResult.attempts has 1 outcome: add outcomes for the extra attempts.",
        ], at: line)
        XCTAssertEqual(try result.get(), .mock(.attemptsExhausted(function: "getUser(id:)", attempts: 1)))
    }

    func testTheNextCallWithGet() throws {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        service.progressResult = .finished
        XCTAssertThrowsError(try service.nextCall(to: "getUser(id:)").get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.notEnoughElements: mock.nextCall(to: \"getUser(id:)\") expected a call; no call was made.")
        }
        _ = service.getUser(id: 7)
        _ = service.progress()
        _ = service.getUser(id: 8)
        XCTAssertEqual(try service.nextCall(to: "getUser(id:)").get().argument(as: Int.self), 7)
        XCTAssertEqual(try service.nextCall(to: "getUser(id:)").get().argument(as: Int.self), 8)
        XCTAssertEqual(try service.nextCall().get().function, "getUser(id:)")
        XCTAssertEqual(try service.nextCall().get().function, "progress()")
    }

    func testWaitingForACallMadeOnAnotherThread() throws {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        // The mock is thread-safe; its class is open, so not Sendable.
        nonisolated(unsafe) let caller = service
        DispatchQueue.global().async { _ = caller.getUser(id: 42) }
        let call = try wait(for: service.nextCall(to: "getUser(id:)"), timeout: longTimeout)
        XCTAssertEqual(call.argument(as: Int.self), 42)
    }

    func testWaitingForACallAsynchronously() async throws {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        nonisolated(unsafe) let caller = service
        Task.detached { _ = caller.getUser(id: 42) }
        let call = try await wait(for: service.nextCall(to: "getUser(id:)"), timeout: longTimeout)
        XCTAssertEqual(call.argument(as: Int.self), 42)
    }

    func testWaitingForACallInVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        let cancellable = Just(42).delay(for: .seconds(5), scheduler: scheduler)
            .sink { _ = service.getUser(id: $0) }
        let call = try scheduler.wait(for: service.nextCall(to: "getUser(id:)"), timeout: .seconds(10))
        XCTAssertEqual(call.argument(as: Int.self), 42)
        XCTAssertEqual(scheduler.elapsed, .seconds(5))
        cancellable.cancel()
    }

    func testATimedOutWaitForACallFailsOnceAtItsLine() {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        _ = service.getUser(id: 1)
        XCTAssertNoThrow(try service.nextCall(to: "getUser(id:)").get())
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: service.nextCall(to: "getUser(id:)"), timeout: shortTimeout) }
        assertFailures(failures, [
            waiterTimedOut + " 0.05 seconds, with unfulfilled expectations: mock.nextCall(to: \"getUser(id:)\"), "
                + "which waits for a call. Recorded so far: no new call (after 1 awaited: [getUser(id:) with (1)]).",
        ], at: line)
        guard case let .failure(error) = result else { return XCTFail("expected an error") }
        XCTAssertEqual(String(describing: error),
            "RecordingError.notEnoughElements: mock.nextCall(to: \"getUser(id:)\") failed: see the failure recorded at "
                + "CombineProbeTests/MockCountsAndAttemptsTests.swift:\(line), which says what was recorded.")
    }
    // MARK: nextCall(to:).inverted (issue 29, item 14)

    func testNoNewCallMeetsTheInvertedExpectation() throws {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        service.progressResult = .finished
        try service.nextCall(to: "getUser(id:)").inverted.get()
        _ = service.getUser(id: 1)
        XCTAssertEqual(try service.nextCall(to: "getUser(id:)").get().argument(as: Int.self), 1)
        try service.nextCall(to: "getUser(id:)").inverted.get()
        try wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: shortTimeout)
        _ = service.progress()
        try service.nextCall(to: "getUser(id:)").inverted.get()
        XCTAssertEqual(try service.nextCall().get().argument(as: Int.self), 1)
        XCTAssertEqual(try service.nextCall().get().function, "progress()")
        try service.nextCall().inverted.get()
    }

    func testNoCallMeetsTheInvertedExpectationInAnAsyncWait() async throws {
        let service = UserServiceMock()
        try await wait(for: service.nextCall().inverted, timeout: shortTimeout)
    }

    func testAnInvertedWaitForACallFailsOnceAtItsLineAndConsumesNothing() {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        _ = service.getUser(id: 7)
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: shortTimeout) }
        assertFailures(failures, [
            "\(invertedFulfilled) \(invertedName(#"mock.nextCall(to: "getUser(id:)").inverted"#)), which expects no call. "
                + "Recorded: 1 new call [getUser(id:) with (7)].",
        ], at: line)
        XCTAssertNoThrow(try result.get(), "a wait that recorded its failure returns, as next().inverted does")
        XCTAssertEqual(try service.nextCall(to: "getUser(id:)").get().argument(as: Int.self), 7, "nothing consumed")
    }

    func testAnInvertedAsyncWaitForACallFailsAtItsLine() async {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        _ = service.getUser(id: 1)
        XCTAssertNoThrow(try service.nextCall().get())
        _ = service.getUser(id: 2)
        _ = service.getUser(id: 3)
        let line = #line + 1
        let (failures, _) = await captureFailures { try await wait(for: service.nextCall().inverted, timeout: shortTimeout) }
        assertFailures(failures, [
            "\(invertedFulfilled) \(invertedName("mock.nextCall().inverted")), which expects no call. "
                + "Recorded: 2 new calls [getUser(id:) with (2), getUser(id:) with (3)] (after 1 awaited).",
        ], at: line)
    }

    func testTheInvertedGetThrowsAndConsumesNothing() {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        _ = service.getUser(id: 7)
        XCTAssertThrowsError(try service.nextCall(to: "getUser(id:)").inverted.get()) { error in
            XCTAssertEqual(error as? RecordingError, .invertedExpectationFulfilled)
            XCTAssertEqual(String(describing: error),
                "RecordingError.invertedExpectationFulfilled: mock.nextCall(to: \"getUser(id:)\").inverted expected no call; "
                    + "1 new call [getUser(id:) with (7)].")
        }
        XCTAssertEqual(try service.nextCall(to: "getUser(id:)").get().argument(as: Int.self), 7)
    }

    func testAnInvertedWaitForACallInVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        let cancellable = Just(42).delay(for: .seconds(5), scheduler: scheduler)
            .sink { _ = service.getUser(id: $0) }
        try scheduler.wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: .seconds(3))
        XCTAssertEqual(scheduler.elapsed, .seconds(3))
        let line = #line + 1
        let (failures, _) = captureFailures { try scheduler.wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: .seconds(10)) }
        assertFailures(failures, [
            "\(invertedFulfilled) \(invertedName(#"mock.nextCall(to: "getUser(id:)").inverted"#)) at virtual time 5s, which expects no call. "
                + "Recorded: 1 new call [getUser(id:) with (42)].",
        ], at: line)
        cancellable.cancel()
    }
}
