extension PublisherMock {
    /// How many times `function` was called.
    ///
    /// - parameter function: The function, as `#function` spells it: `"getUser(id:)"`.
    public func callCount(to function: String) -> Int {
        calls(to: function).count
    }

    /// How many times the publishers `function` returned were subscribed to,
    /// all calls together.
    ///
    /// A call whose publisher is retried twice counts one call and three
    /// subscriptions.
    ///
    /// ```swift
    /// _ = service.getUser(id: 1).retry(2).record()
    /// XCTAssertEqual(service.callCount(to: "getUser(id:)"), 1)
    /// XCTAssertEqual(service.subscriptionCount(to: "getUser(id:)"), 3)
    /// ```
    ///
    /// Each call's own count is ``MockCall/subscriptionCount``.
    ///
    /// - parameter function: The function, as `#function` spells it: `"getUser(id:)"`.
    public func subscriptionCount(to function: String) -> Int {
        calls(to: function).reduce(0) { $0 + $1.subscriptionCount }
    }
}
