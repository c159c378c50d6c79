import CombineProbe
import Foundation

/// A publisher that breaks the Combine contract: it sends a value before the
/// subscription.
struct ValueBeforeSubscriptionPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        _ = subscriber.receive(1)
        subscriber.receive(subscription: Subscriptions.empty)
        _ = subscriber.receive(2)
    }
}

/// A thread-safe flag, for closures that run on other threads.
// @unchecked Sendable: `_value` is read and written under `lock`.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var _value = false

    var value: Bool {
        lock.lock()
        defer { lock.unlock() }
        return _value
    }

    func set() {
        lock.lock()
        _value = true
        lock.unlock()
    }
}

/// Runs `body` on a background thread, where no test is current, and returns
/// when it is done.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        body()
        done.signal()
    }
    done.wait()
}

/// A value written by one thread and read by another.
// @unchecked Sendable: `stored` is read and written under `lock`.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}

/// A weak reference to an object, for leak checks: the form every Swift 6
/// compiler accepts (`weak let` needs Swift 6.2.3, and a `weak var` that is
/// never reassigned draws a warning).
final class WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }
}

/// A search field's query debounced on `scheduler` (300 ms), one value sent
/// and time moved 1 s synchronously: the elements recorded (`[1]` when the
/// debounce ran). The body of explorations whose schedules are Combine code
/// alone.
func debouncedQueryElements(on scheduler: VirtualSchedulerOf<DispatchQueue>) -> [Int] {
    let query = PassthroughSubject<Int, Never>()
    let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler).record()
    query.send(1)
    scheduler.advance(by: .seconds(1))
    return (try? recorder.availableElements.get()) ?? []
}
