import XCTest

/// `AsyncRecordingRelease` in XCTest, from nonisolated and `@MainActor`
/// tests.
final class AsyncRecordingReleaseTests: XCTestCase {
    func testAReleasedRecordingLetsGoOfWhatItRecorded() async {
        let released = await AsyncRecordingRelease.releasedRecordingLetsGo()
        XCTAssertTrue(released, "the recorder's storage outlived its recording")
    }

    @MainActor func testAReleasedRecordingLetsGoOfWhatItRecordedFromTheMainActor() async {
        let released = await AsyncRecordingRelease.releasedRecordingLetsGo()
        XCTAssertTrue(released, "the recorder's storage outlived its recording")
    }
}
