extension Recorder {
    /// Fails the test, at the caller's line, unless the subscription the
    /// publisher gave this recorder was released: after completion or
    /// cancel, nothing but a leak or a retain cycle keeps it alive.
    ///
    /// ```swift
    /// let recorder = subject.map { $0 * 2 }.record()
    /// recorder.cancel()
    /// recorder.expectSubscriptionReleased()
    /// ```
    ///
    /// Combine's contract: cancelling a subscription frees the resources it
    /// holds, and a completed subscription has no reason to live on. The
    /// recorder keeps only a weak reference to it. The check fails as well
    /// while the recorder is still subscribed (neither completed nor
    /// cancelled). A subscription that is not an object cannot leak: it
    /// passes.
    ///
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func expectSubscriptionReleased(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        storage.deliverPendingMisuse()
        guard let problem = storage.subscriptionReleaseProblem() else { return }
        FailureReporter.fail(
            "recorder.expectSubscriptionReleased(): \(problem)",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension RecorderStorage {
    /// Why the subscription does not count as released, or nil when it is.
    func subscriptionReleaseProblem() -> String? {
        state.withLock { state in
            switch state.phase {
            case .awaitingSubscription:
                return "the publisher never sent a subscription."
            case .subscribed:
                return "the recorder is still subscribed (neither completed nor cancelled): "
                    + "cancel it, or let the publisher complete, before checking that the subscription is released."
            case .completed, .cancelled:
                guard state.receivedSubscription != nil else { return nil }
                let event = state.phase == .completed ? "the publisher completed" : "the recorder cancelled"
                return "the subscription (\(state.receivedSubscriptionTypeName ?? "?")) is still alive after \(event): "
                    + "something keeps it (the publisher, an operator, a retain cycle). "
                    + "Combine's contract: completion and cancel release the subscription and what it holds."
            }
        }
    }
}
