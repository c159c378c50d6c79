import Foundation
import XCTest

/// Waits for a publisher expectation without blocking a thread, and returns
/// its value. Works in Swift Testing tests, async XCTest tests, and any async
/// code.
///
/// ```swift
/// @Test func searchPublishesResults() async throws {
///     let recorder = search("swift").record()
///     let results = try await wait(for: recorder.elements, timeout: 1)
///     #expect(results == ["swift"])
/// }
/// ```
///
/// The behaviour is the one of the XCTest `wait(for:timeout:description:)`:
/// the wait ends as soon as the expectation is fulfilled (at once if it
/// already is); a timeout, or an inverted expectation fulfilled before the
/// timeout, is a test failure at the caller's location, recorded in the
/// framework that runs the test (an `Issue` in Swift Testing, an XCTest
/// failure in XCTest); then the value is returned or the error thrown.
///
/// The wait is event-driven: the recorder resumes it from the thread that
/// delivers the awaited event, and no thread polls or sleeps meanwhile.
/// Cancelling the task ends the wait at once with `CancellationError`.
///
/// - parameter expectation: The publisher expectation.
/// - parameter timeout: Seconds within which the expectation must be
///   fulfilled; ``ProbeSettings/defaultTimeout`` when nil. Multiplied by
///   ``ProbeSettings/timeoutMultiplier``.
/// - parameter description: A label for the failure message.
/// - parameter isolation: The caller's isolation, on which the wait runs; leave the default.
/// - parameter fileID: The file that failures are reported in; leave the default.
/// - parameter filePath: The full path of that file; leave the default.
/// - parameter line: The line that failures are reported at; leave the default.
/// - parameter column: The column that failures are reported at; leave the default.
/// - returns: The value of the expectation.
/// - throws: A ``RecordingError``, the publisher's error, or
///   `CancellationError`.
@discardableResult
public func wait<E: PublisherExpectation>(
    for expectation: E,
    timeout: TimeInterval? = nil,
    description: String = "",
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async throws -> E.Output {
    try await AsyncWaiter.wait(
        for: expectation.makeWaitPlan(), timeout: timeout, description: description,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Suspends until a recorder satisfies a condition, the timeout expires, or
/// the task is cancelled.
final class AsyncWaiter: Sendable {
    private enum Event { case conditionHeld, timedOut, cancelled }

    private struct State {
        var continuation: CheckedContinuation<Event, Never>?
        var event: Event?
        var waiterID: Int?
        var timer: DispatchWorkItem?
    }

    private let state = Locked(State())
    private let recording: any WaitableRecording

    private init(recording: any WaitableRecording) {
        self.recording = recording
    }

    /// Waits for a plan, records the failure its outcome calls for in the
    /// framework running the current test, and returns its value.
    static func wait<Output>(
        for plan: WaitPlan<Output>,
        timeout: TimeInterval?,
        description: String,
        at site: CallSite,
        testCase: XCTestCase? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Output {
        let framework = TestFramework.current
        let seconds = ProbeSettings.effectiveTimeout(timeout)
        DeliveryGate.testWaits()
        plan.recording.deliverPendingMisuse()
        _ = try await outcome(
            of: plan.recording, condition: plan.condition, isInverted: plan.isInverted, timeout: seconds)
        return try plan.finish(timeout: seconds, description: description, at: site, in: framework, testCase: testCase)
    }

    static func outcome(
        of recording: any WaitableRecording,
        condition: WaitCondition,
        isInverted: Bool,
        timeout: TimeInterval,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> WaitOutcome {
        let waiter = AsyncWaiter(recording: recording)
        let event = await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { continuation in
                waiter.start(continuation, condition: condition, timeout: timeout)
            }
        } onCancel: {
            waiter.finish(.cancelled)
        }
        switch event {
        case .cancelled:
            throw CancellationError()
        case .conditionHeld:
            return isInverted ? .invertedFulfilled : .satisfied
        case .timedOut:
            return isInverted ? .satisfied : .timedOut
        }
    }

    private func start(_ continuation: CheckedContinuation<Event, Never>, condition: WaitCondition, timeout: TimeInterval) {
        let alreadyFinished = state.withLock { state -> Bool in
            if state.event != nil { return true }
            state.continuation = continuation
            return false
        }
        if alreadyFinished {
            // Cancelled before the continuation existed.
            continuation.resume(returning: .cancelled)
            return
        }
        // Nil when the condition held already: `finish` ran, and no timer is
        // needed.
        guard let id = recording.addWaiter(for: condition, fulfill: { [self] in finish(.conditionHeld) }) else { return }
        // Weakly: a cancelled work item keeps its block until its deadline,
        // and the waiter holds the recording, every value recorded: a wait
        // with a 60 s timeout kept them for 60 s after it ended. While the
        // wait lasts, its own frame keeps the waiter alive. (A timer source
        // cancelled when the wait ends would leave dispatch's timers at
        // once, but it made the wake-up after a send slower: 34 µs against
        // 18–26 µs at the median.)
        let timer = DispatchWorkItem { [weak self] in self?.finish(.timedOut) }
        let keep = state.withLock { state -> Bool in
            guard state.event == nil else { return false }
            state.waiterID = id
            state.timer = timer
            return true
        }
        if keep {
            StepProfile.timer()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        } else {
            recording.removeWaiter(id)
        }
    }

    /// Resumes the wait with the first event; later events are ignored.
    private func finish(_ event: Event) {
        let (continuation, waiterID, timer) = state.withLock { state -> (CheckedContinuation<Event, Never>?, Int?, DispatchWorkItem?) in
            guard state.event == nil else { return (nil, nil, nil) }
            state.event = event
            defer { state.continuation = nil; state.waiterID = nil; state.timer = nil }
            return (state.continuation, state.waiterID, state.timer)
        }
        timer?.cancel()
        if let waiterID, event != .conditionHeld { recording.removeWaiter(waiterID) }
        continuation?.resume(returning: event)
    }
}
