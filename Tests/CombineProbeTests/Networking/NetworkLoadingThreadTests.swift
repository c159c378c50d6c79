@testable import CombineProbe
import CoreFoundation
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

// watchOS does not allow custom URLProtocol classes: NetworkStub is
// unavailable there.
#if !os(watchOS)

/// The stub's protocol calls its client on the thread that called
/// `startLoading()`, as Apple's URL loading system requires, also when the
/// answer becomes due elsewhere (a delay of real time, a scheduler's
/// action); a `stopLoading()` on that thread before the answer is performed
/// there stops it.
///
/// The protocol is driven as Apple's loading system drives it: made with a
/// client and no task, started and stopped on a thread of its own that runs
/// a run loop. On Linux this takes the same path (`StubLoadingContext`'s
/// run loop) as on Apple platforms; a protocol that FoundationNetworking
/// makes for a task takes the session's queue instead, which the other
/// networking tests cover.
final class NetworkLoadingThreadTests: XCTestCase {
    private static let url = "https://api.example.com/user/1"
    /// A run loop mode of the tests' own.
    private static let loadingMode = RunLoop.Mode("CombineProbeTests.loading")

    func testADelayedAnswerCallsTheClientOnTheLoadingThread() throws {
        let loading = Loading(answering: .json(#"{"id": 1}"#).delayed(by: 0.02))
        defer { loading.thread.stop() }
        let (network, thread, client, stubProtocol) = (loading.network, loading.thread, loading.client, loading.stubProtocol)

        thread.run { stubProtocol.value.startLoading() }
        XCTAssertEqual(client.finished.wait(timeout: .now() + 10), .success, "the delayed answer never came")

        XCTAssertEqual(client.calls.map(\.name), ["response 200", "data 9 bytes", "finished"])
        XCTAssertEqual(client.calls.filter { !$0.onTheLoadingThread(thread) }.map(\.name), [])
        withExtendedLifetime(network) {}
    }

    func testAnAnswerInVirtualTimeCallsTheClientOnTheLoadingThreadInItsMode() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        // A loading thread whose run loop runs in a mode of its own, as the
        // loading system's may: the answer is performed in that mode too.
        let loading = Loading(answering: .status(204).delayed(by: .milliseconds(100), on: scheduler), mode: Self.loadingMode)
        defer { loading.thread.stop() }
        let (network, thread, client, stubProtocol) = (loading.network, loading.thread, loading.client, loading.stubProtocol)

        thread.run { stubProtocol.value.startLoading() }
        XCTAssertEqual(client.calls.map(\.name), [], "answered before the scheduler's time")
        // The scheduler's action runs here, on the test's thread: it hands
        // the answer to the loading thread and waits until it landed.
        scheduler.advance(by: .milliseconds(100))

        XCTAssertEqual(client.calls.map(\.name), ["response 204", "finished"])
        XCTAssertEqual(client.calls.filter { !$0.onTheLoadingThread(thread) }.map(\.name), [])
        withExtendedLifetime(network) {}
    }

    func testStopLoadingOnTheLoadingThreadBeforeTheAnswerIsDueStopsIt() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let loading = Loading(answering: .status(204).delayed(by: .milliseconds(100), on: scheduler))
        defer { loading.thread.stop() }
        let (network, thread, client, stubProtocol) = (loading.network, loading.thread, loading.client, loading.stubProtocol)

        thread.run { stubProtocol.value.startLoading() }
        thread.run { stubProtocol.value.stopLoading() }
        scheduler.advance(by: .milliseconds(100))

        XCTAssertEqual(client.calls.map(\.name), [])
        withExtendedLifetime(network) {}
    }

    /// The answer becomes due while the loading thread is busy, and the
    /// loading stops there before that thread is free: whichever comes
    /// first, the hand-off or the stop, the client hears nothing, and the
    /// scheduler's action, which waits until the answer landed or cannot,
    /// is let go at once (no late landing).
    func testStopLoadingOnTheLoadingThreadWhileTheAnswerIsOnItsWayStopsIt() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let loading = Loading(answering: .status(204).delayed(by: .milliseconds(100), on: scheduler))
        defer { loading.thread.stop() }
        let (network, thread, client, stubProtocol) = (loading.network, loading.thread, loading.client, loading.stubProtocol)
        thread.run { stubProtocol.value.startLoading() }
        let lateLandings = StubURLProtocol.lateLandings.withLock { $0 }

