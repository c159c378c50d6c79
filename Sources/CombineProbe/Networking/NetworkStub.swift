import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: there, NetworkStub is
// declared unavailable (below), so that using it is a compile-time error
// with advice, not a runtime surprise.
#if !os(watchOS)

/// Answers the requests of a `URLSession` with stubbed responses, so that the
/// code under test keeps calling the real `dataTaskPublisher(for:)`.
///
/// ```swift
/// let network = NetworkStub()
/// network.stub("https://api.example.com/user/1", with: .json(#"{"id": 1, "name": "Ada"}"#))
/// let client = APIClient(session: network.session)
/// let recorder = client.user(id: 1).record()
/// XCTAssertEqual(try wait(for: recorder.single, timeout: 1).name, "Ada")
/// XCTAssertEqual(network.requests.map(\.url?.path), ["/user/1"])
/// ```
///
/// - Stubs match by URL, by method and URL, or by a predicate; the last
///   stub added that matches a request answers it.
/// - Every request is recorded in ``requests``.
/// - A request that no stub matches is a test failure at the line that
///   created the `NetworkStub`, in the framework running the test, and is
///   answered with `URLError(.resourceUnavailable)`.
/// - A wait in virtual time (`scheduler.wait(for:timeout:)` of a
///   ``VirtualScheduler``) lets the requests in flight of the stubs made by its test land before
///   it moves time on, so that `receive(on: scheduler)` schedules the
///   response at the instant the request started; one that does not land
///   within the default timeout of real time is named if the wait fails.
///
/// Each `NetworkStub` serves only its own sessions, so tests running in
/// parallel do not see each other's stubs; any number can be alive at once.
/// A request still in flight when its stub is released fails with
/// `URLError(.cancelled)`: it never reaches another stub.
public final class NetworkStub {
    let router: StubRouter
    /// The slot whose protocol class serves this stub's sessions (see `StubSlots`).
    let slot: Int
    private let sessionDelegate: StubSessionDelegate

    /// A session whose requests this stub answers.
    public let session: URLSession

    /// Creates a stub whose failures are reported at the caller's location.
    ///
    /// - parameter fileID: The file that failures are reported in; leave the default.
    /// - parameter filePath: The full path of that file; leave the default.
    /// - parameter line: The line that failures are reported at; leave the default.
    /// - parameter column: The column that failures are reported at; leave the default.
    public init(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let reporter = DeferredFailureReporter(
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        router = StubRouter(reporter: reporter, inFlight: StubRequestsInFlight(owner: WorkOwner.current))
        let slot = StubSlots.claim(for: router)
        self.slot = slot
        sessionDelegate = StubSessionDelegate(slot: slot)
        session = URLSession(configuration: Self.configuration(slot: slot), delegate: sessionDelegate, delegateQueue: nil)
        router.inFlight.track(session)
    }

    // The requests still in flight belong to this stub: they fail with
    // URLError(.cancelled) (the session cancels them, and a request that
    // starts loading anyway is answered by no stub), and the slot stays
    // taken until the session's last task completed.
    deinit {
        sessionDelegate.stubWasReleased()
        if Self.invalidateAndCancelRaces {
            router.inFlight.cancelTasks()
            session.finishTasksAndInvalidate()
        } else {
            session.invalidateAndCancel()
        }
    }

    /// Whether `invalidateAndCancel()` races with the tasks that complete
    /// meanwhile: on FoundationNetworking (see
    /// `StubRequestsInFlight.cancelTasks()`), where the stub cancels its
    /// tasks itself. A constant, so that both paths compile everywhere.
    private static let invalidateAndCancelRaces: Bool = {
        #if canImport(FoundationNetworking)
        return true
        #else
        return false
        #endif
    }()

    /// A new ephemeral configuration whose sessions this stub answers, for
    /// code that builds its own `URLSession`.
    ///
    /// Once the stub is released, the requests of these sessions fail with
    /// `URLError(.cancelled)`; no other stub ever answers them.
    public func makeConfiguration() -> URLSessionConfiguration {
        sessionDelegate.pin()
        return Self.configuration(slot: slot)
    }

    private static func configuration(slot: Int) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.serving(slot)]
        // Without a cache, FoundationNetworking creates a task's protocol
        // inside `resume()`: a wait in virtual time sees the request from
        // then on (see StubRequestsInFlight).
        configuration.urlCache = nil
        return configuration
    }

    /// Answers requests to `url` (any method, or only `method`) with
    /// `response`.
    ///
    /// - parameter url: The URL, compared with the request's as text.
    /// - parameter method: The HTTP method; any method when nil.
    /// - parameter response: The answer.
    public func stub(_ url: String, method: String? = nil, with response: StubResponse) {
        let label = (method.map { "\($0.uppercased()) " } ?? "") + url
        let method = method?.uppercased()
        add(label, response) { request in
            request.url?.absoluteString == url && (method == nil || (request.httpMethod ?? "GET").uppercased() == method)
        }
    }

    /// Answers requests to `url` with `response`.
    ///
    /// - parameter url: The URL, compared with the request's as text.
    /// - parameter method: The HTTP method; any method when nil.
    /// - parameter response: The answer.
    public func stub(_ url: URL, method: String? = nil, with response: StubResponse) {
        stub(url.absoluteString, method: method, with: response)
    }

    /// Answers the requests `predicate` accepts with `response`; `label`
    /// names them in failure messages.
    ///
    /// ```swift
    /// network.stub(where: { $0.url?.host == "cdn.example.com" }, named: "any CDN request", with: .status(404))
    /// ```
    ///
    /// - parameter predicate: Whether a request is answered by this stub.
    /// - parameter label: How failure messages name the stub.
    /// - parameter response: The answer.
    public func stub(
        where predicate: @escaping @Sendable (URLRequest) -> Bool,
        named label: String = "requests matching a predicate",
        with response: StubResponse
    ) {
        add(label, response, predicate)
    }

    /// The former spelling of ``stub(where:named:with:)``.
    ///
    /// - parameter predicate: Whether a request is answered by this stub.
    /// - parameter label: How failure messages name the stub.
    /// - parameter response: The answer.
    @available(*, deprecated, renamed: "stub(where:named:with:)", message: "name the label `named:`")
    @_disfavoredOverload
    public func stub(
        where predicate: @escaping @Sendable (URLRequest) -> Bool,
        _ label: String = "requests matching a predicate",
        with response: StubResponse
    ) {
        add(label, response, predicate)
    }

    /// Every request received so far, in order.
    public var requests: [URLRequest] {
        router.reporter.deliverPending()
        return router.requests
    }

    private func add(_ label: String, _ response: StubResponse, _ matches: @escaping @Sendable (URLRequest) -> Bool) {
        router.reporter.deliverPending()
        router.add(StubRouter.Rule(label: "\(label) → \(response)", matches: matches, response: response))
    }
}
#else
/// Unavailable on watchOS, which does not allow custom `URLProtocol`
/// classes.
@available(watchOS, unavailable, message: "watchOS does not allow custom URLProtocol classes, so URLSession cannot be stubbed there. Put the networking layer behind a protocol and mock it with PublisherMock (see Documentation/Networking.md), or run these tests on iOS or macOS.")
public final class NetworkStub {}
#endif
