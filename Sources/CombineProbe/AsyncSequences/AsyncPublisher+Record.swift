@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension AsyncPublisher {
    /// Iterates these values of a publisher on a task of its own, into a
    /// ``Recorder`` that never fails, and returns the recorder.
    ///
    /// ```swift
    /// let recorder = [1, 2, 3].publisher.values.record()
    /// XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), [1, 2, 3])
    /// ```
    ///
    /// An `AsyncPublisher` is not `Sendable`, but its iterator is a Combine
    /// subscriber, which may be used from any thread: the recorder's task
    /// iterates it. The recorder pulls each value as soon as it can, yet
    /// `values` still drops what a publisher that ignores demand (a
    /// `PassthroughSubject`) sends between two pulls: that loss is
    /// `AsyncPublisher`'s. To lose nothing, record the publisher itself.
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
    ) -> Recorder<Element, Never> {
        let recorder = Recorder<Element, Never>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), exhaustive: exhaustive)
        let subscription = AsyncRecordingLauncher.subscribe(recorder.storage)
        AsyncRecordingLauncher.launch(
            PublisherValuesIteration.of(self, storage: recorder.storage, subscription: subscription), subscription)
        return recorder
    }
}

@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
extension AsyncThrowingPublisher {
    /// Iterates these values of a publisher on a task of its own, into a
    /// ``Recorder``, and returns the recorder. The publisher's failure is
    /// recorded as `any Error`.
    ///
    /// As for the `record()` of `AsyncPublisher`, the iterator is a Combine
    /// subscriber and may be used from any thread, and `values` drops what a
    /// publisher that ignores demand sends between two pulls: to lose
    /// nothing, record the publisher itself.
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
}
