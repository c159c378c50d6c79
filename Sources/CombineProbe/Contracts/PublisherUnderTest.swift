/// A publisher for a contract check, with what makes it emit: a fresh one
/// for each scenario of ``assertPublisherContract(_:fileID:filePath:line:column:_:)``.
///
/// ```swift
/// assertPublisherContract {
///     let subject = PassthroughSubject<Int, Never>()
///     return PublisherUnderTest(subject.map { $0 * 2 }) {
///         subject.send(1)
///         subject.send(2)
///         subject.send(completion: .finished)
///     }
/// }
/// ```
///
/// `drive` runs once per scenario, after the recorder subscribed: it sends
/// input upstream, advances a virtual scheduler, and so on. A driver that
/// makes the publisher complete lets the check test what happens after
/// completion.
public struct PublisherUnderTest<P: Publisher> {
    /// The publisher.
    public let publisher: P
    /// Makes the publisher emit.
    public let drive: () -> Void

    /// A publisher, and what makes it emit.
    ///
    /// - parameter publisher: The publisher.
    /// - parameter drive: Makes the publisher emit; nothing by default, for
    ///   publishers that emit when subscribed.
    public init(_ publisher: P, drive: @escaping () -> Void = {}) {
        self.publisher = publisher
        self.drive = drive
    }
}
