extension PublisherExpectations {
    /// An expectation that transforms the value of another one.
    ///
    /// ```swift
    /// let recorder = ["foo", "bar"].publisher.record()
    /// let count = try recorder.elements.map(\.count).get()
    /// XCTAssertEqual(count, 2)
    /// ```
    public struct Map<Base: PublisherExpectation, Output>: PublisherExpectation {
        let base: Base
        let transform: (Base.Output) throws -> Output

        /// The base expectation's value, transformed.
        public func get() throws -> Output { try transform(base.get()) }

        /// How the waits wait for this expectation.
        public func makeWaitPlan() -> WaitPlan<Output> { base.makeWaitPlan().map(transform) }
    }
}

extension PublisherExpectation {
    /// Returns an expectation that waits like this one, and transforms its
    /// value. Errors thrown by `transform` are thrown by `get()` and `wait`.
    ///
    /// - parameter transform: Turns the expectation's value into the new one; it may throw.
    public func map<T>(_ transform: @escaping (Output) throws -> T) -> PublisherExpectations.Map<Self, T> {
        .init(base: self, transform: transform)
    }
}
