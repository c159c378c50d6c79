import CombineProbe
import Foundation

/// A search service, as production code declares it.
protocol SearchService {
    func search(_ query: String) -> AnyPublisher<[String], URLError>
}

/// A mock of it, in the five lines of the test doubles guide.
final class SearchServiceMock: PublisherMock, SearchService {
    var searchResult: MockResult<[String], URLError>?
    func search(_ query: String) -> AnyPublisher<[String], URLError> {
        mockFunction(returning: searchResult, arguments: query)
    }
}

/// A search screen's view model, written the way production code is:
/// the service and the scheduler are injected.
final class SearchViewModel<S: Scheduler> {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    @Published private(set) var isSearching = false
    private var cancellables: Set<AnyCancellable> = []

    init(service: any SearchService, scheduler: S) {
        $query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .handleEvents(receiveOutput: { [weak self] _ in self?.isSearching = true })
            .map { service.search($0).replaceError(with: []) }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] results in
                self?.results = results
                self?.isSearching = false
            }
            .store(in: &cancellables)
    }
}
