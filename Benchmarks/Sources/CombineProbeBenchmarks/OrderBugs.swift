import CombineProbe
import Foundation

// The planted order bugs of the bug benchmark (issue 43, item 4; see
// OrderBugBenchmarks.swift): small pieces of app code of our own, in
// Combine and in Swift concurrency, each wrong in one order only. Each
// bug's body makes its own virtual world, runs it to the end, and returns
// whether the app ended right: it passes in the default order (the order a
// deterministic test takes), and fails under some schedules only. The
// depth is the number of choices, other than the default order's, that
// the simplest failing schedule makes, counted by hand below; the
// benchmark checks it against the deviations of the failing schedule that
// the fewest-deviations-first strategy finds.
//
// Only the library's public API is used, as a user's test would.

/// One planted order bug.
struct OrderBug: Sendable {
    /// Its name in the table.
    let name: String
    /// Combine or Swift concurrency.
    let kind: String
    /// The deviations of its simplest failing schedule, by hand.
    let depth: Int
    /// The body: true when the app ended right.
    let body: Body

    enum Body: Sendable {
        case sync(@Sendable () -> Bool)
        case async(@Sendable () async -> Bool)
    }
}

/// The planted bugs, in the table's order.
var orderBugs: [OrderBug] {
    var bugs: [OrderBug] = []
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
        bugs.append(OrderBug(name: "lost update across an await", kind: "async", depth: 1, body: .async(lostUpdate)))
        bugs.append(OrderBug(name: "check-then-act on an actor", kind: "async", depth: 1, body: .async(checkThenActOnAnActor)))
    }
    bugs.append(OrderBug(name: "stale response", kind: "Combine", depth: 1, body: .sync(staleResponse)))
    bugs.append(OrderBug(name: "double submit", kind: "Combine", depth: 1, body: .sync(doubleSubmit)))
    bugs.append(OrderBug(name: "cancel racing a completion", kind: "Combine", depth: 1, body: .sync(cancelRacingACompletion)))
    bugs.append(OrderBug(name: "three late answers (3 deviations)", kind: "Combine", depth: 3, body: .sync(threeLateAnswers)))
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
        bugs.append(OrderBug(name: "4 tasks in one order", kind: "async", depth: 3, body: .async(fourTasksInOneOrder)))
    }
    return bugs
}

/// State shared by the tasks of one world. `@unchecked Sendable`: the
/// world's virtual executor runs one job at a time, so its tasks never
/// touch it at once (the bugs are in the order, not in a data race).
final class WorldState<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

// MARK: - Lost update across an await (async, depth 1)

/// Two tasks each add 1 to a counter: read, await (a save, say), write.
/// The second task first awaits once (it prepares), so in the default
/// order the first has written before the second reads. Depth 1: the
/// second task's read runs before the first task's write.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@Sendable func lostUpdate() async -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let counter = WorldState(0)
    @Sendable func increment() async {
        let read = counter.value
        await Task.yield()
        counter.value = read + 1
    }
    let first = Task(executorPreference: scheduler.executor) { await increment() }
    let second = Task(executorPreference: scheduler.executor) {
        await Task.yield()
        await increment()
    }
    await scheduler.run()
    await first.value
    await second.value
    return counter.value == 2
}

// MARK: - Check-then-act on an actor (async, depth 1)

/// One seat left; `book` checks that a seat is free, awaits the payment,
/// then takes the seat. The actor is reentrant: across the await, another
/// booking can pass the same check.
actor SeatMap {
    private(set) var free = 1
    private(set) var booked: [String] = []

    func book(_ who: String, payment: @Sendable () async -> Void) async -> Bool {
        guard free > 0 else { return false }
        await payment()
        free -= 1
        booked.append(who)
        return true
    }
}

