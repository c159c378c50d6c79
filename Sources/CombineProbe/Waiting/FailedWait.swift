/// One problem, one failure: what a wait does once it has recorded its
/// failure (a timeout, a fulfilled inverted expectation), and what a record
/// assertion (`XCTAssertRecordedValues`, `…Events`, `…Timeline`,
/// `…Marbles`) does when it fails: its diff lists the recording.
///
/// - The error it throws, as CombineExpectations' waits do, points to the
///   recorded failure instead of repeating it, so that the framework's report
///   of the thrown error reads as a reference, not as a second problem.
/// - An exhaustive recorder does not report again, when the test ends, the
///   events that the failure already listed.
protocol FailedWaitRecording {
    /// The events recorded so far were shown in a wait's failure.
    func noteShownInFailedWait()
}

extension RecorderStorage: FailedWaitRecording {
    func noteShownInFailedWait() {
        state.withLock { state in
            state.reportedByFailedWait = (state.elements.count, state.completion != nil)
        }
    }
}

extension WaitPlan {
    /// The result of a wait that recorded a failure at `site`.
    func afterRecordedFailure(_ result: Result<Output, any Error>, at site: CallSite, label: String) -> Result<Output, any Error> {
        (recording as? any FailedWaitRecording)?.noteShownInFailedWait()
        return result.mapError { error in
            guard let error = error as? RecordingError else { return error }
            return RecordingError(
                error.kind, context: "\(label) failed: see the failure recorded at \(site), which says what was recorded.")
        }
    }
}
