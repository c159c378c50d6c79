import CombineProbe
import Foundation
import XCTest

// The example of `nextCall(to:).inverted` in Documentation/TestDoubles.md
// (issue 29, item 14), verbatim, and the failure it quotes.
final class DocumentationNextCallInvertedExamples: XCTestCase {
    func testTheModelAsksOnlyOnce() throws {
        let service = WeatherServiceMock()
        service.forecastResult = .value(Forecast(city: "Lima", celsius: 19))
        let model = WeatherModel(service: service)
        let summary = model.summary(for: "Lima").record()
        XCTAssertEqual(try wait(for: summary.single, timeout: 1), "Lima: 19°C")
        XCTAssertEqual(try service.nextCall(to: "forecast(for:)").get().argument(0, as: String.self), "Lima")
        try wait(for: service.nextCall(to: "forecast(for:)").inverted, timeout: 0.1)
    }
}

final class DocumentationNextCallInvertedFailure: FailureCapturingTestCase {
    func testTheQuotedFailure() {
        let service = WeatherServiceMock()
        service.forecastResult = .value(Forecast(city: "Lima", celsius: 19))
        _ = WeatherModel(service: service).summary(for: "Lima")
        let line = #line + 1
        let (failures, _) = captureFailures { try wait(for: service.nextCall(to: "forecast(for:)").inverted, timeout: 0.01) }
        assertFailures(failures, [
            "\(invertedFulfilled) \(invertedName(#"mock.nextCall(to: "forecast(for:)").inverted"#)), which expects no call. "
                + "Recorded: 1 new call [forecast(for:) with (\"Lima\")].",
        ], at: line)
    }
}