/// Two customers book the last seat: the first at once, its payment taking
/// 100 ms on the scheduler's clock; the second 100 ms later, when the first
/// payment is done: two wake-ups due at one instant. Default: the first
/// payment's, asked for first, wakes first, and the seat is taken before
/// the second booking checks. Depth 1: the second booking's wake-up first.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@Sendable func checkThenActOnAnActor() async -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let seats = SeatMap()
    let payment: @Sendable () async -> Void = { try? await scheduler.sleep(for: .milliseconds(100)) }
    let first = Task(executorPreference: scheduler.executor) { await seats.book("ann", payment: payment) }
    let second = Task(executorPreference: scheduler.executor) {
        await Task.yield()
        await Task.yield()
        try? await scheduler.sleep(for: .milliseconds(100))
        return await seats.book("bob", payment: payment)
    }
    await scheduler.run()
    _ = await first.value
    _ = await second.value
    return await seats.booked.count == 1
}

// MARK: - Stale response (Combine, depth 1)

/// A search service double: each query answered with one result.
final class OrderBugSearchMock: PublisherMock, @unchecked Sendable {
    func search(_ query: String) -> AnyPublisher<[String], Never> {
        mockFunction(returning: .value(["\(query): result"]), arguments: query)
    }
}

/// A search screen that shows every answer as it comes: it never cancels
/// the older search, so an older answer that arrives last overwrites the
/// newer one.
final class StaleSearchModel {
    private let service: OrderBugSearchMock
    private var requests = Set<AnyCancellable>()
    private(set) var results: [String] = []

    init(service: OrderBugSearchMock) { self.service = service }

    func search(_ query: String) {
        service.search(query).sink { [unowned self] in results = $0 }.store(in: &requests)
    }
}

/// Three searches 100 ms apart; answers after 50 to 500 ms. Default: each
/// answer after 50 ms, in order. Depth 1: the first or second answer after
/// 500 ms, after the third's.
@Sendable func staleResponse() -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = OrderBugSearchMock()
    service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
    let model = StaleSearchModel(service: service)
    for (index, query) in ["s", "sw", "swi"].enumerated() {
        if index > 0 { scheduler.advance(by: .milliseconds(100)) }
        model.search(query)
    }
    scheduler.run()
    return model.results == ["swi: result"]
}

// MARK: - Double submit (Combine, depth 1)

/// The checkout's services: a cart check, then the order.
final class CheckoutServiceMock: PublisherMock, @unchecked Sendable {
    func validate(cartID: String) -> AnyPublisher<Bool, Never> {
        mockFunction(returning: .value(true), arguments: cartID)
    }

    func placeOrder(cartID: String) -> AnyPublisher<String, Never> {
        mockFunction(returning: .value("A-1"), arguments: cartID)
    }
}

/// "Place order" checks the cart, then places the order; it ignores a tap
/// once the order is being placed, but marks it so only after the check:
/// a tap during the check places a second order.
final class DoubleSubmitCheckout {
    private let service: CheckoutServiceMock
    private var requests = Set<AnyCancellable>()
    private var isPlacing = false
    private(set) var confirmation: String?

    init(service: CheckoutServiceMock) { self.service = service }

    func tapPlaceOrder() {
        guard !isPlacing else { return }
        service.validate(cartID: "cart-7")
            .filter { $0 }
            .flatMap { [unowned self] _ -> AnyPublisher<String, Never> in
                isPlacing = true
                return service.placeOrder(cartID: "cart-7")
            }
            .sink { [unowned self] in confirmation = $0 }
            .store(in: &requests)
    }
}

/// Taps twice, 100 ms apart; every answer after 20 to 200 ms. Default: the
/// check answers after 20 ms, and the second tap is ignored. Depth 1: the
/// check answers after 200 ms, after the second tap.
@Sendable func doubleSubmit() -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = CheckoutServiceMock()
    service.defaultDelivery = .after(between: .milliseconds(20) ... .milliseconds(200), on: scheduler)
    let checkout = DoubleSubmitCheckout(service: service)
    checkout.tapPlaceOrder()
    scheduler.advance(by: .milliseconds(100))
    checkout.tapPlaceOrder()
    scheduler.run()
    return service.callCount(to: "placeOrder(cartID:)") == 1 && checkout.confirmation == "A-1"
}

// MARK: - Cancel racing a completion (Combine, depth 1)

/// The reports service: answers after 300 ms exactly.
final class ReportServiceMock: PublisherMock, @unchecked Sendable {
    func fetchReport(id: String) -> AnyPublisher<String, Never> {
        mockFunction(returning: .value("report \(id)"), arguments: id)
    }
}

