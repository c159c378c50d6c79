import Testing

/// `DispatchQueue` dates on both sides of the edge of the scheduler's fast
/// path keep their exact dates and distances (see ``DispatchDateRoundTrip``).
@Suite struct DispatchDateRoundTripSwiftTests {
    @Test func dispatchDatesAroundTheFastPathsEdgeRunAtTheirExactDates() {
        #expect(DispatchDateRoundTrip.mismatches() == [])
    }
}
