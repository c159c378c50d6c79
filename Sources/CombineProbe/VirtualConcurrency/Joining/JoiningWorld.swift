/// The world that the new tasks of a scope join: the first virtual
/// executor made in the scope, held weakly (the world ends with its
/// scheduler). A scope whose settings say `joinsTasks` has one, and so has
/// each schedule of an exploration.
final class JoiningWorld: Sendable {
    private struct Slot {
        weak var executor: AnyObject?
    }

    private let slot = Locked(Slot())

    /// Keeps `executor` as the world, unless the scope has one already.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func adopt(_ executor: VirtualTaskExecutor) {
        slot.withLock { slot in
            if slot.executor == nil { slot.executor = executor }
        }
    }

    /// The world, while it lives.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    var executor: VirtualTaskExecutor? {
        slot.withLock { $0.executor as? VirtualTaskExecutor }
    }
}
