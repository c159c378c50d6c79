extension Recorder where Failure == any Error {
    /// Creates a recorder that iterates `sequence` on a task of its own: the
    /// spelling for a sequence that is not `Sendable`, handed over to the
    /// recorder.
    ///
    /// ```swift
    /// let (names, continuation) = AsyncStream.makeStream(of: String.self)
    /// let recorder = Recorder(recording: names.map { $0.uppercased() })
    /// continuation.yield("ada")
    /// continuation.finish()
    /// XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), ["ADA"])
    /// ```
    ///
    /// `sending` lets the compiler check that nothing else uses the sequence
    /// afterwards. A `Sendable` sequence can call `record()` instead. See
    /// <doc:AsyncSequences>.
    ///
    /// - parameter sequence: The sequence, which the recorder takes over.
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: Where misuse is reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public convenience init<S: AsyncSequence>(
        recording sequence: sending S,
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where S.Element == Input {
        self.init(site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), exhaustive: exhaustive)
        startRecording(iterator: sequence.makeAsyncIterator())
    }

    /// Creates a recorder that iterates `sequence` on a task of its own, and
    /// stamps every event with the virtual time of `scheduler`.
    ///
    /// - parameter sequence: The sequence, which the recorder takes over.
    /// - parameter scheduler: The virtual scheduler whose time stamps the
    ///   events.
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: Where misuse is reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    public convenience init<S: AsyncSequence, T, O>(
        recording sequence: sending S,
        timedBy scheduler: VirtualScheduler<T, O>,
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where S.Element == Input {
        self.init(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            clock: scheduler.elapsedReader, exhaustive: exhaustive)
        let iterator = sequence.makeAsyncIterator()
        AsyncRecordingLauncher.$preferredExecutor.withValue(scheduler.worldExecutor) {
            startRecording(iterator: iterator)
        }
    }
}
