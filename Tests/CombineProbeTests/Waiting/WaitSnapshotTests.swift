import CombineProbe
import Foundation
import Testing
import XCTest

/// A wait reads its verdict, its failure message and its value from one
/// snapshot of the recorder: a value that arrives after the wait timed out,
/// while the failure is being recorded, changes neither.
final class WaitSnapshotTests: FailureCapturingTestCase {
    /// Runs once, when the next failure is recorded, before it is captured.
    private var onFailure: (() -> Void)?

    #if canImport(ObjectiveC) || COMBINEPROBE_COMBINE_SHIM
    override func record(_ issue: XCTIssue) {
        runHook()
        super.record(issue)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        runHook()
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    #endif

    private func runHook() {
        let hook = onFailure
        onFailure = nil
        hook?()
    }

    /// The error of the failed wait, which points to its failure (one
    /// problem, one failure): it comes from the same snapshot, so it is not
    /// a success even though a value arrived as the failure was recorded.
    private func expectedError(line: Int) -> String {
        "RecordingError.notEnoughElements: recorder.next() failed: see the failure recorded at "
            + "CombineProbeTests/WaitSnapshotTests.swift:\(line), which says what was recorded."
    }

    /// A subject whose value is sent as the failure is recorded.
    private func lateRecorder() -> Recorder<Int, Never> {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        onFailure = { subject.send(1) }
        return recorder
    }

    private func assertOneSnapshot(_ failures: [CapturedFailure], _ result: Result<Int, any Error>, _ recorder: Recorder<Int, Never>, line: Int) {
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains("Recorded so far: no element, not completed.") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        switch result {
        case .success(let value): XCTFail("the wait failed, yet returned \(value)")
        case .failure(let error): XCTAssertEqual(String(describing: error), expectedError(line: line))
        }
        XCTAssertEqual(try recorder.next().get(), 1, "the late value is kept for the next read")
    }

    func testTheXCTestWait() {
        let recorder = lateRecorder()
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: 0.01) }
        assertOneSnapshot(failures, result, recorder, line: line)
    }

    func testTheXCTestWaitOffTheMainThread() {
        let recorder = lateRecorder()
        let line = #line + 3
        let (failures, result) = captureFailures {
            try DispatchQueue.global().sync {
                try self.wait(for: recorder.next(), timeout: 0.01)
            }
        }
        assertOneSnapshot(failures, result, recorder, line: line)
    }

    func testTheAsyncWait() async {
        let recorder = lateRecorder()
        let line = #line + 1
        let (failures, result) = await captureFailures { try await CombineProbe.wait(for: recorder.next(), timeout: 0.01) }
        assertOneSnapshot(failures, result, recorder, line: line)
    }

    func testTheVirtualWait() {
        let recorder = lateRecorder()
        let scheduler = DispatchQueue.virtualScheduler()
        let line = #line + 1
        let (failures, result) = captureFailures { try scheduler.wait(for: recorder.next(), timeout: .seconds(1)) }
        assertOneSnapshot(failures, result, recorder, line: line)
    }
}

@Suite struct WaitSnapshotSwiftTests {
    @Test("The async wait's message is a snapshot (fails on purpose)", .tags(.failurePath))
    func theAsyncWait() async throws {
        let subject = SubjectBox()
        let recorder = subject.subject.record()
        let messages = MessageBox()
        var result: Result<Int, any Error> = .failure(CancellationError())
        await withKnownIssue {
            do { result = .success(try await wait(for: recorder.next(), timeout: 0.01)) } catch { result = .failure(error) }
        } matching: { issue in
            // A value arrives while the failure is being recorded.
            subject.subject.send(1)
            messages.set(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(messages.value?.contains("Recorded so far: no element, not completed.") == true)
        #expect(throws: RecordingError.notEnoughElements) { try result.get() }
        #expect(try recorder.next().get() == 1)
    }
}

/// A subject that a Swift Testing issue matcher, a `@Sendable` closure, can
/// send to.
// @unchecked Sendable: the subject is only sent to from the test's task, by
// the matcher Swift Testing calls while the wait records its issue.
final class SubjectBox: @unchecked Sendable {
    let subject = PassthroughSubject<Int, Never>()
}
