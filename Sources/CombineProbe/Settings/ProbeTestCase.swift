import XCTest

/// An `XCTestCase` whose tests run with settings of their own: override
/// ``probeSettings`` in a subclass.
///
/// ```swift
/// final class CheckoutTests: ProbeTestCase {
///     override class var probeSettings: ProbeSettings.Overrides {
///         .init(defaultTimeout: 2, exhaustive: true)
///     }
///
///     func testPayment() throws { … }
/// }
/// ```
///
/// Each test runs inside ``ProbeSettings/withOverrides(_:operation:)``: the
/// overrides apply to that test only, and its exhaustive recorders are
/// checked when it ends, as a failure of that test.
///
/// On Linux, make the subclass's `@MainActor` tests `async`: a synchronous
/// `@MainActor` test method can stop the test process before any test runs
/// (`Could not cast value of type '(MyTests) -> @Swift.MainActor () -> ()'`),
/// or keep the target from building. The test list that corelibs-XCTest
/// reads is generated from the subclass's own methods, so no base class can
/// prevent it: see "Synchronous `@MainActor` XCTest tests on Linux" in
/// Pitfalls.
open class ProbeTestCase: XCTestCase {
    /// The settings the tests of this class override; none by default.
    open class var probeSettings: ProbeSettings.Overrides { .init() }

    /// Runs the test with ``probeSettings`` in force.
    override open func invokeTest() {
        ProbeSettings.withOverrides(Self.probeSettings) {
            super.invokeTest()
        }
    }
}
