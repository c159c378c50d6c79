import CombineProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

// The types of Documentation/TestDoubles.md and Networking.md, verbatim where
// the guides show them.

struct Forecast: Equatable {
    let city: String
    let celsius: Int
}

enum WeatherError: Error, Equatable, MockErrorConvertible {
    case unknownCity
    case mock(MockError)
    init(mockError: MockError) { self = .mock(mockError) }
}

protocol WeatherService {
    func forecast(for city: String) -> AnyPublisher<Forecast, WeatherError>
}

final class WeatherServiceMock: PublisherMock, WeatherService {
    var forecastResult: MockResult<Forecast, WeatherError>?
    func forecast(for city: String) -> AnyPublisher<Forecast, WeatherError> {
        mockFunction(returning: forecastResult, arguments: city)
    }
}

/// The code under test of the guide.
struct WeatherModel {
    let service: any WeatherService

    func summary(for city: String) -> AnyPublisher<String, WeatherError> {
        service.forecast(for: city)
            .map { "\($0.city): \($0.celsius)°C" }
            .eraseToAnyPublisher()
    }
}

final class DownloadServiceMock: PublisherMock {
    var downloadResult: MockResult<Double, Never>?
    func download(_ name: String) -> AnyPublisher<Double, Never> {
        mockFunction(returning: downloadResult, arguments: name)
    }
}

final class ClockMock: PublisherMock {
    var tickResult: MockResult<Int, Never>?
    func tick() -> AnyPublisher<Int, Never> {
        mockFunction(returning: tickResult, delivery: .immediate)
    }
}

struct QuoteClient {
    let session: URLSession

    func quote() -> AnyPublisher<String, URLError> {
        guard let url = URL(string: "https://quotes.example.com/today") else {
            return Fail(error: URLError(.badURL)).eraseToAnyPublisher()
        }
        return session.dataTaskPublisher(for: url)
            .map { String(decoding: $0.data, as: UTF8.self) }
            .eraseToAnyPublisher()
    }
}

/// The client of the "bad addresses" example.
struct AddressClient {
    let session: URLSession

    func fetch(_ address: String) -> AnyPublisher<Data, URLError> {
        guard let url = URL(string: address), url.scheme != nil, url.host != nil else {
            return Fail(error: URLError(.badURL)).eraseToAnyPublisher()
        }
        return session.dataTaskPublisher(for: url).map(\.data).eraseToAnyPublisher()
    }
}

final class DocumentationDoublesExamples: FailureCapturingTestCase {
    func testForecastIsShown() throws {
        let service = WeatherServiceMock()
        service.forecastResult = .value(Forecast(city: "Oslo", celsius: -3))
        let model = WeatherModel(service: service)
        let recorder = model.summary(for: "Oslo").record()
        XCTAssertEqual(try wait(for: recorder.single, timeout: 1), "Oslo: -3°C")
        XCTAssertEqual(service.calls(to: "forecast(for:)").first?.argument(0, as: String.self), "Oslo")
    }

