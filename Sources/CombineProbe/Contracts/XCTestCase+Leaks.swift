import XCTest

extension XCTestCase {
    /// Expects `object` to be released when the test ends: checked in a
    /// teardown block, and reported at the caller's line.
    ///
    /// ```swift
    /// func testViewModelIsReleased() {
    ///     let viewModel = SearchViewModel()
    ///     trackForLeaks(viewModel)
    /// }
    /// ```
    ///
    /// Teardown blocks run before `tearDown()`: an object a property of the
    /// test case still holds then counts as leaked.
    ///
    /// - parameter object: The object.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func trackForLeaks(
        _ object: AnyObject,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let tracker = LeakTracker()
        tracker.track(object, fileID: fileID, filePath: filePath, line: line, column: column)
        addTeardownBlock { tracker.check() }
    }

    /// Expects every subscription to `publisher` to have completed or been
    /// cancelled when the test ends: checked in a teardown block, and
    /// reported at the caller's line.
    ///
    /// ```swift
    /// let upstream = subject.trackingSubscriptions()
    /// expectSubscriptionsEnded(of: upstream)
    /// ```
    ///
    /// - parameter publisher: A publisher made with `trackingSubscriptions()`.
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public func expectSubscriptionsEnded<Upstream>(
        of publisher: TrackedPublisher<Upstream>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let tracker = LeakTracker()
        tracker.expectSubscriptionsEnded(of: publisher, fileID: fileID, filePath: filePath, line: line, column: column)
        addTeardownBlock { tracker.check() }
    }
}
