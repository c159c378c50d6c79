/// A base class for mocks of services that return publishers.
///
/// One ``MockResult`` variable per mocked function says what it returns, and
/// one line implements it:
///
/// ```swift
/// final class UserServiceMock: PublisherMock, UserService {
///     var getUserResult: MockResult<User, APIError>?
///     func getUser(id: Int) -> AnyPublisher<User, APIError> {
///         mockFunction(returning: getUserResult, arguments: id)
///     }
/// }
/// ```
///
/// - The publisher delivers asynchronously on a background queue by default,
///   like production code: a test of code that does not wait for the result
///   fails. Set ``defaultDelivery`` for the whole mock (`.on(scheduler)` with a
///   virtual scheduler, `.immediate`), or pass `delivery:` to one function.
/// - Every call is recorded, in order across the mock's functions:
///   ``calls``, ``calls(to:)``.
/// - A call with no configured result is a test failure ("unexpected call to
///   `getUser(id:)`") at the line where the test created the mock, in the
///   framework running the test. The test goes on: the publisher fails with
///   ``MockError/unexpectedCall(function:)`` when its `Failure` type can hold
///   it (see ``MockErrorConvertible``), and finishes without a value
///   otherwise.
///
/// A subclass that declares its own initializer should forward the caller's
/// location to `super.init(fileID:filePath:line:column:)`, so that failures
/// point at the test.
open class PublisherMock {
    let reporter: DeferredFailureReporter
    private let recordedCalls = Locked<[MockCall]>([])
    /// The calls again, as recorders that awaited calls read: see
    /// ``nextCall(to:)``.
    let callLog: MockCallLog
    private let deliveryStorage = Locked(MockDelivery.background)

    /// When the publishers of this mock's functions deliver, unless a
    /// function passes its own `delivery:`. ``MockDelivery/background`` by
    /// default.
    ///
    /// `.on(scheduler)` makes a mock answer in virtual time:
    ///
    /// ```swift
    /// let service = SearchServiceMock()
    /// service.defaultDelivery = .on(scheduler)
    /// ```
    public var defaultDelivery: MockDelivery {
        get { deliveryStorage.withLock { $0 } }
        set { deliveryStorage.withLock { $0 = newValue } }
    }

    /// Creates a mock whose failures are reported at the caller's location.
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        reporter = DeferredFailureReporter(site: site)
        callLog = MockCallLog(site: site)
    }

    /// Every call so far, in order.
    public var calls: [MockCall] {
        reporter.deliverPending()
        return recordedCalls.withLock { $0 }
    }

    /// The calls to one function, in order: `calls(to: "getUser(id:)")`.
    ///
    /// - parameter function: The function, as `#function` spells it: `"getUser(id:)"`.
    public func calls(to function: String) -> [MockCall] {
        calls.filter { $0.function == function }
    }

    /// The functions called so far, in order.
    public var calledFunctions: [String] {
        calls.map(\.function)
    }

    /// Records the call, and returns the publisher `result` describes.
    ///
    /// - parameter result: The function's configured result; nil is an
    ///   unexpected call.
    /// - parameter arguments: The call's arguments, recorded in ``calls``.
    /// - parameter delivery: When the publisher delivers: the mock's
    ///   ``defaultDelivery`` when nil.
    /// - parameter function: The mocked function; `#function` by default.
    public func mockFunction<Output, Failure: Error>(
        returning result: MockResult<Output, Failure>?,
        arguments: Any...,
        delivery: MockDelivery? = nil,
        function: String = #function
    ) -> AnyPublisher<Output, Failure> {
        mockFunction(returning: result, argumentList: arguments, delivery: delivery ?? defaultDelivery, function: function).publisher
    }

    /// ``mockFunction(returning:arguments:delivery:function:)`` with its
    /// arguments as an array: records the call, and returns it with its
    /// publisher.
    func mockFunction<Output, Failure: Error>(
        returning result: MockResult<Output, Failure>?,
        argumentList arguments: [Any],
        delivery: MockDelivery,
        function: String
    ) -> (publisher: AnyPublisher<Output, Failure>, call: MockCall) {
        reporter.deliverPending()
        var call = MockCall(function: function, arguments: arguments)
        call.siblings = recordedCalls
        // The publisher first: a test that waits for this call
        // (`nextCall(to:)`) then finds the failure of an unexpected call
        // already reported, inside its `XCTExpectFailures` too.
        let publisher = MockFunction.publisher(for: result, call: call, delivery: delivery, reporter: reporter)
        recordedCalls.withLock { $0.append(call) }
        callLog.record(call)
        return (publisher, call)
    }
}

/// Returns the publisher a ``MockResult`` describes, for a mock that does not
/// inherit from ``PublisherMock``. Failures (an unexpected call, JSON that
/// does not decode) are reported at this call's location.
///
/// ```swift
/// struct WeatherMock: WeatherService {
///     var forecastResult: MockResult<String, Never>?
///     func forecast() -> AnyPublisher<String, Never> {
///         mockPublisher(returning: forecastResult)
///     }
/// }
/// ```
///
/// - parameter result: The configured result; nil is an unexpected call.
/// - parameter delivery: When the publisher delivers: on a background queue by default.
/// - parameter function: The mocked function, for failure messages; `#function` by default.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
public func mockPublisher<Output, Failure: Error>(
    returning result: MockResult<Output, Failure>?,
    delivery: MockDelivery = .background,
    function: String = #function,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> AnyPublisher<Output, Failure> {
    // Called by the code under test, maybe on a background thread, where the
    // test's framework cannot be told: see OrphanFailures.
    let reporter = DeferredFailureReporter(
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        framework: TestFramework.detected)
    return MockFunction.publisher(
        for: result, call: MockCall(function: function, arguments: []), delivery: delivery, reporter: reporter)
}

/// The shared implementation of mocked functions.
enum MockFunction {
    static func publisher<Output, Failure: Error>(
        for result: MockResult<Output, Failure>?,
        call: MockCall,
        delivery: MockDelivery,
        reporter: DeferredFailureReporter
    ) -> AnyPublisher<Output, Failure> {
        let report = reporter.report
        let behavior: MockResult<Output, Failure>.Behavior
        if let result {
            behavior = result.resolve(function: call.function, report: report)
        } else {
            report("unexpected call to \(call): no MockResult<\(Output.self), \(Failure.self)> is configured for it.")
            behavior = MockResult<Output, Failure>.failing(with: .unexpectedCall(function: call.function))
        }
        return MockedPublisher(behavior: behavior, call: call, delivery: delivery, reporter: reporter).eraseToAnyPublisher()
    }
}
