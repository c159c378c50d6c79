import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// What a wrong expectation looks like from a nonisolated async test of a
// main-actor model: a failure at the wait's line, with what was recorded —
// never a signal. The wait is shorter than the debounce and the service
// together (300 ms + 200 ms), so it times out in virtual time.

/// A search model, and the recorder of its results, after the user typed
/// "swift".
private func typedSwift() async -> (VirtualSchedulerOf<DispatchQueue>, SearchModel, Recorder<[String], Never>) {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
    let model = await SearchModel(service: NamesDouble(scheduler: scheduler), scheduler: scheduler)
    let results = await MainActor.run { model.$results.dropFirst().record() }
    await MainActor.run { model.query = "swift" }
    return (scheduler, model, results)
}

@Suite struct FailurePathSwiftTests {
    @Test("A wait shorter than the search fails at its line (fails on purpose)", .tags(.failurePath))
    func aWaitShorterThanTheSearchFailsAtItsLine() async throws {
        #expect(!isOnMainActor())
        let (scheduler, model, results) = await typedSwift()
        let line = #line + 2
        await withKnownIssue {
            _ = try? await scheduler.wait(for: results.next(), timeout: .milliseconds(400))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains(FailurePath.expectedMessage) }
        }
        // The model is still whole: the search ends 100 ms later.
        #expect(try await scheduler.wait(for: results.next(), timeout: .milliseconds(100)) == ["swift", "swiftui"])
        #expect(await model.isSearching == false)
    }
}

final class FailurePathTests: XCTestCase {
    /// A failure on purpose, captured and checked: message and line.
    func testAWaitShorterThanTheSearchFailsAtItsLine() async throws {
        let (scheduler, model, results) = await typedSwift()
        let line = #line + 2
        let failures = await XCTExpectFailures {
            _ = try? await scheduler.wait(for: results.next(), timeout: .milliseconds(400))
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.message.contains(FailurePath.expectedMessage) == true, failures.first?.message ?? "no failure")
        let found = try await scheduler.wait(for: results.next(), timeout: .milliseconds(100))
        XCTAssertEqual(found, ["swift", "swiftui"])
        let searching = await model.isSearching
        XCTAssertFalse(searching)
    }
}

enum FailurePath {
    /// The part of the failure's message that both tests check.
    static let expectedMessage = "Asynchronous wait failed: exceeded virtual timeout of 400ms waiting for recorder.next()"
}
