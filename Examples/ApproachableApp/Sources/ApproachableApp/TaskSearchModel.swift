import Foundation

/// Finds the names that match a query with async/await.
public protocol AsyncNameSearching: Sendable {
    /// The names that match `query`.
    func names(matching query: String) async -> [String]
}

/// The search screen again, with an async service: Combine debounces what
/// the user types, a `Task` calls the service, and a newer query cancels the
/// search in flight.
///
/// Its `sink` closure is `@Sendable`, so nonisolated, the way code written
/// before default isolation often is: it states the isolation it relies on
/// with `MainActor.assumeIsolated`, which stops the process when the
/// scheduler runs the debounce's action anywhere but on the main actor.
public final class TaskSearchModel {
    /// What the user typed.
    @Published public var query = ""
    /// The names found for the last query.
    @Published public private(set) var results: [String] = []

    private let service: any AsyncNameSearching
    private var subscription: AnyCancellable?
    private var search: Task<Void, Never>?

    /// - parameter service: Where names are found.
    /// - parameter scheduler: Where the query is debounced: `RunLoop.main`
    ///   in the app.
    public init(service: any AsyncNameSearching, scheduler: some Scheduler) {
        self.service = service
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .sink { @Sendable [weak self] query in
                MainActor.assumeIsolated { self?.start(query) }
            }
    }

    private func start(_ query: String) {
        search?.cancel()
        search = Task { [service] in
            let names = await service.names(matching: query)
            guard !Task.isCancelled else { return }
            results = names
        }
    }
}
