import CombineProbe
import Foundation
#if compiler(>=6.2) && canImport(Observation)
import Observation
#endif
import Testing
import XCTest

/// The examples of Documentation/AsyncSequences.md, verbatim: XCTest.
final class DocumentationAsyncSequencesXCTests: XCTestCase {
    func testDownloadReportsProgress() throws {
        let (progress, continuation) = AsyncStream.makeStream(of: Double.self)
        let recorder = progress.record()
        continuation.yield(0.5)
        continuation.yield(1.0)
        continuation.finish()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), [0.5, 1.0])
    }

    func testStatusTimeline() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let (status, continuation) = AsyncStream.makeStream(of: String.self)
        let recorder = status.record(timedBy: scheduler)
        continuation.yield("connecting")
        XCTAssertEqual(try wait(for: recorder.next(), timeout: 1), "connecting")
        scheduler.advance(by: .seconds(2))
        continuation.yield("online")
        continuation.finish()
        try wait(for: recorder.finished, timeout: 1)
        XCTAssertRecordedTimeline(recorder, [
            .value("connecting", at: .zero),
            .value("online", at: .seconds(2)),
            .finished(at: .seconds(2)),
        ])
    }
}

/// The examples of Documentation/AsyncSequences.md, verbatim: Swift Testing.
@Suite struct DocumentationAsyncSequencesSwiftTests {
    @Test func searchResultsArrive() async throws {
        let (results, continuation) = AsyncThrowingStream.makeStream(of: String.self)
        let recorder = results.record()
        continuation.yield("swift")
        #expect(try await wait(for: recorder.next(), timeout: 1) == "swift")
        continuation.finish(throwing: URLError(.notConnectedToInternet))
        let error = try await wait(for: recorder.failure, timeout: 1)
        #expect((error as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func namesAreUppercased() async throws {
        let (names, continuation) = AsyncStream.makeStream(of: String.self)
        let recorder = Recorder(recording: names.map { $0.uppercased() })
        continuation.yield("ada")
        continuation.finish()
        #expect(try await wait(for: recorder.elements, timeout: 1) == ["ADA"])
    }

    @Test func firstThreeSquares() throws {
        let squares = AsyncStream<Int> { continuation in
            for n in 1...3 { continuation.yield(n * n) }
            continuation.finish()
        }
        let recorder = squares.record()
        expectRecordedValues(recorder, [1, 4, 9], timeout: 1)
    }

    #if compiler(>=6.2) && canImport(Observation)
    @MainActor @Test func counterCounts() async throws {
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return }
        let model = CounterModel()
        let recorder = Observations { model.count }.record()
        #expect(try await wait(for: recorder.next(), timeout: 1) == 0)
        model.count = 1
        #expect(try await wait(for: recorder.next(), timeout: 1) == 1)
    }
    #endif
}
