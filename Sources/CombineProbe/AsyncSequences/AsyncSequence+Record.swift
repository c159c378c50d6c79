extension AsyncSequence where Self: Sendable {
    /// Iterates this sequence on a task of its own, into a ``Recorder``, and
    /// returns the recorder.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    /// let recorder = stream.record()
    /// continuation.yield(1)
    /// continuation.finish()
    /// XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), [1])
    /// ```
    ///
    /// Every expectation works on it exactly as on the recorder of a
    /// publisher. The sequence is pulled eagerly, so that nothing is lost
    /// while the test is not reading. The end of the sequence is recorded as
    /// `.finished`, and the error it throws as `.failure`: the recorder's
    /// failure is `any Error` (an `AsyncStream` records `Never`).
    ///
    /// Cancelling the recorder, or releasing it, cancels the task: the
    /// sequence sees the cancellation. See <doc:AsyncSequences>.
    ///
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: Where misuse is reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: The recorder, which records already.
    public func record(
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Element, any Error> {
        let recorder = Recorder<Element, any Error>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), exhaustive: exhaustive)
        recorder.startRecording(iterator: makeAsyncIterator())
        return recorder
    }

    /// Iterates this sequence into a ``Recorder`` that stamps every event
    /// with the virtual time of `scheduler`, and returns the recorder.
    ///
    /// An event is stamped when the recorder's task receives it. See
    /// <doc:AsyncSequences> for virtual time and async sequences.
    ///
    /// - parameter scheduler: The virtual scheduler whose time stamps the
    ///   events.
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: Where misuse is reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: The recorder, which records already.
    public func record<T, O>(
        timedBy scheduler: VirtualScheduler<T, O>,
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Element, any Error> {
        let recorder = Recorder<Element, any Error>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            clock: scheduler.elapsedReader, exhaustive: exhaustive)
        AsyncRecordingLauncher.$preferredExecutor.withValue(scheduler.worldExecutor) {
            recorder.startRecording(iterator: makeAsyncIterator())
        }
        return recorder
    }
}
