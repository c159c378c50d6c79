/// Where a ``VirtualScheduler`` runs its actions.
///
/// A real `DispatchQueue.main` or `RunLoop.main` runs what is scheduled on it
/// on the main thread. A virtual scheduler that stands in for one must do the
/// same, or the code it drives — a `@MainActor` view model's `sink`, a
/// `MainActor.assumeIsolated` — finds itself on another thread and stops the
/// test process. Choose ``mainActor`` for such a scheduler:
///
/// ```swift
/// @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
/// @MainActor
/// final class CounterModel {
///     private(set) var count = 0
///     private var subscription: AnyCancellable?
///
///     init(ticks: some Publisher<Void, Never>) {
///         subscription = ticks.sink { [unowned self] in
///             MainActor.assumeIsolated { self.count += 1 }
///         }
///     }
/// }
///
/// func testTheCounterCountsOnTheMainActor() async {
///     let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
///     let model = await CounterModel(
///         ticks: Just(()).delay(for: .seconds(1), scheduler: scheduler))
///     await scheduler.advance(by: .seconds(1)) // runs the delay's action on the main actor
///     let count = await model.count
///     XCTAssertEqual(count, 1)
/// }
/// ```
public enum VirtualActionContext: Sendable, Hashable, CustomStringConvertible {
    /// Actions run on the thread, or in the isolation, that moves time:
    /// `advance`, `run` or a virtual wait. The default.
    case caller

    /// Actions run on the main actor, whatever moves time, as those of
    /// `DispatchQueue.main`, `RunLoop.main` or `OperationQueue.main` do.
    ///
    /// Every move of time obeys it — `advance`, `run`, the virtual waits,
    /// `start(created:subscribed:cancelled:)`, the record assertions that
    /// take a `scheduler:`, an exploration's body — because one function
    /// runs every action and checks where it runs:
    ///
    /// - The async `advance`, `run` and virtual waits hop to the main actor
    ///   once for the whole call.
    /// - A synchronous call on the main thread runs there, as before.
    /// - A synchronous call from another thread hands the work to the main
    ///   thread and waits for it. If the main thread does not take it within
    ///   the default timeout (it is blocked, waiting for this very thread),
    ///   the call fails at its line, saying what to do, and nothing runs.
    case mainActor

    /// `.caller` or `.mainActor`.
    public var description: String {
        switch self {
        case .caller: return ".caller"
        case .mainActor: return ".mainActor"
        }
    }
}
