import Foundation
import AppCore
import CombineProbe

/// The search service's mock: one result variable, one line per function.
final class RepositorySearchingMock: PublisherMock, RepositorySearching {
    var searchResult: MockResult<[Repository], APIError>?
    func search(_ query: String) -> AnyPublisher<[Repository], APIError> {
        mockFunction(returning: searchResult, arguments: query)
    }
}

/// The sync service's mock.
final class SyncServiceMock: PublisherMock, SyncService {
    var uploadResult: MockResult<Void, SyncError>?
    func upload(_ item: String) -> AnyPublisher<Void, SyncError> {
        mockFunction(returning: uploadResult, arguments: item)
    }
}
