/// What the shop answers when it took an order.
public struct OrderConfirmation: Hashable, Sendable {
    public let number: String

    public init(number: String) {
        self.number = number
    }
}

/// Places orders: the shop's API client in the app, a mock in tests.
public protocol OrderPlacing {
    func placeOrder(cartID: String) -> AnyPublisher<OrderConfirmation, APIError>
}

/// The checkout screen as apps often ship it, with an order bug: a second
/// tap on "Place order" can place a second order.
///
/// The button goes away when the order is confirmed, and `placeOrder()`
/// returns early once it is: so a second tap is ignored — if the
/// confirmation came back before it. When the shop takes longer to answer
/// than the user takes to tap again, both taps send an order. A test whose
/// shop answers at once never sees it.
///
/// ``CheckoutModelFixed`` is the fix. A `@MainActor` model: the scheduler
/// is `DispatchQueue.main` in the app; in tests, a virtual scheduler made
/// with `actionsOn: .mainActor`.
@MainActor
public final class CheckoutModel<S: Scheduler> {
    @Published public private(set) var confirmation: OrderConfirmation?
    @Published public private(set) var errorMessage: String?

    private let orders = PassthroughSubject<String, Never>()
    private let cartID: String
    private var subscription: AnyCancellable?

    public init(cartID: String, service: any OrderPlacing, scheduler: S) {
        self.cartID = cartID
        subscription = orders
            .flatMap { cartID in
                service.placeOrder(cartID: cartID)
                    .map { Result<OrderConfirmation, APIError>.success($0) }
                    .catch { Just(Result<OrderConfirmation, APIError>.failure($0)) }
            }
            .receive(on: scheduler)
            .sink { [weak self] result in MainActor.assumeIsolated { self?.show(result) } }
    }

    /// The "Place order" button's action.
    public func placeOrder() {
        // The bug: the guard is set when the answer arrives, not when the
        // request leaves.
        guard confirmation == nil else { return }
        errorMessage = nil
        orders.send(cartID)
    }

    private func show(_ result: Result<OrderConfirmation, APIError>) {
        switch result {
        case let .success(confirmation): self.confirmation = confirmation
        case .failure: errorMessage = "The order could not be placed."
        }
    }
}

/// ``CheckoutModel`` fixed: the model knows an order is in flight from the
/// moment the request leaves, so a second tap, however soon, sends nothing
/// (and the button can show a spinner meanwhile). A failed order can be
/// placed again.
@MainActor
public final class CheckoutModelFixed<S: Scheduler> {
    @Published public private(set) var confirmation: OrderConfirmation?
    @Published public private(set) var isPlacingOrder = false
    @Published public private(set) var errorMessage: String?

    private let orders = PassthroughSubject<String, Never>()
    private let cartID: String
    private var subscription: AnyCancellable?

    public init(cartID: String, service: any OrderPlacing, scheduler: S) {
        self.cartID = cartID
        subscription = orders
            .flatMap { cartID in
                service.placeOrder(cartID: cartID)
                    .map { Result<OrderConfirmation, APIError>.success($0) }
                    .catch { Just(Result<OrderConfirmation, APIError>.failure($0)) }
            }
            .receive(on: scheduler)
            .sink { [weak self] result in MainActor.assumeIsolated { self?.show(result) } }
    }

    /// The "Place order" button's action.
    public func placeOrder() {
        guard confirmation == nil, !isPlacingOrder else { return }
        isPlacingOrder = true
        errorMessage = nil
        orders.send(cartID)
    }

    private func show(_ result: Result<OrderConfirmation, APIError>) {
        isPlacingOrder = false
        switch result {
        case let .success(confirmation): self.confirmation = confirmation
        case .failure: errorMessage = "The order could not be placed."
        }
    }
}
