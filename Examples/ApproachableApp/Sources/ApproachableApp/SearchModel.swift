import Foundation

/// Finds the names that match a query: the app's API client, a double in
/// tests. Main-actor isolated, like everything in this target.
public protocol NameSearching {
    /// The names that match `query`, once.
    func names(matching query: String) -> AnyPublisher<[String], Never>
}

/// The search screen: what the user types is debounced on the injected
/// scheduler, each new query replaces the search in flight, and the results
/// are published for the view.
///
/// Nothing in it says `@MainActor`: the target's default isolation does.
/// Its `sink` is a plain closure, isolated to the main actor, and the
/// compiler checks that isolation each time Combine calls it: a scheduler
/// that ran the debounce's action on another thread would stop the app (or
/// the test process) there. The app passes `DispatchQueue.main` or
/// `RunLoop.main`; tests pass `DispatchQueue.virtualScheduler(actionsOn:
/// .mainActor)`.
public final class SearchModel {
    /// What the user typed.
    @Published public var query = ""
    /// The names found for the last query.
    @Published public private(set) var results: [String] = []
    /// Whether a search is in flight.
    @Published public private(set) var isSearching = false

    private var subscription: AnyCancellable?

    /// - parameter service: Where names are found.
    /// - parameter scheduler: Where the query is debounced and results are
    ///   received: `DispatchQueue.main` in the app.
    public init(service: some NameSearching, scheduler: some Scheduler) {
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .map { [weak self] query in
                self?.isSearching = true
                return service.names(matching: query)
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] names in
                self?.results = names
                self?.isSearching = false
            }
    }
}
