import CombineProbe
import Foundation
import XCTest

/// The examples of Documentation/Expectations/Predicates.md, verbatim.
final class DocumentationPredicates: XCTestCase {
    func testTheProfileLoadsEventually() throws {
        let states = ["idle", "loading", "loading", "loaded: Ada"].publisher
            .delay(for: .milliseconds(10), scheduler: DispatchQueue(label: "profile"))
        let recorder = states.record()
        let loaded = try wait(for: recorder.next(where: { $0.hasPrefix("loaded") }), timeout: 1)
        XCTAssertEqual(loaded, "loaded: Ada")
    }

    func testAReadingAboveTheThreshold() {
        let readings = [12, 18].publisher.record()
        XCTAssertThrowsError(try readings.next(where: { $0 > 20 }, named: "a reading above 20").get()) { error in
            XCTAssertEqual(String(describing: error),
                "RecordingError.notEnoughElements: recorder.next(where: a reading above 20) expected an element that matches a reading above 20; "
                + "2 new elements do not match: [12, 18]; recorded 2 elements [12, 18], then finished.")
        }
    }

    func testOfflineIsReported() throws {
        let recorder = Fail<Data, URLError>(error: URLError(.notConnectedToInternet)).record()
        let error = try wait(for: recorder.failure(where: { $0.code == .notConnectedToInternet }), timeout: 1)
        XCTAssertEqual(error.code, .notConnectedToInternet)
    }
}
