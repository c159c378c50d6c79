import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// `UploadState` is `nonisolated` in the app target (default isolation
// MainActor, SE-0470): its `Equatable` conformance is usable in the
// predicates and record assertions below, which run where the publisher
// delivers, from every kind of test (issue 42, F.18).

enum UploadRounds {
    /// A failing upload, as a predicate and a record assertion see it.
    static func failingUpload() async throws -> [UploadState] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = await UploadModel(scheduler: scheduler)
        let states = await MainActor.run { model.$state.record() }
        await model.upload(succeeds: false)
        let failed = try await scheduler.wait(for: states.next(where: { $0 == .failed }, named: "failed"), timeout: .seconds(3))
        XCTAssertRecordedEvents(states, [.value(.idle), .value(.uploading), .value(where: { $0 == .failed }, named: "failed")])
        return [failed]
    }
}

@Suite struct UploadModelSwiftTests {
    @Test func nonisolatedAsync() async throws {
        #expect(try await UploadRounds.failingUpload() == [.failed])
    }

    @Test @MainActor func mainActorAsync() async throws {
        #expect(try await UploadRounds.failingUpload() == [.failed])
    }
}

final class UploadModelTests: XCTestCase {
    func testNonisolatedAsync() async throws {
        let states = try await UploadRounds.failingUpload()
        XCTAssertEqual(states, [.failed])
    }

    @MainActor func testMainActorAsync() async throws {
        let states = try await UploadRounds.failingUpload()
        XCTAssertEqual(states, [.failed])
    }
}
