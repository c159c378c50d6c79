// The README's first example, verbatim.
import CombineProbe
import XCTest

final class SearchTests: XCTestCase {
    func testSearchPublishesMatchesThenFinishes() throws {
        let matches = ["swift", "swiftly"].publisher
        let recorder = matches.record()
        let elements = try wait(for: recorder.elements, timeout: 1)
        XCTAssertEqual(elements, ["swift", "swiftly"])
    }
}
