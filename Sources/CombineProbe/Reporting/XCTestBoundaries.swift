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
        /// Whether XCTest said that the test of ``Phase/running`` runs: it
        /// started one, or took a failure, since the observer came. False
        /// while the phase is the caller's guess (see ``observe(xcTestRunsATest:)``).
        var confirmed = false
        var test = 0
        var held: [Held] = []
    }

    private let state = Locked(State())
    /// The threads that watch whether XCTest takes the failure they give it
    /// (see ``takesFailure(_:)``), and whether it did.
    private let watching = Locked([ObjectIdentifier: Bool]())
    static let shared = XCTestBoundaries()

    /// Whether an XCTest test runs now.
    static var phase: Phase { shared.state.withLock { $0.phase } }

    /// Registers the observer (on the main thread), if it is not yet:
    /// `xcTestRunsATest` says whether the caller knows that XCTest runs a
    /// test now. The test that runs now started before the observer.
    static func observe(xcTestRunsATest: Bool) {
        let registers = shared.state.withLock { state -> Bool in
            guard state.phase == .unobserved else { return false }
            state.phase = xcTestRunsATest ? .running : .unknown
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
            state.confirmed = true
            state.test += 1
            state.held = held
        }
    }

    /// Whether XCTest took the failure that `fail` gives it (`XCTFail`):
    /// where the observer only guessed that a test runs, having come from
    /// inside XCTest's run but not seen a test start — a `class func
    /// tearDown()` or `setUp()` looks just like a test from there —, XCTest
    /// is asked, by watching for the failure it reports to its observers as
    /// it records one (corelibs-XCTest does so on the recording thread, and
    /// drops a failure while no test runs). A failure XCTest did not take
    /// means that no test runs: the phase becomes ``Phase/between``.
    ///
    /// Elsewhere, and on Apple platforms, `fail` runs and counts as taken.
    static func takesFailure(_ fail: () -> Void) -> Bool {
        #if canImport(ObjectiveC)
        fail()
        return true
        #else
        guard shared.state.withLock({ $0.phase == .running && !$0.confirmed }) else {
            fail()
            return true
        }
        let thread = ObjectIdentifier(Thread.current)
        shared.watching.withLock { $0[thread] = false }
        fail()
        let taken = shared.watching.withLock { $0.removeValue(forKey: thread) ?? false }
        shared.state.withLock { state in
            guard state.phase == .running, !state.confirmed else { return }
            if taken { state.confirmed = true } else { state.phase = .between }
        }
        return taken
        #endif
    }

    #if !canImport(ObjectiveC)
    /// XCTest recorded a failure on a running test (corelibs-XCTest, on the
    /// thread that recorded it): a test runs.
    ///
    /// - parameter testCase: The test case that failed.
    /// - parameter description: The failure's description.
    /// - parameter filePath: Where it failed.
    /// - parameter lineNumber: The line where it failed.
    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        let thread = ObjectIdentifier(Thread.current)
        watching.withLock { watching in
            if watching[thread] != nil { watching[thread] = true }
        }
    }
    #endif

    /// A test ends.
    ///
    /// - parameter testCase: The test case that ran.
    func testCaseDidFinish(_ testCase: XCTestCase) {
        state.withLock { $0.phase = .between }
    }
}