    func testProgressIsReported() throws {
        let service = DownloadServiceMock()
        service.downloadResult = .generate { emitter in
            emitter.send(0.5)
            emitter.send(1.0)
            emitter.finish()
        }
        let recorder = service.download("report.pdf").record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), [0.5, 1.0])
    }

    func testImmediateClock() throws {
        let clock = ClockMock()
        clock.tickResult = .value(1)
        XCTAssertEqual(try clock.tick().record().single.get(), 1)
    }

    func testCallsAreRecorded() {
        let service = WeatherServiceMock()
        service.forecastResult = .value(Forecast(city: "Lima", celsius: 19))
        _ = service.forecast(for: "Lima")
        _ = service.forecast(for: "Quito")
        XCTAssertEqual(service.calledFunctions, ["forecast(for:)", "forecast(for:)"])
        XCTAssertEqual(service.calls.map { $0.argument(0, as: String.self) }, ["Lima", "Quito"])
    }

    func testUnexpectedForecastCall() throws {
        var line = 0
        let (failures, result) = captureFailures { () -> Recorder<Forecast, WeatherError> in
            let service = WeatherServiceMock(); line = #line
            return service.forecast(for: "Oslo").record()
        }
        assertFailures(failures, [#"unexpected call to forecast(for:) with ("Oslo"): no MockResult<Forecast, WeatherError> is configured for it."#], at: line)
        guard case let .success(recorder) = result else { return XCTFail() }
        XCTAssertEqual(try wait(for: recorder.failure, timeout: 1), .mock(.unexpectedCall(function: "forecast(for:)")))
    }

    // watchOS has no NetworkStub: it does not allow custom URLProtocols.
    #if !os(watchOS)
    func testTodaysQuote() throws {
        let network = NetworkStub()
        network.stub("https://quotes.example.com/today", with: .data(Data("Stay curious.".utf8)))
        let client = QuoteClient(session: network.session)
        XCTAssertEqual(try wait(for: client.quote().record().single, timeout: 1), "Stay curious.")
        XCTAssertEqual(network.requests.count, 1)
    }

    func testARequestOutlivingItsStubIsCancelled() throws {
        var network: NetworkStub? = NetworkStub()
        network?.stub("https://quotes.example.com/today", with: .data(Data("Stay curious.".utf8)).delayed(by: 60))
        let recorder = QuoteClient(session: network!.session).quote().record()
        network = nil
        let next = NetworkStub()
        next.stub("https://quotes.example.com/today", with: .data(Data("Too late.".utf8)))
        XCTAssertEqual(try wait(for: recorder.failure, timeout: 1).code, .cancelled)
        XCTAssertTrue(next.requests.isEmpty)
    }

    func testInvalidAddressIsRejected() throws {
        let network = NetworkStub()
        let recorder = AddressClient(session: network.session).fetch("Invalid URL").record()
        XCTAssertEqual(try wait(for: recorder.failure, timeout: 1).code, .badURL)
        XCTAssertTrue(network.requests.isEmpty)
    }
    #endif
}

/// The examples of Documentation/AssertionsAndHelpers.md on doubles.
final class DocumentationDoublesFailureExamples: FailureCapturingTestCase {
    func testAnUnexpectedCallFromAQueue() throws {
        let service = WeatherServiceMock()
        let failures = XCTExpectFailures {
            let summary = WeatherModel(service: service).summary(for: "Nowhere")
                .subscribe(on: DispatchQueue.global())
                .record()
            _ = try? wait(for: service.nextCall(to: "forecast(for:)"), timeout: 1)
            _ = summary
        }
        XCTAssertEqual(failures.map(\.message), [
            #"unexpected call to forecast(for:) with ("Nowhere"): no MockResult<Forecast, WeatherError> is configured for it."#,
        ])
    }
}

// The async service of Documentation/TestDoubles.md.

protocol ForecastAPI {
    func forecast(for city: String) async throws -> Forecast
}

final class ForecastAPIMock: PublisherMock, ForecastAPI {
    var forecastResult: MockResult<Forecast, WeatherError>?
    func forecast(for city: String) async throws -> Forecast {
        try await mockAsyncFunction(returning: forecastResult, arguments: city)
    }
}

final class DocumentationAsyncDoublesExamples: FailureCapturingTestCase {
    func testTheForecastIsAwaited() async throws {
        let api = ForecastAPIMock()
        api.forecastResult = .value(Forecast(city: "Lima", celsius: 19))
        let forecast = try await api.forecast(for: "Lima")
        XCTAssertEqual(forecast, Forecast(city: "Lima", celsius: 19))
        api.forecastResult = .failure(.unknownCity)
        do {
            _ = try await api.forecast(for: "Atlantis")
            XCTFail("expected WeatherError.unknownCity")
        } catch {
            XCTAssertEqual(error as? WeatherError, .unknownCity)
        }
        XCTAssertEqual(api.calls.map { $0.argument(0, as: String.self) }, ["Lima", "Atlantis"])
    }
}
