/// Whether the app can reach the network.
public enum Connectivity: Equatable, Sendable {
    case offline, cellular, wifi
}

/// Reports connectivity changes as an `AsyncStream`, fed by the system's
/// delegate callbacks — the shape of a `NWPathMonitor` or
/// `CLLocationManager` wrapper.
public final class ConnectivityMonitor: Sendable {
    /// Every change, from the first `start()`; the stream ends when the
    /// monitor stops, and stops the monitor when its reader goes away.
    public let updates: AsyncStream<Connectivity>
    private let continuation: AsyncStream<Connectivity>.Continuation
    private let onStop: @Sendable () -> Void

    /// - parameter onStop: Called once monitoring stops, whoever stopped it.
    public init(onStop: @escaping @Sendable () -> Void = {}) {
        (updates, continuation) = AsyncStream.makeStream(of: Connectivity.self)
        self.onStop = onStop
        continuation.onTermination = { _ in onStop() }
    }

    /// The delegate callback: the system saw a change.
    public func pathDidChange(to connectivity: Connectivity) {
        continuation.yield(connectivity)
    }

    /// Stops monitoring: the stream finishes.
    public func stop() {
        continuation.finish()
    }
}
