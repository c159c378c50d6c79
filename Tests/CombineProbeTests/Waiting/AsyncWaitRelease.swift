@testable import CombineProbe
import Foundation

/// An async wait in real time lets go of what it waited on when it ends,
/// not when its timeout would have passed: its timer, armed for the whole
/// timeout, held the waiter, and the waiter the recorder's storage, with
/// every value recorded — a wait with a 60 s timeout kept them for 60 s
/// after it ended. Each scenario returns what stayed alive; empty when
/// everything was released.
enum AsyncWaitRelease {
    /// Watches an object without keeping it alive.
    final class Watch {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// A wait fulfilled by values sent from another thread while it waits,
    /// with a timeout of a minute; then the recorder goes.
    ///
    /// The values come once the wait waits (its waiter is registered): a
    /// wait fulfilled at once arms no timer, and would test nothing.
    static func fulfilledWait(isolation: isolated (any Actor)? = #isolation) async -> [String] {
        var watch: Watch?
        var received: [Int]?
        do {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = subject.record()
            watch = Watch(recorder.storage)
            let send = UncheckedSendable(subject)
            let sent = DispatchGroup()
            let storage = UncheckedSendable(recorder.storage)
            DispatchQueue.global().async(group: sent) {
                // Once the wait waits (its waiter is registered, its timer
                // armed right after): the values end a wait under way.
                while storage.value.state.withLock({ $0.waiters.isEmpty }) { sched_yield() }
                for value in 0..<3 { send.value.send(value) }
            }
            received = try? await wait(for: recorder.prefix(3), timeout: 60)
            // The sending thread holds the recording until its last send
            // returns: the check comes after.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                sent.notify(queue: .global()) { done.resume() }
            }
        }
        var alive: [String] = []
        if received != [0, 1, 2] { alive.append("the wait itself: it got \(String(describing: received))") }
        if watch?.object != nil { alive.append("the recorder's storage, held by the wait's timer") }
        return alive
    }

    /// A wait that was over before it began (the values were recorded
    /// already): it arms no timer, and keeps nothing either.
    static func waitFulfilledAtOnce(isolation: isolated (any Actor)? = #isolation) async -> [String] {
        var watch: Watch?
        do {
            let recorder = [1, 2, 3].publisher.record()
            watch = Watch(recorder.storage)
            _ = try? await wait(for: recorder.elements, timeout: 60)
        }
        return watch?.object == nil ? [] : ["the recorder's storage, after a wait that was over at once"]
    }
}
