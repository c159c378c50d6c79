import Testing

/// `AsyncWaitRelease` in Swift Testing, from nonisolated and `@MainActor`
/// tests.
@Suite struct AsyncWaitReleaseSwiftTests {
    @Test func aFulfilledWaitLetsGoOfTheRecording() async {
        #expect(await AsyncWaitRelease.fulfilledWait() == [])
        #expect(await AsyncWaitRelease.waitFulfilledAtOnce() == [])
    }

    @MainActor @Test func aFulfilledWaitLetsGoOfTheRecordingFromTheMainActor() async {
        #expect(await AsyncWaitRelease.fulfilledWait() == [])
        #expect(await AsyncWaitRelease.waitFulfilledAtOnce() == [])
    }
}
