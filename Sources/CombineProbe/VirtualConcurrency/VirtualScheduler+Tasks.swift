extension VirtualScheduler {
    /// The task executor of the scheduler's virtual world (see
    /// ``VirtualTaskExecutor``). Work that prefers it runs until it is
    /// quiescent before each step of an async `advance`, `run` or virtual
    /// `wait`.
    ///
    /// ```swift
    /// let task = Task(executorPreference: scheduler.executor) {
    ///     try await scheduler.sleep(for: .seconds(1))
    /// }
    /// await scheduler.advance(by: .seconds(1))
    /// ```
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public var executor: VirtualTaskExecutor {
        taskExecutor.withLock { box in
            if let executor = box as? VirtualTaskExecutor { return executor }
            let executor = VirtualTaskExecutor()
            box = executor
            return executor
        }
    }

    /// Runs `operation` in the scheduler's virtual world: it, its child tasks
    /// and the nonisolated async functions it calls run on ``executor``.
    ///
    /// ```swift
    /// try await scheduler.withTasks {
    ///     async let reply = service.search("swift") // sleeps on scheduler.clock
    ///     await scheduler.advance(by: .seconds(1))
    ///     XCTAssertEqual(try await reply, ["swift"])
    /// }
    /// ```
    ///
    /// - parameter isolation: The caller's isolation; leave the default.
    /// - parameter operation: The work to run.
    /// - returns: What `operation` returns.
    /// - throws: What `operation` throws.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func withTasks<T, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        try await withTaskExecutorPreference(executor, isolation: isolation, operation: operation)
    }

    /// Waits until the work on the scheduler's executor is quiescent, if it
    /// has one: what runs there has run, one job at a time, until every task
    /// is suspended or finished.
    func quiescence() async {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            let executor = taskExecutor.withLock { $0 as? VirtualTaskExecutor }
            await executor?.quiescence()
        }
    }
}