/// Loads a report with a 300 ms timeout; the spinner goes off when the
/// request completes. The timeout cancels the request, which then never
/// completes: the spinner stays on.
final class ReportLoaderWithTimeout {
    private let service: ReportServiceMock
    private let scheduler: VirtualSchedulerOf<DispatchQueue>
    private var request: AnyCancellable?
    private(set) var isLoading = false
    private(set) var report: String?

    init(service: ReportServiceMock, scheduler: VirtualSchedulerOf<DispatchQueue>) {
        self.service = service
        self.scheduler = scheduler
    }

    func load() {
        isLoading = true
        request = service.fetchReport(id: "q3").sink(
            receiveCompletion: { [unowned self] _ in isLoading = false },
            receiveValue: { [unowned self] in report = $0 })
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { [unowned self] in
            if report == nil { request?.cancel() }
        }
    }
}

/// The answer and the timeout are due at the same instant, 300 ms. Default:
/// the answer, scheduled first, runs first. Depth 1: the timeout first.
@Sendable func cancelRacingACompletion() -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = ReportServiceMock()
    service.defaultDelivery = .after(.milliseconds(300), on: scheduler)
    let loader = ReportLoaderWithTimeout(service: service, scheduler: scheduler)
    loader.load()
    scheduler.run()
    return !loader.isLoading
}

// MARK: - Three late answers (Combine, depth 3)

/// A dashboard's services: three widgets, and three avatars prefetched
/// alongside, each answered after 50 to 500 ms.
final class DashboardServiceMock: PublisherMock, @unchecked Sendable {
    func widget(_ name: String) -> AnyPublisher<String, Never> {
        mockFunction(returning: .value(name), arguments: name)
    }

    func avatar(_ user: String) -> AnyPublisher<String, Never> {
        mockFunction(returning: .value(user), arguments: user)
    }
}

/// Shows an "offline" banner when no widget answered within 300 ms, and
/// never takes it down when one answers later. The six calls go out 10 ms
/// apart, so that no two answers are due at one instant: the only choices
/// are the six latencies.
final class Dashboard {
    private var requests = Set<AnyCancellable>()
    private(set) var widgets: [String] = []
    private(set) var showsOfflineBanner = false

    init(service: DashboardServiceMock, scheduler: VirtualSchedulerOf<DispatchQueue>) {
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) { [unowned self] in
            if widgets.isEmpty { showsOfflineBanner = true }
        }
        for (index, name) in ["news", "weather", "stocks"].enumerated() {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20 * index))) { [unowned self] in
                service.widget(name).sink { [unowned self] in widgets.append($0) }.store(in: &requests)
            }
        }
        for (index, user) in ["ann", "bob", "eve"].enumerated() {
            scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20 * index + 10))) { [unowned self] in
                service.avatar(user).sink { _ in }.store(in: &requests)
            }
        }
    }
}

/// Six calls, 64 schedules. Default: every answer after 50 ms. Depth 3:
/// the three widgets all after 500 ms (the avatars play no part).
@Sendable func threeLateAnswers() -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = DashboardServiceMock()
    service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
    let dashboard = Dashboard(service: service, scheduler: scheduler)
    scheduler.run()
    return dashboard.widgets.count == 3 && !dashboard.showsOfflineBanner
}

// MARK: - Four tasks in one order (async, depth 3)

/// Four migration steps run as tasks; each awaits (its I/O), then records
/// that it ran. The data is corrupt only when they finish in exactly the
/// reverse order, 4, 3, 2, 1: one order of the 24. Default: 1, 2, 3, 4.
/// Depth 3: three of the four completions taken out of their order.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
@Sendable func fourTasksInOneOrder() async -> Bool {
    let scheduler = DispatchQueue.virtualScheduler()
    let finished = WorldState<[Int]>([])
    let tasks = (1...4).map { step in
        Task(executorPreference: scheduler.executor) {
            await Task.yield()
            finished.value.append(step)
        }
    }
    await scheduler.run()
    for task in tasks { await task.value }
    return finished.value != [4, 3, 2, 1]
}
