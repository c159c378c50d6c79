extension Publisher {
    /// Resubscribes to this publisher after `delay` when it fails, up to
    /// `retries` times; the last failure goes through.
    ///
    /// An app-level operator, the kind a team writes once and uses
    /// everywhere: `RetryAfterTests` checks it keeps Combine's contract
    /// (demand, cancellation, no leak) in virtual time.
    public func retry<S: Scheduler>(
        _ retries: Int, after delay: S.SchedulerTimeType.Stride, scheduler: S
    ) -> AnyPublisher<Output, Failure> {
        self.catch { error -> AnyPublisher<Output, Failure> in
            guard retries > 0 else { return Fail(error: error).eraseToAnyPublisher() }
            return Just(())
                .delay(for: delay, scheduler: scheduler)
                .setFailureType(to: Failure.self)
                .flatMap { self.retry(retries - 1, after: delay, scheduler: scheduler) }
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}
