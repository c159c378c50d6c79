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

/// The search service's mock for a user who types: each query has its own
/// results (a query with none is an unexpected call).
final class QueryResultsSearchMock: PublisherMock, RepositorySearching {
    var resultsByQuery: [String: MockResult<[Repository], APIError>] = [:]
    func search(_ query: String) -> AnyPublisher<[Repository], APIError> {
        mockFunction(returning: resultsByQuery[query], arguments: query)
    }
}

/// The shop's mock.
final class OrderPlacingMock: PublisherMock, OrderPlacing {
    var placeOrderResult: MockResult<OrderConfirmation, APIError>?
    func placeOrder(cartID: String) -> AnyPublisher<OrderConfirmation, APIError> {
        mockFunction(returning: placeOrderResult, arguments: cartID)
    }
}

/// The reports API's mock.
final class ReportFetchingMock: PublisherMock, ReportFetching {
    var fetchReportResult: MockResult<Report, APIError>?
    func fetchReport(id: String) -> AnyPublisher<Report, APIError> {
        mockFunction(returning: fetchReportResult, arguments: id)
    }
}
