import Foundation
import XCTest

/// What XCTest says about its tests, which it does not tell the code they
/// call: whether one of its tests runs now (between `testCaseWillStart` and
/// `testCaseDidFinish`), which one it is by number, and the virtual
/// schedulers that the running test case's stored properties hold. XCTest
/// runs one test at a time (parallel testing runs processes).
///
/// XCTest accepts observers on its main thread only, so the observer is
/// registered by the first call of ``TestFramework/detected`` on the main
/// thread. From there, where XCTest is known to run a test (outside any
/// block of the main queue that the caller holds, with no Swift Testing
/// test current), the ``phase`` starts as ``Phase/running``; from
/// anywhere else, as ``Phase/unknown`` until the next test starts or ends.
final class XCTestBoundaries: NSObject, XCTestObservation, Sendable {
    /// Whether an XCTest test runs now, as far as the observer knows.
    enum Phase: Sendable, Equatable {
        /// The observer is not registered yet: XCTest has not been seen.
        case unobserved
        /// The observer was registered where it could not tell, and no test
        /// started or ended since.
        case unknown
        /// A test runs: it started and did not finish (or the observer was
        /// registered from inside it).
        case running
        /// No XCTest test runs.
        case between
    }

    private struct Held: Sendable {
        weak var scheduler: (any PendingVirtualWork)?
    }

    private struct State: Sendable {
        var phase = Phase.unobserved
        var test = 0
        var held: [Held] = []
    }

    private let state = Locked(State())
    static let shared = XCTestBoundaries()

    /// Whether an XCTest test runs now.
    static var phase: Phase { shared.state.withLock { $0.phase } }

    /// Registers the observer (on the main thread), if it is not yet:
    /// `xcTestRunsATest` says whether the caller knows that XCTest runs a
    /// test now. The test that runs now started before the observer.
    ///
    /// Where XCTest's thread shows it (corelibs-XCTest), the caller's guess
    /// is checked against XCTest's own frames: its tests run inside
    /// `XCTestCase.perform(_:)`, its class-level `setUp()` and `tearDown()`
    /// outside (in `XCTestSuite.perform(_:)`), where no test runs.
    static func observe(xcTestRunsATest: Bool) {
        let running = xcTestRunsATest && mainThreadRunsAnXCTestTest
        let registers = shared.state.withLock { state -> Bool in
            guard state.phase == .unobserved else { return false }
            state.phase = running ? .running : xcTestRunsATest ? .between : .unknown
            state.test += 1
            return true
        }
        if registers { XCTestObservationCenter.shared.addTestObserver(shared) }
    }

    /// Whether XCTest's runner runs the tests inside a block of the main
    /// queue (see ``MainActorCheck/holdsTheMainQueue``): SwiftPM's on Linux
    /// does, Apple's XCTest does not. Read from the runner itself when a
    /// test starts; until then, the platform's.
    static var runnerHoldsTheMainQueue: Bool { runnerInMainQueueBlock.withLock { $0 } }

    /// Whether XCTest runs a test on the main thread, which calls this, as
    /// its frames say: corelibs-XCTest's test run in
    /// `XCTestCase.perform(_:)` (`$s6XCTest0A4CaseC7perform…`), its
    /// class-level `setUp()` and `tearDown()` outside it. True where the
    /// frames cannot be read (Apple's XCTest, a stack without symbols).
    private static var mainThreadRunsAnXCTestTest: Bool {
        #if canImport(ObjectiveC)
        return true
        #else
        let frames = Thread.callStackSymbols
        guard frames.contains(where: { $0.contains("$s6XCTest") }) else { return true }
        return frames.contains { $0.contains(testCasePerformSymbol) }
        #endif
    }

    /// The mangled name of corelibs-XCTest's `XCTestCase.perform(_:)`.
    static let testCasePerformSymbol = "$s6XCTest0A4CaseC7performyyAA0A3RunCF"

    #if canImport(Darwin)
    private static let runnerInMainQueueBlock = Locked(false)
    #else
    private static let runnerInMainQueueBlock = Locked(true)
    #endif

    /// The running test's number; nil while the observer is not registered.
    static func currentTest() -> Int? {
        _ = TestFramework.detected
        return shared.state.withLock { $0.phase == .unobserved ? nil : $0.test }
    }

    /// The number of the test that runs now, or ran last, as the observer
    /// knows it, with no side effect (see ``currentTest()``); nil while the
    /// observer is not registered.
    static var testNumber: Int? {
        shared.state.withLock { $0.phase == .unobserved ? nil : $0.test }
    }

    /// The schedulers the running test case's properties hold.
    func heldSchedulers() -> [any PendingVirtualWork] {
        state.withLock { $0.held.compactMap(\.scheduler) }
    }

    /// A new test starts.
    ///
    /// - parameter testCase: The test case about to run.
    func testCaseWillStart(_ testCase: XCTestCase) {
        var held: [Held] = []
        var mirror: Mirror? = Mirror(reflecting: testCase)
        while let current = mirror {
            for child in current.children {
                if let scheduler = child.value as? any PendingVirtualWork { held.append(Held(scheduler: scheduler)) }
            }
            mirror = current.superclassMirror
        }
        // XCTest calls observers from its runner, on the main thread.
        let inBlock = MainActorCheck.isInMainQueueBlock
        Self.runnerInMainQueueBlock.withLock { $0 = inBlock }
        state.withLock { state in
            state.phase = .running
            state.test += 1
            state.held = held
        }
    }

    /// A test ends.
    ///
    /// - parameter testCase: The test case that ran.
    func testCaseDidFinish(_ testCase: XCTestCase) {
        state.withLock { $0.phase = .between }
    }
}
