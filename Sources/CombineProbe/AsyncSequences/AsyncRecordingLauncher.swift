import Foundation

/// Starts the recording of an `AsyncSequence`: subscribes the recorder's
/// storage to an ``AsyncIterationSubscription``, then runs the iteration loop
/// on a task of its own.
enum AsyncRecordingLauncher {
    /// The task executor the loops started now run on, instead of a
    /// ``RecordingExecutor`` of their own: a virtual scheduler's, for
    /// `record(timedBy:)`, so that the iteration is part of its virtual
    /// world and virtual waits let it reach quiescence.
    @TaskLocal static var preferredExecutor: (AnyObject & Sendable)?

    /// Gives the storage the subscription that cancels the iteration.
    ///
    /// - parameter storage: The recorder's storage.
    /// - parameter onCancelling: Runs just before the iterating task is
    ///   cancelled.
    /// - parameter onRelease: Runs once, as soon as the sequence is free for
    ///   another consumer: at its end, or once the recording is cancelled.
    static func subscribe<Input, Failure>(
        _ storage: RecorderStorage<Input, Failure>,
        onCancelling: (@Sendable () -> Void)? = nil,
        onRelease: (@Sendable () -> Void)? = nil
    ) -> AsyncIterationSubscription {
        let subscription = AsyncIterationSubscription(
            grace: ProbeSettings.effectiveTimeout(nil), onCancelling: onCancelling, onRelease: onRelease
        ) { [storage] explanation in
            // The test's next read of the recorder reports it. A released
            // recorder has no next read: standard error is what is left.
            let misuse = RecorderStorage<Input, Failure>.Misuse("AsyncSequence recorder was cancelled", explanation)
            guard !storage.keepMisuse(misuse) else { return }
            FileHandle.standardError.write(Data(
                "CombineProbe: AsyncSequence recorder created at \(storage.site) was cancelled: \(explanation)\n".utf8))
        }
        storage.receive(subscription: subscription)
        return subscription
    }

    /// Runs the loop on a new task, which the subscription cancels.
    ///
    /// The task does not inherit the caller's actor: `record()` is
    /// nonisolated. It prefers a ``RecordingExecutor`` of its own, so that
    /// tests blocking the threads of the cooperative pool do not starve it;
    /// before macOS 15 and iOS 18, which have no task executors, it runs on
    /// the global executor.
    static func launch(_ loop: any AsyncIterationLoop, _ subscription: AsyncIterationSubscription) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            let executor = (preferredExecutor as? any TaskExecutor) ?? RecordingExecutor()
            subscription.attach(Task(executorPreference: executor) { await loop.run() })
        } else {
            subscription.attach(Task { await loop.run() })
        }
    }
}

extension Recorder where Failure == any Error {
    /// Iterates `iterator` into this recorder, on a task of its own. The
    /// iterator must be touched by nobody else.
    func startRecording<Iterator: AsyncIteratorProtocol>(iterator: Iterator) where Iterator.Element == Input {
        let subscription = AsyncRecordingLauncher.subscribe(storage)
        AsyncRecordingLauncher.launch(
            ThrowingAsyncIteration(iterator, storage: storage, subscription: subscription), subscription)
    }

    /// Records an `AsyncThrowingStream`, unless it is recorded already (see
    /// ``RecordedStreams``).
    func startRecording(stream: AsyncThrowingStream<Input, any Error>) {
        guard let (key, claim) = claim(stream, kind: "AsyncThrowingStream") else { return }
        let subscription = AsyncRecordingLauncher.subscribe(storage, onCancelling: claim.markClosing) { RecordedStreams.release(key, claim) }
        AsyncRecordingLauncher.launch(
            ThrowingAsyncIteration(stream.makeAsyncIterator(), storage: storage, subscription: subscription), subscription)
    }
}

extension Recorder where Failure == Never, Input: Sendable {
    /// Makes a recorder of an `AsyncStream` and the loop that will iterate
    /// it; the loop is nil when the stream is recorded already (see
    /// ``RecordedStreams``), which is reported. The caller launches the loop,
    /// in inlinable code, so that its module specializes it.
    @usableFromInline
    static func prepareRecording(
        of stream: AsyncStream<Input>,
        timedBy clock: (@Sendable () -> VirtualTime)?,
        exhaustive: Bool?,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) -> (Recorder, StreamIteration<Input>?) {
        let recorder = Recorder(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            clock: clock, exhaustive: exhaustive)
        guard let (key, claim) = recorder.claim(stream, kind: "AsyncStream") else { return (recorder, nil) }
        let subscription = AsyncRecordingLauncher.subscribe(recorder.storage, onCancelling: claim.markClosing) {
            RecordedStreams.release(key, claim)
        }
        return (recorder, StreamIteration(stream.makeAsyncIterator(), storage: recorder.storage, subscription: subscription))
    }
}

extension Recorder {
    /// Claims a stream for this recorder. When another recorder records it
    /// already, reports the misuse, cancels this recorder, and returns nil.
    func claim<Stream>(_ stream: Stream, kind: String) -> (RecordedStreams.Key, RecordedStreams.Claim)? {
        let key = RecordedStreams.key(of: stream)
        let owner: CallSite
        switch RecordedStreams.claim(key, at: storage.site) {
        case let .success(claim): return (key, claim)
        case let .failure(recorded): owner = recorded.site
        }
        storage.cancel()
        storage.reportMisuse(RecorderStorage<Input, Failure>.Misuse(
            "\(kind) is already recorded by the recorder created at \(owner)",
            "a stream has a single consumer, and a second one would stop the process. "
                + "This recorder records nothing: record the stream once, and read that recorder."))
        return nil
    }
}
