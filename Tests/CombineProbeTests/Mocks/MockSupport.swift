import CombineProbe
import Foundation

struct User: Codable, Equatable, Sendable {
    let id: Int
    let name: String
}

enum APIError: Error, Equatable, MockErrorConvertible {
    case offline
    case mock(MockError)

    init(mockError: MockError) {
        self = .mock(mockError)
    }
}

/// The service the code under test depends on.
protocol UserService {
    func getUser(id: Int) -> AnyPublisher<User, APIError>
    func rename(_ user: User, to name: String) -> AnyPublisher<User, APIError>
    func progress() -> AnyPublisher<Int, Never>
}

/// A mock of it, in the documented shape: one result per function, one line
/// per function.
final class UserServiceMock: PublisherMock, UserService {
    var getUserResult: MockResult<User, APIError>?
    var renameResult: MockResult<User, APIError>?
    var progressResult: MockResult<Int, Never>?
    var delivery = MockDelivery.background

    func getUser(id: Int) -> AnyPublisher<User, APIError> {
        mockFunction(returning: getUserResult, arguments: id, delivery: delivery)
    }

    func rename(_ user: User, to name: String) -> AnyPublisher<User, APIError> {
        mockFunction(returning: renameResult, arguments: user, name, delivery: delivery)
    }

    func progress() -> AnyPublisher<Int, Never> {
        mockFunction(returning: progressResult, delivery: delivery)
    }
}

/// A subscriber that asks for one value at a time, when told to.
// @unchecked Sendable: every stored var is read and written under `lock`.
final class OneAtATimeSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: (any Subscription)?
    private var _received: [Input] = []
    private var _completion: Subscribers.Completion<Failure>?

    var received: [Input] { lock.lock(); defer { lock.unlock() }; return _received }
    var completion: Subscribers.Completion<Failure>? { lock.lock(); defer { lock.unlock() }; return _completion }

    func receive(subscription: any Subscription) {
        lock.lock()
        self.subscription = subscription
        lock.unlock()
        subscription.request(.max(1))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        _received.append(input)
        lock.unlock()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        _completion = completion
        lock.unlock()
    }

    func requestOne() {
        lock.lock()
        let subscription = self.subscription
        lock.unlock()
        subscription?.request(.max(1))
    }
}
