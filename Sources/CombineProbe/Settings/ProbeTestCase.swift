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
