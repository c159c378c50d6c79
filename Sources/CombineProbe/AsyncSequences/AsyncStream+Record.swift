extension AsyncStream where Element: Sendable {
    /// Iterates this stream on a task of its own, into a ``Recorder`` that
    /// never fails, and returns the recorder.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    /// let recorder = stream.record()
    /// continuation.yield("hello")
    /// XCTAssertEqual(try wait(for: recorder.next(), timeout: 1), "hello")
    /// ```
    ///
    /// A stream has a single consumer: recording it a second time while a
    /// recorder records it is a test failure, and the second recorder records
    /// nothing. See <doc:AsyncSequences>.
    ///
    /// - parameter exhaustive: Whether the events that no read consumes are
    ///   reported at the end of the test; the settings decide when nil.
    /// - parameter fileID: Where misuse is reported; leave the default.
    /// - parameter filePath: See `fileID`.
    /// - parameter line: See `fileID`.
    /// - parameter column: See `fileID`.
    /// - returns: The recorder, which records already.
    @inlinable
    public func record(
        exhaustive: Bool? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Recorder<Element, Never> {
        let (recorder, loop) = Recorder<Element, Never>.prepareRecording(
            of: self, timedBy: nil, exhaustive: exhaustive, fileID: fileID, filePath: filePath, line: line, column: column)
        loop?.launch()
        return recorder
    }

    /// Iterates this stream into a ``Recorder`` that stamps every event with
    /// the virtual time of `scheduler`, and returns the recorder.
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
    ) -> Recorder<Element, Never> {
        let (recorder, loop) = Recorder<Element, Never>.prepareRecording(
            of: self, timedBy: scheduler.elapsedReader, exhaustive: exhaustive,
            fileID: fileID, filePath: filePath, line: line, column: column)
        loop?.launch(on: scheduler.worldExecutor)
        return recorder
    }
}

extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
    /// Iterates this stream on a task of its own, into a ``Recorder``, and
    /// returns the recorder. The error the stream finishes with is the
    /// recorder's failure.
    ///
    /// A stream has a single consumer: recording it a second time while a
    /// recorder records it is a test failure, and the second recorder records
    /// nothing. See <doc:AsyncSequences>.
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
        recorder.startRecording(stream: self)
        return recorder
    }

    /// Iterates this stream into a ``Recorder`` that stamps every event with
    /// the virtual time of `scheduler`, and returns the recorder.
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
            recorder.startRecording(stream: self)
        }
        return recorder
    }
}
