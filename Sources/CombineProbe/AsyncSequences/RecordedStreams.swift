/// The `AsyncStream`s and `AsyncThrowingStream`s being recorded right now,
/// and where each recording started.
///
/// A stream has a single consumer: a second task awaiting its next element
/// makes the standard library stop the process. A second recording of the
/// same stream is refused instead, with a test failure.
///
/// A stream is a reference to its storage. It is known by the bytes of its
/// value (that reference, without retaining it) and its type: while a
/// recording runs, its iterator retains the storage, so the address cannot
/// be reused by another stream, and equal bytes mean the same stream.
///
/// The mark is cleared as soon as the stream is free again, not when the
/// recording task winds down, which comes later and at no time a test can
/// know: when the recording reaches the stream's end, before the recorder
/// records it, and when the recorder is cancelled or released, once its
/// task is cancelled (see ``AsyncIterationSubscription/cancel()``). So a
/// test that saw the end, or released the recorder, can record the stream
/// again, every time.
enum RecordedStreams {
    /// Identifies a stream without retaining it.
    struct Key: Hashable, Sendable {
        let type: ObjectIdentifier
        let bytes: [UInt8]
    }

    private static let active = Locked<[Key: CallSite]>([:])

    /// The key of a stream value.
    static func key<Stream>(of stream: Stream) -> Key {
        withUnsafeBytes(of: stream) { Key(type: ObjectIdentifier(Stream.self), bytes: Array($0)) }
    }

    /// Marks the stream as recorded from `site`. Returns where it is recorded
    /// already, if it is; nil when the claim succeeded.
    static func claim(_ key: Key, at site: CallSite) -> CallSite? {
        active.withLock { active in
            if let existing = active[key] { return existing }
            active[key] = site
            return nil
        }
    }

    /// Forgets a stream whose recording ended.
    static func release(_ key: Key) {
        active.withLock { _ = $0.removeValue(forKey: key) }
    }
}
