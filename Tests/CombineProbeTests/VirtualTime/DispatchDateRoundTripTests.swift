import XCTest

/// `DispatchQueue` dates on both sides of the edge of the scheduler's fast
/// path keep their exact dates and distances (see ``DispatchDateRoundTrip``).
final class DispatchDateRoundTripTests: XCTestCase {
    func testDispatchDatesAroundTheFastPathsEdgeRunAtTheirExactDates() {
        XCTAssertEqual(DispatchDateRoundTrip.mismatches(), [])
    }
}
