/// A search-as-you-type screen as apps often ship it, with an order bug:
/// every query's response is shown when it arrives.
///
/// Each debounced query starts a search, and `flatMap` merges the responses
/// of all of them. When an older query's response arrives after a newer
/// one's — the network does not keep order — the screen shows the results
/// of a query the user no longer has in the search field. A test whose
/// service answers every call after the same delay never sees it.
///
/// ``QuickSearchModelFixed`` is the fix. The scheduler is injected:
/// `DispatchQueue.main` in the app, a virtual one in tests.
public final class QuickSearchModel<S: Scheduler> {
    @Published public var query = ""
    @Published public private(set) var results: [Repository] = []

    private var subscription: AnyCancellable?

    public init(service: any RepositorySearching, scheduler: S) {
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            // The bug: every search in flight goes on, and each one's
            // results are shown when they arrive, in whatever order.
            .flatMap { query in
                service.search(query).replaceError(with: [])
            }
            .receive(on: scheduler)
            .sink { [weak self] in self?.results = $0 }
    }
}

/// ``QuickSearchModel`` fixed: a newer query cancels the search in flight
/// (`map` then `switchToLatest`), so an older query's response, however late,
/// is never shown.
public final class QuickSearchModelFixed<S: Scheduler> {
    @Published public var query = ""
    @Published public private(set) var results: [Repository] = []

    private var subscription: AnyCancellable?

    public init(service: any RepositorySearching, scheduler: S) {
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .map { query in
                service.search(query).replaceError(with: [])
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] in self?.results = $0 }
    }
}
