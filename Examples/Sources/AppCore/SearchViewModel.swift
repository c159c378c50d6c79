/// The search screen: what the user types is debounced, duplicates are
/// skipped, each query is searched, and the results, the loading state and
/// the error message are published for the view.
///
/// The scheduler is injected: `DispatchQueue.main` in the app, a virtual one
/// in tests.
public final class SearchViewModel<S: Scheduler> {
    @Published public var query = ""
    @Published public private(set) var results: [Repository] = []
    @Published public private(set) var isLoading = false
    @Published public private(set) var errorMessage: String?

    private var subscription: AnyCancellable?

    public init(service: any RepositorySearching, scheduler: S) {
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .handleEvents(receiveOutput: { [weak self] _ in
                self?.isLoading = true
                self?.errorMessage = nil
            })
            .map { query in
                service.search(query)
                    .map { Result<[Repository], APIError>.success($0) }
                    .catch { Just(Result<[Repository], APIError>.failure($0)) }
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] result in self?.show(result) }
    }

    private func show(_ result: Result<[Repository], APIError>) {
        switch result {
        case let .success(repositories):
            results = repositories
        case let .failure(error):
            results = []
            errorMessage = Self.message(for: error)
        }
        isLoading = false
    }

    static func message(for error: APIError) -> String {
        switch error {
        case .network(.notConnectedToInternet): return "You are offline."
        case .network: return "The network failed."
        case let .http(status): return "The server answered \(status)."
        case .decoding, .badURL: return "Something went wrong."
        }
    }
}
