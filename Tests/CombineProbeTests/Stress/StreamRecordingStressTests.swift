@testable import CombineProbe
import Foundation
import Testing
import XCTest

// A stream recorded again once its first recording is over, repeated:
// `COMBINEPROBE_STRESS_ITERATIONS` times (400 by default; `scripts/stress.sh`
// runs 10,000). The second recording must start every time: it once met the
// first recording's mark in about 5% of the rounds ("AsyncStream is already
// recorded by the recorder created at …", and the second recorder recorded
// nothing), because the mark was cleared only when the first recording's
// task wound down, after the stream's `onTermination` (issue 29, item 8).

enum StreamRecordingScenarios {
    /// Whether a recorder refused its stream (it was cancelled at once, and
    /// reported the misuse at the line of `record()`).
    static func refused<Input, Failure>(_ recorder: Recorder<Input, Failure>) -> Bool {
        recorder.storage.state.withLock { $0.phase == .cancelled }
    }

    /// The first recorder is released, and the stream's `onTermination` has
    /// run: a second recording records the stream's end.
    static func recordAgainAfterRelease(_ round: Int) async throws -> Bool {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let (terminated, terminate) = AsyncStream.makeStream(of: Never.self)
        continuation.onTermination = { _ in terminate.finish() }
        var first: Recorder<Int, Never>? = stream.record()
        continuation.yield(round)
        let value = try await wait(for: first!.next(), timeout: 10)
        first = nil
        guard value == round else { return false }
        for await _ in terminated {}
        let second = stream.record()
        guard !refused(second) else { return false }
        return try await wait(for: second.elements, timeout: 10) == []
    }

    /// The test saw the first recorder record the stream's end: a second
    /// recording records it too.
    static func recordAgainAfterTheEnd(_ round: Int) async throws -> Bool {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let first = stream.record()
        continuation.yield(round)
        continuation.finish()
        guard try await wait(for: first.elements, timeout: 10) == [round] else { return false }
        let second = stream.record()
        guard !refused(second) else { return false }
        return try await wait(for: second.elements, timeout: 10) == []
    }

    /// The same as ``recordAgainAfterRelease(_:)``, for an
    /// `AsyncThrowingStream`, whose second consumer would stop the process.
    static func recordAThrowingStreamAgainAfterRelease(_ round: Int) async throws -> Bool {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let (terminated, terminate) = AsyncStream.makeStream(of: Never.self)
        continuation.onTermination = { _ in terminate.finish() }
        var first: Recorder<Int, any Error>? = stream.record()
        continuation.yield(round)
        let value = try await wait(for: first!.next(), timeout: 10)
        first = nil
        guard value == round else { return false }
        for await _ in terminated {}
        let second = stream.record()
        guard !refused(second) else { return false }
        return try await wait(for: second.elements, timeout: 10) == []
    }
}

final class StreamRecordingStressTests: XCTestCase {
    func testAStreamIsRecordedAgainEveryTime() async throws {
        var failures: [String: Int] = [:]
        for round in 0..<VirtualConcurrencyStress.iterations {
            if try await !StreamRecordingScenarios.recordAgainAfterRelease(round) { failures["release", default: 0] += 1 }
            if try await !StreamRecordingScenarios.recordAgainAfterTheEnd(round) { failures["end", default: 0] += 1 }
            if try await !StreamRecordingScenarios.recordAThrowingStreamAgainAfterRelease(round) {
                failures["throwing, release", default: 0] += 1
            }
        }
        XCTAssertEqual(failures, [:], "failures by scenario over \(VirtualConcurrencyStress.iterations) rounds")
    }
}

@Suite struct StreamRecordingStressSwiftTests {
    /// Eight copies in parallel, each a share of the rounds.
    @Test(arguments: 0..<8) func aStreamIsRecordedAgainEveryTimeInParallel(_ part: Int) async throws {
        for round in stride(from: part, to: VirtualConcurrencyStress.iterations, by: 8) {
            #expect(try await StreamRecordingScenarios.recordAgainAfterRelease(round), "(release) round \(round)")
            #expect(try await StreamRecordingScenarios.recordAgainAfterTheEnd(round), "(end) round \(round)")
            #expect(try await StreamRecordingScenarios.recordAThrowingStreamAgainAfterRelease(round), "(throwing, release) round \(round)")
        }
    }
}
