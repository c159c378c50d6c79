import CombineProbe
import Foundation
import XCTest

// The examples of issue 22 in Documentation/TestDoubles.md,
// AssertionsAndHelpers.md and ExhaustiveTests.md, verbatim.
final class DocumentationIssue22Examples: XCTestCase {
    func testARetryIsOneCallAndThreeSubscriptions() throws {
        let service = WeatherServiceMock()
        service.forecastResult = .failure(.unknownCity)
        let recorder = service.forecast(for: "Oslo").retry(2).record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: 1), .unknownCity)
        XCTAssertEqual(service.callCount(to: "forecast(for:)"), 1)
        XCTAssertEqual(service.subscriptionCount(to: "forecast(for:)"), 3)
    }

    func testTheThirdAttemptSucceeds() throws {
        let service = WeatherServiceMock()
        let lima = Forecast(city: "Lima", celsius: 19)
        service.forecastResult = .attempts([.failure(.unknownCity), .failure(.unknownCity), .value(lima)])
        let recorder = service.forecast(for: "Lima").retry(2).record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), [lima])
    }

    func testTheModelAsksForTheForecast() throws {
        let service = WeatherServiceMock()
        service.forecastResult = .value(Forecast(city: "Lima", celsius: 19))
        let model = WeatherModel(service: service)
        let summary = model.summary(for: "Lima").subscribe(on: DispatchQueue.global()).record()
        let call = try wait(for: service.nextCall(to: "forecast(for:)"), timeout: 1)
        XCTAssertEqual(call.argument(0, as: String.self), "Lima")
        XCTAssertEqual(try wait(for: summary.single, timeout: 1), "Lima: 19°C")
    }

    func testAProbeRecordsACallback() throws {
        let probe = Probe<Int, Never>()
        let callback = probe.callback
        DispatchQueue.global().async { callback(20); callback(21) }
        XCTAssertEqual(try wait(for: probe.next(2), timeout: 1), [20, 21])
    }

    func testTheRecordedValuesInVirtualTime() {
        let scheduler = DispatchQueue.virtualScheduler()
        let recorder = Just(1).delay(for: .seconds(3), scheduler: scheduler).record()
        XCTAssertRecordedValues(recorder, [1], timeout: .seconds(5), scheduler: scheduler)
    }

    func testTheTimeoutMessage() {
        let recorder = PassthroughSubject<Int, Never>().record()
        let failures = XCTExpectFailures {
            _ = try? wait(for: recorder.next(), timeout: 0.01)
        }
        // "Asynchronous wait failed: Exceeded timeout of 0.01 seconds, with unfulfilled
        // expectations: recorder.next(), which waits for one more element. …", in
        // the words of XCTest's own waiter on the platform (see the migration guide)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].message.hasPrefix("Asynchronous wait failed"))
        XCTAssertTrue(failures[0].message.hasSuffix(
            "recorder.next(), which waits for one more element. Recorded so far: no element, not completed."))
    }

    func testAFailedWaitIsReportedOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let failures = XCTExpectFailures {
            let recorder = subject.record(exhaustive: true)
            subject.send(1)
            _ = try? wait(for: recorder.next(2), timeout: 0.01)
        }
        XCTAssertEqual(failures.count, 1)
    }
}
