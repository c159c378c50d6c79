extension PublisherExpectations {
    /// The next call to a mock, with its arguments: see
    /// ``PublisherMock/nextCall(to:)``.
    ///
    /// Like every expectation, it resolves with `get()` (the next call that
    /// already happened), XCTest's `wait(for:timeout:)`, `try await
    /// wait(for:timeout:)`, or a ``VirtualScheduler``'s wait. Its
    /// ``inverted`` form expects no call.
    public struct NextCall: PublisherExpectation, InvertiblePublisherExpectation {
        let recorder: Recorder<MockCall, Never>
        let name: String

        /// Returns, and consumes, the next call that already happened;
        /// throws ``RecordingError/notEnoughElements`` when there is none.
        public func get() throws -> MockCall {
            try recorder.storage.state.withLock { try take($0) }
        }

        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<MockCall> {
            let storage = recorder.storage
            return WaitPlan(
                recording: storage, condition: .elements(1, countingConsumed: false), name: name, goal: "a call",
                isInverted: false, failsOnTimeout: true,
                conclude: {
                    storage.state.withLock { state in
                        WaitConclusion(
                            isFulfilled: state.remainingCount >= 1, summary: summary(state),
                            recordedNothing: state.recordedNothing, result: Result { try take(state) })
                    }
                })
        }

        private func take(_ state: RecorderState<MockCall, Never>) throws -> MockCall {
            guard state.remainingCount >= 1 else {
                throw RecordingError(.notEnoughElements, context: "\(name) expected a call; \(summary(state)).")
            }
            defer { state.consumed += 1 }
            return state.elements[state.consumed]
        }

        private func summary(_ state: RecorderState<MockCall, Never>) -> String {
            switch state.elements.count {
            case 0: return "no call was made"
            case let count: return "no new call (after \(count) awaited: \(RecordingSummary.list(state.elements)))"
            }
        }

        /// An expectation that no new call is made before the timeout: no
        /// call that an earlier `nextCall` has not returned.
        ///
        /// ```swift
        /// model.cancelRefresh()
        /// try wait(for: service.nextCall(to: "getUser(id:)").inverted, timeout: 0.1)
        /// ```
        ///
        /// A call fails the wait ("Fulfilled inverted expectation"), at the
        /// line of the wait, listing the calls. It consumes nothing: a
        /// later `nextCall(to:)` still returns the call. In virtual time,
        /// `scheduler.wait(for:timeout:)` runs the actions due within the
        /// timeout, and fails if one of them calls the mock.
        public var inverted: NextCallInverted {
            .init(base: self)
        }
    }

    /// Expects no new call to a mock: see ``NextCall/inverted``.
    public struct NextCallInverted: PublisherExpectation {
        let base: NextCall

        /// Returns if no new call was made; throws
        /// ``RecordingError/invertedExpectationFulfilled``, listing the new
        /// calls, otherwise. It consumes nothing.
        public func get() throws {
            let recorder = base.recorder
            recorder.storage.deliverPendingMisuse()
            try recorder.storage.state.withLock { state in
                guard state.remainingCount == 0 else {
                    throw RecordingError(.invertedExpectationFulfilled,
                        context: "\(base.name).inverted expected no call; \(newCalls(state)).")
                }
            }
        }

        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Void> {
            let storage = base.recorder.storage
            return WaitPlan(
                recording: storage, condition: .elements(1, countingConsumed: false), name: base.name + ".inverted",
                goal: "no call", isInverted: true, failsOnTimeout: true,
                conclude: {
                    // A fulfilled inverted wait has recorded its failure:
                    // it returns, as the recorder's inverted expectations do.
                    storage.state.withLock { state in
                        WaitConclusion(
                            isFulfilled: state.remainingCount == 0, summary: newCalls(state),
                            recordedNothing: state.recordedNothing, result: .success(()))
                    }
                })
        }

        /// `1 new call [getUser(id:) with (7)]`, and the calls awaited before.
        private func newCalls(_ state: RecorderState<MockCall, Never>) -> String {
            let calls = state.elements[state.consumed...]
            var text = "\(calls.count) new \(calls.count == 1 ? "call" : "calls") \(RecordingSummary.list(calls))"
            if state.consumed > 0 { text += " (after \(state.consumed) awaited)" }
            return text
        }
    }
}

extension PublisherMock {
    /// The next call to `function`, with its arguments: the first call not
    /// yet returned by an earlier `nextCall(to:)`.
    ///
    /// Wait for it like for any expectation.
    ///
    /// ```swift
    /// let viewModel = ProfileViewModel(service: service)
    /// viewModel.refresh()    // calls getUser(id:) on a background queue
    /// let call = try wait(for: service.nextCall(to: "getUser(id:)"), timeout: 1)
    /// XCTAssertEqual(call.argument(0, as: Int.self), 42)
    /// ```
    ///
    /// In virtual time: `try scheduler.wait(for: service.nextCall(to: "getUser(id:)"))`;
    /// in async code: `try await wait(for: service.nextCall(to: "getUser(id:)"), timeout: 1)`.
    /// `get()` reads a call that already happened without waiting, and
    /// throws ``RecordingError/notEnoughElements`` when there is none.
    ///
    /// Each function keeps its own place: awaiting `getUser(id:)` does not
    /// skip calls to other functions. A timed-out wait fails at the line of
    /// the wait: "… waiting for mock.nextCall(to: "getUser(id:)"), which waits
    /// for a call. Recorded so far: no call was made."
    ///
    /// `nextCall(to:).inverted` expects no new call before the timeout (see
    /// ``PublisherExpectations/NextCall/inverted``).
    ///
    /// Calls are recorded for awaiting even in an exhaustive test, but a call
    /// that is never awaited is not a failure: assert the calls you care
    /// about with ``calls(to:)`` or ``callCount(to:)``.
    ///
    /// - parameter function: The function, as `#function` spells it: `"getUser(id:)"`.
    public func nextCall(to function: String) -> PublisherExpectations.NextCall {
        reporter.deliverPending()
        return .init(recorder: callLog.recorder(for: function), name: "mock.nextCall(to: \(function.debugDescription))")
    }

    /// The next call to any of the mock's functions, with its arguments: the
    /// first call not yet returned by an earlier `nextCall()`.
    ///
    /// ```swift
    /// let call = try wait(for: service.nextCall(), timeout: 1)
    /// XCTAssertEqual(call.function, "getUser(id:)")
    /// ```
    public func nextCall() -> PublisherExpectations.NextCall {
        reporter.deliverPending()
        return .init(recorder: callLog.all, name: "mock.nextCall()")
    }
}
