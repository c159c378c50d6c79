import CoreFoundation
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// watchOS does not allow custom URLProtocol classes: see the #else branch
// of NetworkStub.swift.
#if !os(watchOS)

/// Where a `StubURLProtocol` calls its client: the context of the
/// `startLoading()` that it answers. An answer given later (a delay of real
/// time, a scheduler's action) is handed to that context, never given from
/// the thread where it became due.
///
/// - Apple's URL loading system calls `startLoading()` and `stopLoading()`
///   on a thread of its own, which runs a run loop, and expects the client's
///   calls on that thread, in the modes it runs in (Apple's sample protocol,
///   CustomHTTPProtocol, and OHHTTPStubs do so with
///   `perform(_:on:with:waitUntilDone:modes:)`): ``runLoop(_:)``.
/// - FoundationNetworking calls them on the session's work queue, a
///   dispatch queue with no run loop, whose registry of tasks the client's
///   calls read and change without a lock: ``sessionQueue``. The queue is
///   reached by resuming the running task, which makes the session call
///   `startLoading()` there again.
///
/// Both kinds compile and run on every platform: a protocol that
/// FoundationNetworking made for a task takes the session's queue, any
/// other (Apple's, or one made with a client and no task, as the tests do on
/// Linux) the run loop of the thread that called `startLoading()`.
enum StubLoadingContext: Sendable {
    /// The session's work queue (FoundationNetworking).
    case sessionQueue
    /// The thread that called `startLoading()`, through its run loop.
    case runLoop(StubRunLoop)

    /// Whether the loading system reaches the session's work queue again
    /// when a running task is resumed, and wants its client called there:
    /// FoundationNetworking.
    static let sessionQueueIsReachable: Bool = {
        #if canImport(FoundationNetworking)
        return true
        #else
        return false
        #endif
    }()

    /// The context of the `startLoading()` running on this thread, for a
    /// protocol that has a task (`hasTask`) or not.
    static func current(hasTask: Bool) -> StubLoadingContext {
        sessionQueueIsReachable && hasTask ? .sessionQueue : .runLoop(StubRunLoop.current())
    }
}

/// A thread and its run loop, captured by `startLoading()`, with the modes
/// a block is performed in there: the default mode, and the mode the run
/// loop was running in, when another (the loading system's thread may run
/// in a mode of its own).
///
/// `Sendable`: the thread is only compared by identity, and the run loop is
/// reached from other threads only through `perform(inModes:block:)` and
/// `CFRunLoopWakeUp`, which enqueue a block (`CFRunLoopPerformBlock`) and
/// wake the loop: Core Foundation's run loop is thread-safe, and these two
/// are how a thread hands work to another's run loop.
final class StubRunLoop: Sendable {
    private let thread: UncheckedSendable<Thread>
    private let runLoop: UncheckedSendable<RunLoop>
    private let loop: UncheckedSendable<CFRunLoop>
    /// The modes the blocks are performed in.
    let modes: [RunLoop.Mode]

    private init(thread: Thread, runLoop: RunLoop, loop: CFRunLoop, modes: [RunLoop.Mode]) {
        self.thread = UncheckedSendable(thread)
        self.runLoop = UncheckedSendable(runLoop)
        self.loop = UncheckedSendable(loop)
        self.modes = modes
    }

    /// This thread, its run loop, and the modes: the default one, and the
    /// one the run loop runs in now if another.
    static func current() -> StubRunLoop {
        let runLoop = RunLoop.current
        var modes: [RunLoop.Mode] = [.default]
        if let mode = runLoop.currentMode, mode != .default {
            modes.append(mode)
        }
        return StubRunLoop(thread: Thread.current, runLoop: runLoop, loop: CFRunLoopGetCurrent(), modes: modes)
    }

    /// Whether the calling thread is this one.
    var isCurrent: Bool {
        Thread.current === thread.value
    }

    /// Runs `body` on this thread: at once when called there, otherwise
    /// when its run loop next runs in one of ``modes``, which is woken for
    /// it (enqueuing a block does not wake a run loop).
    func perform(_ body: @escaping @Sendable () -> Void) {
        if isCurrent {
            body()
            return
        }
        runLoop.value.perform(inModes: modes, block: body)
        CFRunLoopWakeUp(loop.value)
    }
}
#endif
