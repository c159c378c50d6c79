/// Why an upload failed.
public enum SyncError: Error, Equatable, Sendable {
    case offline
    case rejected(String)
}

/// Uploads one item: the real service in the app, a mock in tests.
public protocol SyncService {
    func upload(_ item: String) -> AnyPublisher<Void, SyncError>
}

/// Uploads items one after the other, publishing the progress (0...1).
/// An upload that fails is retried after a delay, a few times; cancelling
/// the subscription stops the job.
public struct SyncJob<S: Scheduler> {
    private let service: any SyncService
    private let scheduler: S
    private let retryDelay: S.SchedulerTimeType.Stride
    private let retries: Int

    public init(service: any SyncService, scheduler: S, retryDelay: S.SchedulerTimeType.Stride = .seconds(2), retries: Int = 2) {
        self.service = service
        self.scheduler = scheduler
        self.retryDelay = retryDelay
        self.retries = retries
    }

    public func run(_ items: [String]) -> AnyPublisher<Double, SyncError> {
        let total = Double(items.count)
        return items.publisher
            .setFailureType(to: SyncError.self)
            .flatMap(maxPublishers: .max(1)) { item in upload(item, retriesLeft: retries) }
            .scan(0) { done, _ in done + 1 }
            .map { Double($0) / total }
            .eraseToAnyPublisher()
    }

    private func upload(_ item: String, retriesLeft: Int) -> AnyPublisher<Void, SyncError> {
        service.upload(item)
            .catch { error -> AnyPublisher<Void, SyncError> in
                guard retriesLeft > 0 else { return Fail(error: error).eraseToAnyPublisher() }
                return Just(())
                    .delay(for: retryDelay, scheduler: scheduler)
                    .setFailureType(to: SyncError.self)
                    .flatMap { upload(item, retriesLeft: retriesLeft - 1) }
                    .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
}
