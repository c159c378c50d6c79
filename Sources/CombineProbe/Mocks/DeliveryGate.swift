import Foundation
#if canImport(Testing)
import Testing
#endif

/// Holds the background deliveries of one mocked subscription until the test
/// waits, so that nothing a double delivers can reach a subscriber before the
/// test has moved on from the call that made the publisher.
///
/// The gate opens when the test that created it starts a CombineProbe wait
/// (``DeliveryGate/testWaits()``), or after ``MockDelivery/holdTime``, for
/// tests that wait another way. Once open, it runs work at once.
final class DeliveryGate: Sendable {
    private struct State {
        var isOpen = false
        var held: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())
    /// The test task, and the explored schedule, that created the gate:
    /// their waits open it (see ``WorkOwner``).
    let owner: WorkOwner

    /// A gate that holds work until the test waits; or, `opened`, one that
    /// holds nothing.
    init(opened: Bool = false) {
        owner = WorkOwner.current
        guard !opened else {
            state.withLock { $0.isOpen = true }
            return
        }
        Self.closed.withLock { $0.append(self) }
        DispatchQueue.global().asyncAfter(deadline: .now() + MockDelivery.holdTime) { [weak self] in self?.open() }
    }

    /// Runs `work` now if the gate is open, or when it opens.
    func run(_ work: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.isOpen { return true }
            state.held.append(work)
            return false
        }
        if now { work() }
    }

    /// Opens the gate and runs the held work, in order.
    func open() {
        let held = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isOpen else { return [] }
            state.isOpen = true
            defer { state.held = [] }
            return state.held
        }
        Self.closed.withLock { $0.removeAll { $0 === self } }
        for work in held { work() }
    }

    /// The gates not opened yet.
    private static let closed = Locked<[DeliveryGate]>([])

    /// Called when a test starts a wait: opens the gates made on that test's
    /// task (in the same explored schedule, or outside any), and those made
    /// where no Swift Testing test was current, outside any schedule.
    ///
    /// - parameter includingUnowned: Whether the gates of no test open too:
    ///   yes for a wait; no for a move of time (`advance`, `run`), which
    ///   lets its own test's deliveries land, and would otherwise open, for
    ///   the parallel tests that keep theirs closed until they wait, the
    ///   gates made on their background threads.
    static func testWaits(includingUnowned: Bool = true) {
        let waiter = WorkOwner.current
        let opening = closed.withLock { gates in
            gates.filter {
                waiter.waits(for: $0.owner) || (includingUnowned && $0.owner.test.isEmpty && $0.owner.schedule == nil)
            }
        }
        for gate in opening { gate.open() }
    }

    /// The identity of the test whose work a task runs on its behalf: set
    /// for the task that runs a synchronous move of time on the main actor
    /// (see `MainActorHop`), so that the work it starts and waits for is
    /// keyed by the test that moves time, not by the hop's own task.
    @TaskLocal static var carriedTest: String?

    /// The Swift Testing test running the current code, as text; empty in
    /// XCTest, which runs one test at a time, and outside tests. The same
    /// for every task of the test — the tasks it starts (a task of the
    /// virtual world awaiting a double) inherit it —, so that their work is
    /// the test's. The cases of a parameterized test, which run in parallel
    /// under one test, are told apart by their arguments (Swift Testing
    /// gives a case no other public identity).
    ///
    /// Work that a move of time hands to the main actor for its caller
    /// (`MainActorHop`) runs in a task of its own, which carries the
    /// caller's identity (``carriedTest``): it is the same test's work.
    static var currentTest: String {
        if let carried = carriedTest { return carried }
        #if canImport(Testing)
        if let test = Test.current {
            guard let testCase = Test.Case.current, testCase.isParameterized else { return "\(test.id)" }
            return "\(test.id) \(String(reflecting: testCase))"
        }
        #endif
        return ""
    }
}
