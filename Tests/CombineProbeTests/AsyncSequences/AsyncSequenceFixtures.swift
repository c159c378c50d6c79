import CombineProbe
import Foundation

/// A thrown error that tests compare.
struct SequenceFailure: Error, Equatable {}

/// An infinite sequence of 0, 1, 2…, which never suspends, and counts the
/// iterators that saw their task cancelled.
struct Naturals: AsyncSequence, Sendable {
    typealias Element = Int
    let cancellations = Counter()

    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 0
        let cancellations: Counter

        mutating func next() async throws -> Int? {
            if Task.isCancelled {
                cancellations.increment()
                throw CancellationError()
            }
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(cancellations: cancellations) }
}

/// A sequence of `count` integers that never suspends: the fastest producer.
struct CountingSequence: AsyncSequence, Sendable {
    typealias Element = Int
    let count: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var next = 0
        let count: Int

        mutating func next() async -> Int? {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}

/// A sequence whose `next()` waits until the test calls `send(_:)`, and
/// ignores its task's cancellation: it ends only with `finish()`.
// @unchecked Sendable: `state` is only reached under `lock`.
final class StubbornSequence: AsyncSequence, @unchecked Sendable {
    typealias Element = Int
    private let lock = NSLock()
    private var state = State()

    private struct State {
        var pending: CheckedContinuation<Int?, Never>?
        var queued: [Int?] = []
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: StubbornSequence
        mutating func next() async -> Int? { await sequence.take() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sequence: self) }

    func send(_ value: Int) { deliver(value) }
    func finish() { deliver(nil) }

    private func deliver(_ value: Int?) {
        lock.lock()
        let continuation = state.pending
        if continuation == nil { state.queued.append(value) }
        state.pending = nil
        lock.unlock()
        continuation?.resume(returning: value)
    }

    private func take() async -> Int? {
        await withCheckedContinuation { continuation in
            lock.lock()
            let value: Int?? = state.queued.isEmpty ? .none : .some(state.queued.removeFirst())
            if value == nil { state.pending = continuation }
            lock.unlock()
            if let value { continuation.resume(returning: value) }
        }
    }
}
