extension PublisherExpectations {
    /// Waits for the next element that satisfies a predicate, skipping — and
    /// consuming — the elements before it.
    ///
    /// Throws the publisher error if the publisher fails first, and
    /// ``RecordingError/notEnoughElements`` (listing the elements that did
    /// not match) if it finishes, or the wait times out, first.
    public struct NextMatching<Input, Failure: Error>: RecorderExpectation, InvertiblePublisherExpectation {
        let recorder: Recorder<Input, Failure>
        let predicate: @Sendable (Input) -> Bool
        let label: String

        var condition: WaitCondition {
            let predicate = self.predicate
            // Elements already scanned are not scanned again: the cursor is
            // only touched under the recorder's lock, where conditions run.
            let scanned = ScanCursor()
            return .custom(CustomWaitCondition { state in
                let state = unsafeDowncast(state, to: RecorderState<Input, Failure>.self)
                if state.completion != nil { return true }
                let start = max(scanned.index, state.consumed)
                scanned.index = state.elements.count
                return state.elements[start...].contains(where: predicate)
            })
        }
        var name: String { "next(where: \(label))" }
        var goal: String { "an element that matches \(label)" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Input {
            let remaining = state.elements[state.consumed...]
            if let index = remaining.firstIndex(where: predicate) {
                state.consumed = index + 1
                return state.elements[index]
            }
            if case let .failure(error)? = state.completion { throw error }
            throw RecordingError(.notEnoughElements, context: "recorder.\(name) expected \(goal); "
                + "\(unmatched(remaining)); recorded \(RecordingSummary.describe(state)).")
        }

        /// A wait looks at the new elements only: its failure lists those,
        /// not the elements earlier reads consumed.
        func summary(_ state: RecorderState<Input, Failure>) -> String {
            var text = unmatched(state.elements[state.consumed...])
            if state.consumed > 0 {
                text += " (after \(state.consumed) consumed \(state.consumed == 1 ? "element" : "elements"))"
            }
            return text + ", " + RecordingSummary.describeCompletion(state)
        }

        func unmatched(_ elements: ArraySlice<Input>) -> String {
            elements.isEmpty
                ? "no new element"
                : "\(elements.count) new \(elements.count == 1 ? "element does" : "elements do") not match: \(RecordingSummary.list(elements))"
        }

        /// Returns, and consumes up to, the first new element that matches,
        /// if it is recorded already.
        public func get() throws -> Input { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Input> { recorderWaitPlan() }

        /// An expectation that no new element matches, and the publisher does
        /// not complete, before the timeout; it consumes nothing.
        public var inverted: NextMatchingInverted<Input, Failure> {
            .init(base: self)
        }
    }

    /// Expects no new element to match: see ``NextMatching/inverted``.
    public struct NextMatchingInverted<Input, Failure: Error>: RecorderExpectation {
        let base: NextMatching<Input, Failure>
        var recorder: Recorder<Input, Failure> { base.recorder }
        var condition: WaitCondition { base.condition }
        var name: String { base.name + ".inverted" }
        var goal: String { "no new element that matches \(base.label), and no completion" }
        var isInverted: Bool { true }

        func summary(_ state: RecorderState<Input, Failure>) -> String { base.summary(state) }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws {
            if state.elements[state.consumed...].contains(where: base.predicate) { return }
            if case let .failure(error)? = state.completion { throw error }
        }

        /// Returns if no new element matches and the publisher has not
        /// completed. Throws the publisher error if it failed without a new
        /// match, and ``RecordingError/invertedExpectationFulfilled``
        /// otherwise: a completion fulfils the expectation, as in a wait.
        public func get() throws { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Void> { recorderWaitPlan() }
    }

    /// Waits for the publisher to complete, and returns its completion if a
    /// predicate accepts it.
    ///
    /// Throws ``RecordingError/unexpectedCompletion`` when the predicate
    /// rejects the completion, and ``RecordingError/notCompleted`` if the
    /// publisher does not complete in time.
    public struct CompletionMatching<Input, Failure: Error>: RecorderExpectation {
        let recorder: Recorder<Input, Failure>
        let predicate: (Subscribers.Completion<Failure>) -> Bool
        let label: String
        var condition: WaitCondition { .completion }
        var name: String { "completion(where: \(label))" }
        var goal: String { "a completion that matches \(label)" }

        func valueAfterWait(_ state: RecorderState<Input, Failure>) throws -> Subscribers.Completion<Failure> {
            let completion = try state.completedRecording(for: self).completion
            guard predicate(completion) else {
                throw RecordingError(.unexpectedCompletion, context: "recorder.\(name) expected \(goal); "
                    + "the publisher completed with \(RecordedEvent<Input, Failure>(completion)), which does not match; "
                    + "recorded \(RecordingSummary.describe(state)).")
            }
            return completion
        }

        /// The completion, if the publisher has completed and the predicate
        /// accepts it.
        public func get() throws -> Subscribers.Completion<Failure> { try resolveNow() }
        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Subscribers.Completion<Failure>> { recorderWaitPlan() }
    }
}

/// How far a `next(where:)` wait has scanned. Only read and written by the
/// wait's condition, which runs under the recorder's lock.
// @unchecked Sendable: `index` is only touched under the recorder's lock.
final class ScanCursor: @unchecked Sendable {
    var index = 0
}

extension Recorder {
    /// An expectation that waits for the next element that satisfies
    /// `predicate`, and consumes it and the elements before it.
    ///
    /// ```swift
    /// let states = model.$state.record()
    /// model.load()
    /// let loaded = try wait(for: states.next(where: { $0.isLoaded }), timeout: 1)
    /// ```
    ///
    /// The intermediate states are skipped. If the publisher completes first
    /// it throws the publisher's error, or
    /// ``RecordingError/notEnoughElements`` with the elements that did not
    /// match.
    ///
    /// - parameter predicate: Whether an element is the one awaited.
    /// - parameter label: How failure messages name the predicate: "a loaded
    ///   state".
    /// - returns: The expectation.
    public func next(
        where predicate: @escaping @Sendable (Input) -> Bool,
        named label: String = "the predicate"
    ) -> PublisherExpectations.NextMatching<Input, Failure> {
        .init(recorder: self, predicate: predicate, label: label)
    }

    /// An expectation that waits for the publisher to complete, and returns
    /// the completion if `predicate` accepts it.
    ///
    /// ```swift
    /// let completion = try wait(for: recorder.completion(where: { $0 == .finished }), timeout: 1)
    /// ```
    ///
    /// - parameter predicate: Whether the completion is the one expected.
    /// - parameter label: How failure messages name the predicate.
    /// - returns: The expectation; it throws
    ///   ``RecordingError/unexpectedCompletion`` when the predicate rejects
    ///   the completion.
    public func completion(
        where predicate: @escaping @Sendable (Subscribers.Completion<Failure>) -> Bool,
        named label: String = "the predicate"
    ) -> PublisherExpectations.CompletionMatching<Input, Failure> {
        .init(recorder: self, predicate: predicate, label: label)
    }

    // Left out of the API reference (@_documentation): it differs from the
    // current form only by `@Sendable`, so a DocC link could tell the two
    // apart only by a hash of the signature, which is not the same with
    // Combine and with OpenCombine (CONTRIBUTING.md, DocC links).
    /// The former form of ``completion(where:named:)``, whose predicate was
    /// not `@Sendable`: every predicate of CombineProbe is now.
    ///
    /// - parameter predicate: Whether the completion is the one expected.
    /// - parameter label: How failure messages name the predicate.
    /// - returns: The expectation.
    @available(*, deprecated, message: "pass a @Sendable predicate: every `where:` predicate of CombineProbe is @Sendable")
    @_disfavoredOverload
    @_documentation(visibility: internal)
    public func completion(
        where predicate: @escaping (Subscribers.Completion<Failure>) -> Bool,
        named label: String = "the predicate"
    ) -> PublisherExpectations.CompletionMatching<Input, Failure> {
        .init(recorder: self, predicate: predicate, label: label)
    }

    /// An expectation that waits for the publisher to fail with an error that
    /// `predicate` accepts, and returns the error.
    ///
    /// ```swift
    /// let error = try wait(for: recorder.failure(where: { $0.code == .notConnectedToInternet }), timeout: 1)
    /// ```
    ///
    /// - parameter predicate: Whether the error is the one expected.
    /// - parameter label: How failure messages name the predicate.
    /// - returns: The expectation; it throws
    ///   ``RecordingError/unexpectedCompletion`` when the publisher finishes,
    ///   or fails with an error the predicate rejects.
    public func failure(
        where predicate: @escaping @Sendable (Failure) -> Bool,
        named label: String = "the predicate"
    ) -> PublisherExpectations.Map<PublisherExpectations.CompletionMatching<Input, Failure>, Failure> {
        failureMatching(predicate, named: label)
    }

    // Left out of the API reference (@_documentation): it differs from the
    // current form only by `@Sendable`, so a DocC link could tell the two
    // apart only by a hash of the signature, which is not the same with
    // Combine and with OpenCombine (CONTRIBUTING.md, DocC links).
    /// The former form of ``failure(where:named:)``, whose predicate was not
    /// `@Sendable`: every predicate of CombineProbe is now.
    ///
    /// - parameter predicate: Whether the error is the one expected.
    /// - parameter label: How failure messages name the predicate.
    /// - returns: The expectation.
    @available(*, deprecated, message: "pass a @Sendable predicate: every `where:` predicate of CombineProbe is @Sendable")
    @_disfavoredOverload
    @_documentation(visibility: internal)
    public func failure(
        where predicate: @escaping (Failure) -> Bool,
        named label: String = "the predicate"
    ) -> PublisherExpectations.Map<PublisherExpectations.CompletionMatching<Input, Failure>, Failure> {
        failureMatching(predicate, named: label)
    }

    private func failureMatching(
        _ predicate: @escaping (Failure) -> Bool,
        named label: String
    ) -> PublisherExpectations.Map<PublisherExpectations.CompletionMatching<Input, Failure>, Failure> {
        PublisherExpectations.CompletionMatching(recorder: self, predicate: { completion in
            if case let .failure(error) = completion { return predicate(error) }
            return false
        }, label: label)
        .map { completion in
            guard case let .failure(error) = completion else { throw RecordingError.unexpectedCompletion }
            return error
        }
    }
}

// An expectation holds its recorder and a predicate: it crosses threads and
// tasks whenever its recorder can.
extension PublisherExpectations.NextMatching: Sendable where Input: Sendable {}
extension PublisherExpectations.NextMatchingInverted: Sendable where Input: Sendable {}
