import CombineProbe
import Foundation
import Testing

/// Issue 22 in Swift Testing: counted and awaited mock calls, per-attempt
/// results, probes, assertions in virtual time, XCTExpectFailures, and one
/// problem, one failure.
@Suite struct DoublesSwiftTests {
    let user = User(id: 1, name: "Ada")

    @Test func aRetryCountsOneCallAndThreeSubscriptionsAndTakesEachAttempt() async throws {
        let service = UserServiceMock()
        service.getUserResult = .attempts([.failure(.offline), .failure(.offline), .value(user)])
        let recorder = service.getUser(id: 1).retry(2).record()
        #expect(try await wait(for: recorder.elements, timeout: 10) == [user])
        #expect(service.callCount(to: "getUser(id:)") == 1)
        #expect(service.subscriptionCount(to: "getUser(id:)") == 3)
    }

    @Test("An exhausted attempt is an issue at the mock's line (fails on purpose)", .tags(.failurePath))
    func anExhaustedAttemptIsAnIssueAtTheMocksLine() async throws {
        let line = #line + 1
        let service = UserServiceMock()
        service.getUserResult = .attempts([.value(user)])
        let recorder = service.getUser(id: 1).retry(1).record()
        #expect(try await wait(for: recorder.elements, timeout: 10) == [user])
        _ = await expectIssues(["getUser(id:) was subscribed to 2 times"], atLine: line) {
            _ = try await wait(for: service.getUser(id: 2).record().failure, timeout: 10)
        }
    }

    @Test func awaitingACall() async throws {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        nonisolated(unsafe) let caller = service
        Task.detached { _ = caller.getUser(id: 42) }
        let call = try await wait(for: service.nextCall(to: "getUser(id:)"), timeout: 10)
        #expect(call.argument(as: Int.self) == 42)
    }

    @Test func awaitingACallInVirtualTime() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        let cancellable = Just(42).delay(for: .seconds(5), scheduler: scheduler).sink { _ = service.getUser(id: $0) }
        #expect(try scheduler.wait(for: service.nextCall(), timeout: .seconds(10)).argument(as: Int.self) == 42)
        cancellable.cancel()
    }

    @Test("A timed-out wait for a call is one issue, and its error points to it (fails on purpose)", .tags(.failurePath))
    func aTimedOutWaitForACallIsOneIssueAndItsErrorPointsToIt() async {
        let service = UserServiceMock()
        let line = #line + 2
        let error = await expectIssues(["Asynchronous wait failed: Exceeded timeout of 0.01 seconds, with unfulfilled expectations: mock.nextCall(), "], atLine: line) {
            _ = try await wait(for: service.nextCall(), timeout: 0.01)
        }
        #expect(String(describing: error!) == "RecordingError.notEnoughElements: mock.nextCall() failed: "
            + "see the failure recorded at CombineProbeTests/DoublesSwiftTests.swift:\(line), which says what was recorded.")
    }

    @Test func noCallMeetsTheInvertedNextCall() async throws {
        let service = UserServiceMock()
        try await wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: 0.01)
        let scheduler = DispatchQueue.virtualScheduler()
        try await scheduler.wait(for: service.nextCall().inverted, timeout: .seconds(1))
        #expect(scheduler.elapsed == .seconds(1))
    }

    @Test("An inverted wait for a call that was made is one issue at its line (fails on purpose)", .tags(.failurePath))
    func anInvertedWaitForACallThatWasMadeIsOneIssueAtItsLine() async throws {
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        _ = service.getUser(id: 7)
        let error = await expectIssues([
            "Fulfilled inverted expectation mock.nextCall(to: \"getUser(id:)\").inverted, which expects no call. "
                + "Recorded: 1 new call [getUser(id:) with (7)].",
        ], atLine: #line + 1) {
            try await wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: 0.01)
        }
        #expect(error == nil)
        #expect(try service.nextCall().get().argument(as: Int.self) == 7, "nothing consumed")
    }

    @Test("An inverted virtual wait for a call is one issue at its line (fails on purpose)", .tags(.failurePath))
    func anInvertedVirtualWaitForACallIsOneIssueAtItsLine() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.getUserResult = .value(user)
        let cancellable = Just(42).delay(for: .seconds(5), scheduler: scheduler).sink { _ = service.getUser(id: $0) }
        _ = await expectIssues([
            "Fulfilled inverted expectation mock.nextCall().inverted at virtual time 5s, which expects no call. "
                + "Recorded: 1 new call [getUser(id:) with (42)].",
        ], atLine: #line + 1) {
            try await scheduler.wait(for: service.nextCall().inverted, timeout: .seconds(10))
        }
        cancellable.cancel()
    }

    @Test func aProbe() async throws {
        let probe = Probe<Int, TestFailure>()
        let callback = probe.callback
        Task.detached { callback(1); callback(2) }
        #expect(try await wait(for: probe.next(2), timeout: 10) == [1, 2])
        probe.fail(TestFailure())
        #expect(try probe.failure.get() == TestFailure())
    }

    @Test func theRecordedValuesInVirtualTime() {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: scheduler).record()
        expectRecordedValues(recorder, [1], timeout: .seconds(5), scheduler: scheduler)
        expectRecordedEvents(recorder, [.value(1), .finished], timeout: .seconds(5), scheduler: scheduler)
        #expect(scheduler.elapsed == .seconds(3))
    }

    @Test("A shortfall in virtual time is an issue (fails on purpose)", .tags(.failurePath))
    func aShortfallInVirtualTime() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: scheduler).record()
        let line = #line + 2
        _ = await expectIssues(["expectRecordedValues failed: waited 2s of virtual time for 1 value, received only 0: []"], atLine: line) {
            expectRecordedValues(recorder, [1], timeout: .seconds(2), scheduler: scheduler)
        }
    }

    @Test func expectedFailuresAreCapturedInSwiftTestingToo() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let failures = XCTExpectFailures {
            expectRecordedValues(recorder, [1])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("expectRecordedValues failed") == true)
    }
}
