import CombineProbe
import Foundation
import Testing

// This target is nonisolated by default, like the unit-test target of an
// Xcode 26 project: a test runs on the main actor only when it says
// `@MainActor`. With NonisolatedNonsendingByDefault (SE-0461), a
// nonisolated async function runs on its caller's actor: the rounds below
// run on the main actor for a `@MainActor` test, and off it for a
// nonisolated one, from one source.

/// How many times each test repeats its round: `COMBINEPROBE_STRESS_ITERATIONS`,
/// or 50. `scripts/stress.sh` runs 10,000 by default.
let stressRounds = ProcessInfo.processInfo.environment["COMBINEPROBE_STRESS_ITERATIONS"]
    .flatMap { Int($0) }.map { max($0, 1) } ?? 50

/// One round whose trace differed from the expected one.
struct DifferentRound: Equatable, CustomStringConvertible {
    let round: Int
    let trace: [String]

    var description: String { "round \(round) traced \(trace)" }
}

/// Runs `round` ``stressRounds`` times; the first round whose trace is not
/// `expected`, or nil.
func firstDifferentRound(from expected: [String], _ round: (Int) async throws -> [String]) async rethrows -> DifferentRound? {
    for index in 1...stressRounds {
        let trace = try await round(index)
        if trace != expected { return DifferentRound(round: index, trace: trace) }
    }
    return nil
}

/// The synchronous form of ``firstDifferentRound(from:_:)``.
func firstDifferentRound(from expected: [String], _ round: (Int) throws -> [String]) rethrows -> DifferentRound? {
    for index in 1...stressRounds {
        let trace = try round(index)
        if trace != expected { return DifferentRound(round: index, trace: trace) }
    }
    return nil
}

/// Whether the caller runs on the main actor, asked without a trap. The main
/// actor runs its jobs on the main queue, which Swift Testing on Linux has a
/// worker thread drain (after `dispatchMain()`): a block of the main queue
/// is on the main actor even when `Thread.isMainThread` is false.
func isOnMainActor() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// The main actor could not run a synchronous test's step in time.
struct MainActorBusy: Error, CustomStringConvertible {
    var description: String { "the main actor did not run the step within 10 s: is the main thread blocked?" }
}

/// Runs `body` on the main actor for a synchronous test, and returns what it
/// returned: there when the caller is already on the main actor, else in a
/// task on the main actor while the caller waits (a nonisolated synchronous
/// Swift Testing test, on the cooperative pool, cannot touch a main-actor
/// model otherwise). Throws instead of hanging when the main actor does not
/// run it within 10 s.
func onMainActor<T: Sendable>(_ body: @escaping @MainActor @Sendable () -> T) throws -> T {
    if isOnMainActor() { return MainActor.assumeIsolated { body() } }
    let result = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
        result.set(body())
        done.signal()
    }
    guard done.wait(timeout: .now() + 10) == .success, let value = result.value else { throw MainActorBusy() }
    return value
}

/// What the main actor's task returns to the waiting thread.
// @unchecked Sendable: `stored` is only read and written under `lock`.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?

    func set(_ value: T) { lock.withLock { stored = value } }
    var value: T? { lock.withLock { stored } }
}

extension Tag {
    /// A test that shows a failure on purpose: `swift test` prints it as
    /// "recorded a known issue". Its name ends with "(fails on purpose)".
    @Tag static var failurePath: Self
}
