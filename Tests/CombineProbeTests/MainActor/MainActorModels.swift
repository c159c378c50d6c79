import CombineProbe
import Foundation

/// A view model written the way Xcode's app templates write them: isolated to
/// the main actor, its pipeline debounced on an injected scheduler, and its
/// sink asserting the isolation it relies on with `MainActor.assumeIsolated`.
/// Run off the main thread, the assertion stops the process.
@MainActor
final class AssumingSearchModel {
    /// The query the user types.
    let query = PassthroughSubject<String, Never>()
    /// The queries that reached the model, after the debounce.
    private(set) var searched: [String] = []
    private var subscription: AnyCancellable?

    init<S: Scheduler>(scheduler: S) {
        subscription = query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [unowned self] query in
                MainActor.assumeIsolated { self.searched.append(query) }
            }
    }

    func type(_ text: String) {
        query.send(text)
    }
}

/// The same model without `assumeIsolated`: its sink's closure reads and
/// writes the model's main-actor state. Run off the main thread, that is a
/// data race, which the ThreadSanitizer lane reports. (In a target whose
/// default isolation is `MainActor`, the compiler also inserts an isolation
/// check in that closure, which stops the process: Examples/ApproachableApp
/// is built that way and tests it.)
@MainActor
final class CheckedSearchModel {
    /// The query the user types.
    let query = PassthroughSubject<String, Never>()
    /// The queries that reached the model, after the debounce.
    private(set) var searched: [String] = []
    private var subscription: AnyCancellable?

    init<S: Scheduler>(scheduler: S) {
        subscription = query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [unowned self] query in
                self.searched.append(query)
            }
    }

    func type(_ text: String) {
        query.send(text)
    }
}
