#if compiler(>=6.2) && canImport(Observation)
import Observation

@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension Observations {
    /// Iterates these observations of `@Observable` models on a task of its
    /// own, into a ``Recorder`` whose failure is the observations' own, and
    /// returns the recorder.
    ///
    /// ```swift
    /// let recorder = Observations { model.count }.record()
    /// XCTAssertEqual(try await wait(for: recorder.next(), timeout: 1), 0)
    /// model.count = 1
    /// XCTAssertEqual(try await wait(for: recorder.next(), timeout: 1), 1)
    /// ```
    ///
    /// `Observations` sends the current value first, then the value after
    /// each transaction: several changes made before the recorder's task gets
    /// to run are coalesced into the last one. To see every change, wait for
    /// each one before the next. See <doc:AsyncSequences>.
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
    ) -> Recorder<Element, Failure> {
        let recorder = Recorder<Element, Failure>(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), exhaustive: exhaustive)
        let subscription = AsyncRecordingLauncher.subscribe(recorder.storage)
        AsyncRecordingLauncher.launch(
            TypedAsyncIteration(makeAsyncIterator(), storage: recorder.storage, subscription: subscription),
            subscription)
        return recorder
    }
}
#endif
