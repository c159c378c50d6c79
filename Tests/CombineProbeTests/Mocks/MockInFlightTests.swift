import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 29, item 3: a mock's delivery that does not land within a virtual
// wait's grace period is named by its call, as a NetworkStub's request is
// named by its method and address.

/// A semaphore that a test opens when it is done, so that the thread it
/// holds goes back to the pool.
private final class Hold: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func release() { semaphore.signal() }
}

final class MockInFlightTests: FailureCapturingTestCase {
    func testAStuckGeneratorIsNamedByItsCall() {
        let hold = Hold()
        defer { hold.release() }
        assertStuckWorkIsNamed(#"the .generate closure of forecast(for:) with ("Nowhere") of a PublisherMock, still running"#) { service in
            service.forecastResult = .generate { _ in hold.wait() }
            return service.forecast(for: "Nowhere")
        }
    }

    func testAStuckDeliveryIsNamedByItsCall() {
        let hold = Hold()
        defer { hold.release() }
        assertStuckWorkIsNamed(#"the background delivery of forecast(for:) with ("Nowhere") of a PublisherMock"#) { service in
            service.forecastResult = .value(Forecast(city: "Nowhere", celsius: 0))
            return service.forecast(for: "Nowhere")
                .handleEvents(receiveOutput: { _ in hold.wait() })
                .eraseToAnyPublisher()
        }
    }

    /// Waits in virtual time for the first value of the publisher that
    /// `makePublisher` makes from a mock, behind `receive(on:)`, with a
    /// grace period of 0.2 s: the one failure names the stuck work as
    /// `name`, and shows that nothing was recorded.
    private func assertStuckWorkIsNamed(
        _ name: String,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ makePublisher: (WeatherServiceMock) -> AnyPublisher<Forecast, WeatherError>
    ) {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = makePublisher(WeatherServiceMock()).receive(on: scheduler).record()
        let failures = ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }.failures
        }
        assertFailures(failures, [
            "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, and recorder.next() still waits for one more element; "
                + "work outside virtual time did not land within 0.2 s of real time: ",
        ], at: #line - 5, callerLine: line)
        // Named by its call; a delivery step starved of a thread meanwhile
        // would be named beside it.
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.contains(name), message, file: file, line: line)
        XCTAssertTrue(message.hasSuffix("Recorded so far: no element, not completed."), message, file: file, line: line)
    }
}

@Suite struct MockInFlightSwiftTests {
    @Test("A stuck generator is named by its call (fails on purpose)", .tags(.failurePath))
    func aStuckGeneratorIsNamedByItsCall() async {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = WeatherServiceMock()
        let hold = Hold()
        defer { hold.release() }
        service.forecastResult = .generate { _ in hold.wait() }
        let recorder = service.forecast(for: "Nowhere").receive(on: scheduler).record()
        await ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
            _ = await expectIssue(
                "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s, and recorder.next() still waits for one more element; ",
                containing: [#"the .generate closure of forecast(for:) with ("Nowhere") of a PublisherMock, still running"#],
                atLine: #line + 2
            ) {
                _ = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
            }
        }
    }
}

/// Each explored schedule owns the work outside virtual time that it
/// started (issue 35, found by reading): what one schedule left in flight is
/// neither waited for by the next schedule's waits nor named in its reports.
final class ScheduleInFlightTests: FailureCapturingTestCase {
    func testAMockDeliveryTheFirstScheduleLeftInFlightIsNotTheSecondOnes() {
        let hold = Hold()
        defer { hold.release() }
        assertTheSecondScheduleWaitsForNothing { _ in
            let service = WeatherServiceMock()
            service.forecastResult = .generate { _ in hold.wait() }
            return service.forecast(for: "Nowhere").record()
        }
    }

    #if !os(watchOS)
    func testARequestTheFirstScheduleLeftInFlightIsNotTheSecondOnes() {
        assertTheSecondScheduleWaitsForNothing { scheduler in
            let network = NetworkStub()
            stubUser(7, on: network, delay: 30)
            return (network, loadUser(id: 7, session: network.session, scheduler: scheduler).record())
        }
    }

    #if canImport(FoundationNetworking)
    /// On FoundationNetworking, where a request begins inside
    /// `task.resume()`, it is the work of the schedule that resumed it, even
    /// when its stub was made outside the exploration. (On Apple platforms,
    /// it begins on the session's queue: it is the stub's, every
    /// schedule's.)
    func testARequestOfAStubMadeOutsideIsTheWorkOfTheScheduleThatMadeIt() {
        let network = NetworkStub()
        stubUser(7, on: network, delay: 30)
        assertTheSecondScheduleWaitsForNothing { scheduler in
            loadUser(id: 7, session: network.session, scheduler: scheduler).record()
        }
    }
    #endif
    #endif

    /// Explores two schedules (two actions due at one instant): the first
    /// leaves in flight the work `leave` starts, kept until the test ends;
    /// the second waits in virtual time for an element that never comes,
    /// and fails at once, naming no work outside virtual time.
    private func assertTheSecondScheduleWaitsForNothing(
        file: StaticString = #filePath, line: UInt = #line,
        _ leave: (VirtualSchedulerOf<DispatchQueue>) -> Any
    ) {
        var left: Any?
        var schedules = 0
        let (failures, _) = captureFailures {
            ProbeSettings.withOverrides(.init(defaultTimeout: 0.2, timeoutMultiplier: 1)) {
                _ = ScheduleExploration(schedules: 2, seed: 1, exploring: .allTiedActions).run { _ in
                    schedules += 1
                    let scheduler = DispatchQueue.virtualScheduler()
                    scheduler.schedule {}
                    scheduler.schedule {}
                    scheduler.run()
                    if schedules == 1 {
                        left = leave(scheduler)
                    } else {
                        let recorder = PassthroughSubject<Int, Never>().record()
                        _ = try scheduler.wait(for: recorder.next(), timeout: .seconds(1))
                    }
                    return true
                }
            }
        }
        withExtendedLifetime(left) {}
        XCTAssertEqual(schedules, 2, file: file, line: line)
        XCTAssertEqual(failures.count, 1, "\(failures)", file: file, line: line)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s"), message,
                      file: file, line: line)
        XCTAssertFalse(message.contains("did not land"), message, file: file, line: line)
    }
}