        let gate = DispatchSemaphore(value: 0)
        thread.runLater {
            gate.wait()
            stubProtocol.value.stopLoading()
        }
        let advanced = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            scheduler.advance(by: .milliseconds(100))
            advanced.signal()
        }
        gate.signal()
        XCTAssertEqual(advanced.wait(timeout: .now() + 10), .success, "the scheduler's action never ended")

        XCTAssertEqual(client.calls.map(\.name), [])
        XCTAssertEqual(StubURLProtocol.lateLandings.withLock { $0 }, lateLandings)
        withExtendedLifetime(network) {}
    }

    func testTheRunLoopContextPerformsOnItsThreadInTheModesItRanIn() throws {
        let thread = LoadingThread(mode: Self.loadingMode)
        defer { thread.stop() }
        let captured = Locked<StubRunLoop?>(nil)
        thread.run { captured.withLock { $0 = StubRunLoop.current() } }
        let context = try XCTUnwrap(captured.withLock { $0 })
        XCTAssertEqual(context.modes, [.default, Self.loadingMode])
        XCTAssertFalse(context.isCurrent)

        let ran = DispatchSemaphore(value: 0)
        let onThread = Locked(false)
        context.perform {
            onThread.withLock { $0 = thread.isCurrent }
            ran.signal()
        }
        XCTAssertEqual(ran.wait(timeout: .now() + 10), .success, "the run loop was not woken for the block")
        XCTAssertTrue(onThread.withLock { $0 })
    }

    /// A stub answering a GET of ``url`` with a response, a loading thread,
    /// and a protocol of the stub's class made with a recording client and
    /// no task: what each test loads with. The test stops the thread.
    private struct Loading {
        let network = NetworkStub()
        let thread: LoadingThread
        let client = RecordingClient()
        let stubProtocol: UncheckedSendable<StubURLProtocol>

        init(answering response: StubResponse, mode: RunLoop.Mode = .default) {
            network.stub(NetworkLoadingThreadTests.url, with: response)
            thread = LoadingThread(mode: mode)
            stubProtocol = NetworkLoadingThreadTests.makeProtocol(for: network, client: client)
        }
    }

    /// A protocol of `network`'s class, for a GET of ``url``, made with
    /// `client` and no task.
    private static func makeProtocol(for network: NetworkStub, client: RecordingClient) -> UncheckedSendable<StubURLProtocol> {
        func make<Index: SlotIndex>(_: Index.Type) -> StubURLProtocol {
            SlotStubURLProtocol<Index>(request: URLRequest(url: URL(string: url)!), cachedResponse: nil, client: client)
        }
        return UncheckedSendable(make(SlotNumber.type(for: network.slot)))
    }
}

/// A thread that runs its run loop until stopped, as the URL loading
/// system's own thread does on Apple platforms.
private final class LoadingThread: Sendable {
    private let loop = Locked<UncheckedSendable<CFRunLoop>?>(nil)
    private let runLoop = Locked<UncheckedSendable<RunLoop>?>(nil)
    private let thread = Locked<UncheckedSendable<Thread>?>(nil)
    private let stopped = Locked(false)
    private let exited = DispatchSemaphore(value: 0)
    /// The only mode the run loop runs in.
    let mode: RunLoop.Mode

    init(mode: RunLoop.Mode = .default) {
        self.mode = mode
        let started = DispatchSemaphore(value: 0)
        let newThread = Thread { [self] in
            loop.withLock { $0 = UncheckedSendable(CFRunLoopGetCurrent()) }
            runLoop.withLock { $0 = UncheckedSendable(RunLoop.current) }
            // A timer far away keeps the run loop from returning at once for
            // want of a source.
            RunLoop.current.add(Timer(timeInterval: 1_000_000, repeats: true) { _ in }, forMode: mode)
            started.signal()
            while !stopped.withLock({ $0 }) {
                _ = RunLoop.current.run(mode: mode, before: .distantFuture)
            }
            exited.signal()
        }
        thread.withLock { $0 = UncheckedSendable(newThread) }
        newThread.start()
        started.wait()
    }

    var isCurrent: Bool {
        Thread.current === thread.withLock { $0?.value }
    }

    /// Runs `body` on the thread, and returns once it ran.
    func run(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        runLater {
            body()
            done.signal()
        }
        done.wait()
    }

    /// Runs `body` on the thread, after what it was given before, and
    /// returns at once.
    func runLater(_ body: @escaping @Sendable () -> Void) {
        runLoop.withLock { $0!.value }.perform(inModes: [mode], block: body)
        CFRunLoopWakeUp(loop.withLock { $0!.value })
    }

    /// Ends the thread's loop, and waits until the thread is done.
    func stop() {
        stopped.withLock { $0 = true }
        CFRunLoopStop(loop.withLock { $0!.value })
        exited.wait()
    }
}

/// A URL loading client that records what it is told, and on which thread.
private final class RecordingClient: NSObject, URLProtocolClient, Sendable {
    struct Call {
        let name: String
        let thread: UncheckedSendable<Thread>

        func onTheLoadingThread(_ loadingThread: LoadingThread) -> Bool {
            thread.value === loadingThread.threadForComparison
        }
    }

    private let recorded = Locked<[Call]>([])
    /// Signalled when loading finished or failed.
    let finished = DispatchSemaphore(value: 0)

    var calls: [Call] { recorded.withLock { $0 } }

    private func record(_ name: String) {
        recorded.withLock { $0.append(Call(name: name, thread: UncheckedSendable(Thread.current))) }
    }

    func urlProtocol(_ protocol: URLProtocol, wasRedirectedTo request: URLRequest, redirectResponse: URLResponse) {
        record("redirected")
    }

    func urlProtocol(_ protocol: URLProtocol, cachedResponseIsValid cachedResponse: CachedURLResponse) {
        record("cached")
    }

    func urlProtocol(_ protocol: URLProtocol, didReceive response: URLResponse, cacheStoragePolicy policy: URLCache.StoragePolicy) {
        record("response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    }

    func urlProtocol(_ protocol: URLProtocol, didLoad data: Data) {
        record("data \(data.count) bytes")
    }

    func urlProtocolDidFinishLoading(_ protocol: URLProtocol) {
        record("finished")
        finished.signal()
    }

    func urlProtocol(_ protocol: URLProtocol, didFailWithError error: any Error) {
        record("failed")
        finished.signal()
    }

    func urlProtocol(_ protocol: URLProtocol, didReceive challenge: URLAuthenticationChallenge) {
        record("challenge")
    }

    func urlProtocol(_ protocol: URLProtocol, didCancel challenge: URLAuthenticationChallenge) {
        record("challenge cancelled")
    }
}

extension LoadingThread {
    fileprivate var threadForComparison: Thread? {
        thread.withLock { $0?.value }
    }
}
#endif
