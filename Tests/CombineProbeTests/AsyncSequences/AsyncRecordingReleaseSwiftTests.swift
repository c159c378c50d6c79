import Testing

/// `AsyncRecordingRelease` in Swift Testing, from nonisolated and
/// `@MainActor` tests.
@Suite struct AsyncRecordingReleaseSwiftTests {
    @Test func aReleasedRecordingLetsGoOfWhatItRecorded() async {
        #expect(await AsyncRecordingRelease.releasedRecordingLetsGo(), "the recorder's storage outlived its recording")
    }

    @MainActor @Test func aReleasedRecordingLetsGoOfWhatItRecordedFromTheMainActor() async {
        #expect(await AsyncRecordingRelease.releasedRecordingLetsGo(), "the recorder's storage outlived its recording")
    }
}
