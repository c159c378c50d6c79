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

/// Counts from any thread: how many attempts an upload took.
final class Attempts: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}

/// A value behind a lock.
// @unchecked Sendable: `value` is only reached inside withLock, under `lock`.
final class Mutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
