import XCTest

/// `AsyncWaitRelease` in XCTest, from nonisolated and `@MainActor` tests.
final class AsyncWaitReleaseTests: XCTestCase {
    func testAFulfilledWaitLetsGoOfTheRecording() async {
        let alive = await AsyncWaitRelease.fulfilledWait()
        XCTAssertEqual(alive, [])
        let aliveAtOnce = await AsyncWaitRelease.waitFulfilledAtOnce()
        XCTAssertEqual(aliveAtOnce, [])
    }

    @MainActor func testAFulfilledWaitLetsGoOfTheRecordingFromTheMainActor() async {
        let alive = await AsyncWaitRelease.fulfilledWait()
        XCTAssertEqual(alive, [])
        let aliveAtOnce = await AsyncWaitRelease.waitFulfilledAtOnce()
        XCTAssertEqual(aliveAtOnce, [])
    }
}
