import Foundation

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
/// again, every time. Cancelling ends the stream before the mark is cleared,
/// on the cancelling thread, so a recording that is being cancelled is
/// waited for rather than refused (see ``Claim/markClosing()``).
enum RecordedStreams {
    /// Identifies a stream without retaining it.
    struct Key: Hashable, Sendable {
        let type: ObjectIdentifier
        let bytes: [UInt8]
    }

    /// One recording's hold on a stream.
    final class Claim: Sendable {
        /// Where the recording started.
        let site: CallSite
        /// Whether the recording is being cancelled: its task is about to be,
        /// and the claim released right after.
        private let closing = Locked(false)
        /// Whether the claim was released; `condition` tells the waiters.
        private let isReleased = Locked(false)
        private let condition = NSCondition()

        init(site: CallSite) {
            self.site = site
        }

        var isClosing: Bool { closing.withLock { $0 } }

        /// Called just before the recording's task is cancelled. Cancelling
        /// it ends the stream (its `onTermination` runs), which a test can
        /// see before the claim is released, on the cancelling thread: a
        /// claim that is closing is waited for, not refused.
        func markClosing() {
            closing.withLock { $0 = true }
        }

        fileprivate func released() {
            condition.lock()
            isReleased.withLock { $0 = true }
            condition.broadcast()
            condition.unlock()
        }

        /// Waits until the claim is released, for at most `seconds` of real
        /// time (a safety net: the release follows the cancellation at once).
        fileprivate func waitUntilReleased(seconds: Double) {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            while !isReleased.withLock({ $0 }) && condition.wait(until: deadline) {}
            condition.unlock()
        }
    }

    private static let active = Locked<[Key: Claim]>([:])

    /// The key of a stream value.
    static func key<Stream>(of stream: Stream) -> Key {
        withUnsafeBytes(of: stream) { Key(type: ObjectIdentifier(Stream.self), bytes: Array($0)) }
    }

    /// Marks the stream as recorded from `site`: returns the new claim, or,
    /// when another recording holds the stream, where that one started.
    /// A recording that is being cancelled is waited for first.
    static func claim(_ key: Key, at site: CallSite) -> Result<Claim, StreamRecordedAlready> {
        while true {
            let (claimed, existing) = active.withLock { active -> (Claim?, Claim?) in
                if let existing = active[key] { return (nil, existing) }
                let claim = Claim(site: site)
                active[key] = claim
                return (claim, nil)
            }
            if let claimed { return .success(claimed) }
            if let existing {
                guard existing.isClosing else { return .failure(StreamRecordedAlready(site: existing.site)) }
                existing.waitUntilReleased(seconds: ProbeSettings.effectiveTimeout(nil))
                // Released (or, past the safety net, still held: then the
                // next look finds it closing again, and gives up below).
                if active.withLock({ $0[key] === existing }) {
                    return .failure(StreamRecordedAlready(site: existing.site))
                }
            }
        }
    }

    /// Forgets a stream whose recording ended, or was cancelled.
    static func release(_ key: Key, _ claim: Claim) {
        active.withLock { active in
            if active[key] === claim { active.removeValue(forKey: key) }
        }
        claim.released()
    }
}

/// Where the recording that holds a stream started.
struct StreamRecordedAlready: Error {
    let site: CallSite
}
