/// The loop that a recorder of an `AsyncSequence` runs on its own task: it
/// pulls every element as soon as the sequence has one, hands it to the
/// recorder's storage, and ends with the sequence's end (`.finished`) or its
/// error (`.failure`). It tells the subscription that the sequence ended
/// before it records the end, so that a stream whose end a test has seen
/// can be recorded again (see ``RecordedStreams``).
///
/// The task sees the loop as an existential, so that the task's closure
/// captures no generic type.
///
/// Each loop owns an iterator that nobody else touches: the public entry
/// points make it from a `Sendable` sequence or one handed over with
/// `sending`, or from an `AsyncPublisher`, whose iterator is a Combine
/// subscriber and may be used from any thread.
protocol AsyncIterationLoop: AnyObject, Sendable {
    /// Iterates until the sequence ends, throws, or gives up after the
    /// task's cancellation.
    func run() async
}

/// Iterates a sequence whose failure is recorded as `any Error`.
///
/// `@unchecked Sendable`: the iterator is handed over with `sending` when
/// the recording starts and is touched by one task only, the one that runs
/// ``run()``; the storage and the subscription lock their own state.
final class ThrowingAsyncIteration<Iterator: AsyncIteratorProtocol>: AsyncIterationLoop, @unchecked Sendable {
    private var iterator: Iterator
    private let storage: RecorderStorage<Iterator.Element, any Error>
    private let subscription: AsyncIterationSubscription

    init(
        _ iterator: Iterator,
        storage: RecorderStorage<Iterator.Element, any Error>,
        subscription: AsyncIterationSubscription
    ) {
        self.iterator = iterator
        self.storage = storage
        self.subscription = subscription
    }

    func run() async {
        defer { subscription.iterationEnded() }
        do {
            while let element = try await iterator.next() {
                _ = storage.receive(element)
            }
            subscription.sequenceEnded()
            storage.receive(completion: .finished)
        } catch {
            subscription.sequenceEnded()
            storage.receive(completion: .failure(error))
        }
    }
}

/// Iterates an `AsyncStream`, which never fails.
///
/// Its loop is inlinable: the caller's module specializes it for the
/// stream's element type, and pulls the stream as fast as a `for await` loop
/// written there would (a generic loop that is not specialized costs about
/// twice as much per element).
///
/// `@unchecked Sendable`: the iterator is touched by one task only, the one
/// that runs ``run()``; the storage and the subscription lock their own
/// state.
@usableFromInline
final class StreamIteration<Element: Sendable>: @unchecked Sendable {
    @usableFromInline var iterator: AsyncStream<Element>.Iterator
    @usableFromInline let storage: RecorderStorage<Element, Never>
    @usableFromInline let subscription: AsyncIterationSubscription

    init(
        _ iterator: AsyncStream<Element>.Iterator,
        storage: RecorderStorage<Element, Never>,
        subscription: AsyncIterationSubscription
    ) {
        self.iterator = iterator
        self.storage = storage
        self.subscription = subscription
    }

    /// Starts the loop on a task of its own (see
    /// ``AsyncRecordingLauncher/launch(_:_:)``, which this repeats in
    /// inlinable form).
    @inlinable
    func launch(on preferred: (AnyObject & Sendable)? = nil) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            let executor = (preferred as? any TaskExecutor) ?? RecordingExecutor()
            subscription.attach(Task(executorPreference: executor) { await self.run() })
        } else {
            subscription.attach(Task { await self.run() })
        }
    }

    @inlinable
    func run() async {
        defer { subscription.iterationEnded() }
        while let element = await iterator.next() {
            _ = storage.receive(element)
        }
        subscription.sequenceEnded()
        storage.receive(completion: .finished)
    }
}

/// Iterates the values of a publisher that never fails.
///
/// `@unchecked Sendable`: the iterator is touched by one task only, the one
/// that runs ``run()``; the storage and the subscription lock their own
/// state.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
final class PublisherValuesIteration<Upstream: Publisher>: AsyncIterationLoop, @unchecked Sendable
    where Upstream.Failure == Never
{
    private var iterator: AsyncPublisher<Upstream>.Iterator
    private let storage: RecorderStorage<Upstream.Output, Never>
    private let subscription: AsyncIterationSubscription

    init(
        _ iterator: AsyncPublisher<Upstream>.Iterator,
        storage: RecorderStorage<Upstream.Output, Never>,
        subscription: AsyncIterationSubscription
    ) {
        self.iterator = iterator
        self.storage = storage
        self.subscription = subscription
    }

    /// The loop over `values`. Infers the publisher's type, whose name
    /// differs between Combine (`P`) and OpenCombine (`Upstream`).
    static func of(
        _ values: AsyncPublisher<Upstream>,
        storage: RecorderStorage<Upstream.Output, Never>,
        subscription: AsyncIterationSubscription
    ) -> PublisherValuesIteration {
        PublisherValuesIteration(values.makeAsyncIterator(), storage: storage, subscription: subscription)
    }

    func run() async {
        defer { subscription.iterationEnded() }
        while let element = await iterator.next() {
            _ = storage.receive(element)
        }
        subscription.sequenceEnded()
        storage.receive(completion: .finished)
    }
}

/// Iterates a sequence through the typed throws of Swift 6's
/// `next(isolation:)`, so that its failure keeps its type.
///
/// `@unchecked Sendable`: the iterator is touched by one task only, the one
/// that runs ``run()``; the storage and the subscription lock their own
/// state.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class TypedAsyncIteration<Iterator: AsyncIteratorProtocol>: AsyncIterationLoop, @unchecked Sendable {
    private var iterator: Iterator
    private let storage: RecorderStorage<Iterator.Element, Iterator.Failure>
    private let subscription: AsyncIterationSubscription

    init(
        _ iterator: Iterator,
        storage: RecorderStorage<Iterator.Element, Iterator.Failure>,
        subscription: AsyncIterationSubscription
    ) {
        self.iterator = iterator
        self.storage = storage
        self.subscription = subscription
    }

    func run() async {
        defer { subscription.iterationEnded() }
        do throws(Iterator.Failure) {
            while let element = try await iterator.next(isolation: nil) {
                _ = storage.receive(element)
            }
            subscription.sequenceEnded()
            storage.receive(completion: .finished)
        } catch {
            subscription.sequenceEnded()
            storage.receive(completion: .failure(error))
        }
    }
}
