/// A report, as the reports API returns it.
public struct Report: Hashable, Sendable {
    public let title: String

    public init(title: String) {
        self.title = title
    }
}

/// Fetches reports: the API client in the app, a mock in tests.
public protocol ReportFetching {
    func fetchReport(id: String) -> AnyPublisher<Report, APIError>
}

/// A screen that loads a report, with a spinner and a Cancel button, as
/// apps often ship it, with an order bug: Cancel can leave the spinner on
/// for good.
///
/// The spinner goes away when the request completes. Cancel cancels the
/// request — and a cancelled publisher never completes, so when the user
/// cancels before the answer came, nothing turns the spinner off. A test
/// whose service answers before the test taps Cancel never sees it.
///
/// ``ReportLoaderFixed`` is the fix. The scheduler is injected:
/// `DispatchQueue.main` in the app, a virtual one in tests.
public final class ReportLoader<S: Scheduler> {
    @Published public private(set) var report: Report?
    @Published public private(set) var isLoading = false

    private let service: any ReportFetching
    private let scheduler: S
    private var request: AnyCancellable?

    public init(service: any ReportFetching, scheduler: S) {
        self.service = service
        self.scheduler = scheduler
    }

    public func load(id: String) {
        isLoading = true
        request = service.fetchReport(id: id)
            .receive(on: scheduler)
            .sink(receiveCompletion: { [weak self] _ in
                self?.isLoading = false
            }, receiveValue: { [weak self] report in
                self?.report = report
            })
    }

    /// The Cancel button's action.
    public func cancel() {
        // The bug: the spinner is left to the completion, which a
        // cancelled request never sends.
        request?.cancel()
    }
}

/// ``ReportLoader`` fixed: Cancel cancels the request and turns the spinner
/// off itself; nothing the cancelled request would have sent lands later.
public final class ReportLoaderFixed<S: Scheduler> {
    @Published public private(set) var report: Report?
    @Published public private(set) var isLoading = false

    private let service: any ReportFetching
    private let scheduler: S
    private var request: AnyCancellable?

    public init(service: any ReportFetching, scheduler: S) {
        self.service = service
        self.scheduler = scheduler
    }

    public func load(id: String) {
        isLoading = true
        request = service.fetchReport(id: id)
            .receive(on: scheduler)
            .sink(receiveCompletion: { [weak self] _ in
                self?.isLoading = false
            }, receiveValue: { [weak self] report in
                self?.report = report
            })
    }

    /// The Cancel button's action.
    public func cancel() {
        request?.cancel()
        request = nil
        isLoading = false
    }
}
