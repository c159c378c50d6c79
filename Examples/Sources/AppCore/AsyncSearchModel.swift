import Foundation

/// Searches repositories with async/await: the app's API client wrapped in
/// an async function, a double in tests.
public protocol AsyncRepositorySearching: Sendable {
    func search(_ query: String) async throws -> [Repository]
}

/// The search screen, written the way apps mix Combine and Swift
/// concurrency: Combine debounces what the user types (on an injected
/// scheduler), a task calls the async service, a newer query cancels the
/// search in flight, and a "still searching…" hint appears after a second
/// of the injected clock.
///
/// Its tasks start on an injected task executor: `nil` in the app (the
/// default executor), the virtual scheduler's in tests, so that they run in
/// the test's virtual time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@MainActor
public final class AsyncSearchModel {
    @Published public var query = ""
    @Published public private(set) var results: [Repository] = []
    @Published public private(set) var isSlow = false
    @Published public private(set) var errorMessage: String?

    private let service: any AsyncRepositorySearching
    private let clock: any Clock<Duration>
    private let taskExecutor: (any TaskExecutor)?
    private var subscription: AnyCancellable?
    private var search: Task<Void, Never>?

    public init<S: Scheduler>(
        service: any AsyncRepositorySearching, scheduler: S, clock: any Clock<Duration>,
        taskExecutor: (any TaskExecutor)? = nil
    ) {
        self.service = service
        self.clock = clock
        self.taskExecutor = taskExecutor
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .sink { [weak self] query in
                // The scheduler is the main queue in the app; in tests, a
                // virtual scheduler made with `actionsOn: .mainActor`, which
                // runs its actions on the main actor whatever moves time.
                MainActor.assumeIsolated { self?.start(query) }
            }
    }

    private func start(_ query: String) {
        search?.cancel()
        search = Task(executorPreference: taskExecutor) { [weak self] in await self?.run(query) }
    }

    private func run(_ query: String) async {
        isSlow = false
        let hint = Task(executorPreference: taskExecutor) { [weak self, clock] in
            do { try await clock.sleep(for: .seconds(1)) } catch { return }
            await self?.showSlowHint()
        }
        defer { hint.cancel() }
        do {
            let found = try await service.search(query)
            try Task.checkCancellation()
            results = found
            errorMessage = nil
        } catch is CancellationError {
            return
        } catch {
            results = []
            errorMessage = "The search failed."
        }
        isSlow = false
    }

    private func showSlowHint() {
        isSlow = true
    }
}
