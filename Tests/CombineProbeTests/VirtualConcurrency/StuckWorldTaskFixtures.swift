import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket on 127.0.0.1 that listens but never accepts nor answers: a
/// request to it connects (the system completes the handshake), is sent, and
/// waits for an answer that never comes — nothing leaves the machine, and
/// nothing depends on timing.
final class SilentServer {
    struct SocketError: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed with errno \(code)" }
    }

    private let descriptor: Int32
    /// The port the system chose.
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0 // any free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { let code = errno; _ = close(descriptor); throw SocketError(call: "bind", code: code) }
        guard listen(descriptor, 8) == 0 else { let code = errno; _ = close(descriptor); throw SocketError(call: "listen", code: code) }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { let code = errno; _ = close(descriptor); throw SocketError(call: "getsockname", code: code) }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// A URL on this server.
    var url: URL { URL(string: "http://127.0.0.1:\(port)/user/1")! }

    /// Stops listening.
    func stop() {
        _ = close(descriptor)
    }
}

/// A serial executor on a dispatch queue of its own, which the test can keep
/// busy.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class QueueExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "CombineProbeTests.QueueExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    /// Keeps the queue busy until the returned semaphore is signalled.
    func makeBusy() -> DispatchSemaphore {
        let release = DispatchSemaphore(value: 0)
        queue.async { release.wait() }
        return release
    }
}

/// An actor that runs on a `QueueExecutor`, a thread of its own.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
actor ExecutorBoundCounter {
    let executor: QueueExecutor
    private var count = 0

    init(executor: QueueExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func increment() -> Int {
        count += 1
        return count
    }
}
