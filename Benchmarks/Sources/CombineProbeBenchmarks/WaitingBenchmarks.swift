import CombineProbe
import Foundation
import XCTest

/// A timestamp written by one thread and read by another.
// @unchecked Sendable: its only state, `nanoseconds`, is read and written under `lock`.
final class Stamp: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 0

    var value: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return nanoseconds
    }

    func set(_ value: UInt64) {
        lock.lock()
        nanoseconds = value
        lock.unlock()
    }
}

/// How long an awaited `next()` takes to return after another thread sends
/// the value, over `rounds` rounds. Returns the sorted latencies.
func wakeUpLatencies(rounds: Int) -> [UInt64] {
    var latencies: [UInt64] = []
    latencies.reserveCapacity(rounds)
    for _ in 0..<rounds {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let woke = Stamp()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            _ = try? await wait(for: recorder.next(), timeout: 5)
            woke.set(now())
            done.signal()
        }
        // Leave the task time to start waiting, then send from this thread.
        usleep(1_000)
        let sent = now()
        subject.send(1)
        done.wait()
        latencies.append(woke.value - sent)
    }
    return latencies.sorted()
}

/// The process CPU time, user and system, in seconds.
func processCPUTime() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// The share of one core the process uses while a test awaits an expectation
/// that is never fulfilled, for `seconds` seconds.
func idleWaitCPUShare(seconds: Double) -> (cpu: Double, wall: Double) {
    let recorder = PassthroughSubject<Int, Never>().record()
    let done = DispatchSemaphore(value: 0)
    let cpuBefore = processCPUTime()
    let start = now()
    Task.detached {
        try? await wait(for: recorder.next().inverted, timeout: seconds)
        done.signal()
    }
    done.wait()
    let wall = Double(now() - start) / 1e9
    return (processCPUTime() - cpuBefore, wall)
}

/// The share of one core the process uses while a test blocks in a
/// synchronous `wait(for:timeout:)` that nothing fulfils (an inverted
/// expectation, which ends without a failure), for `seconds` seconds, on the
/// main thread (which keeps its run loop running) or off it.
func blockingWaitCPUShare(seconds: Double, onMainThread: Bool) -> (cpu: Double, wall: Double) {
    let recorder = PassthroughSubject<Int, Never>().record()
    let testCase = BenchmarkTestCase.make()
    let cpuBefore = processCPUTime()
    let start = now()
    if onMainThread {
        try? testCase.wait(for: recorder.next().inverted, timeout: seconds)
    } else {
        let done = DispatchSemaphore(value: 0)
        let box = UncheckedBenchmarkBox((testCase, recorder))
        Thread.detachNewThread {
            try? box.value.0.wait(for: box.value.1.next().inverted, timeout: seconds)
            done.signal()
        }
        done.wait()
    }
    let wall = Double(now() - start) / 1e9
    return (processCPUTime() - cpuBefore, wall)
}

/// An XCTestCase to call `wait(for:timeout:)` on, outside a test run.
final class BenchmarkTestCase: XCTestCase {
    static func make() -> BenchmarkTestCase {
        #if canImport(ObjectiveC)
        BenchmarkTestCase()
        #else
        BenchmarkTestCase(name: "benchmark") { _ in }
        #endif
    }
}

/// Moves the test case and recorder to the thread that waits.
// @unchecked Sendable: only read, by one thread at a time (the waiting one).
struct UncheckedBenchmarkBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
