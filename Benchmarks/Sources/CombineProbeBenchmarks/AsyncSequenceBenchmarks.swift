import CombineProbe
import Dispatch

/// Runs async `body` on a task, and blocks the calling thread until it
/// returns its result.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let result = Box<T>()
    Task.detached {
        result.value = await body()
        done.signal()
    }
    done.wait()
    return result.value!
}

/// Carries a task's result to the thread that waited for it.
// @unchecked Sendable: written once by the task before `signal()`, read
// after `wait()`: the semaphore orders the two accesses.
final class Box<T>: @unchecked Sendable {
    var value: T?
}

/// A stream that holds `n` integers already, and is finished.
func filledStream(_ n: Int) -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in 0..<n { continuation.yield(value) }
    continuation.finish()
    return stream
}

/// The floor: a bare `for await` loop appending the elements of a filled
/// `AsyncStream` to an array.
func iterateStreamIntoArray(_ n: Int) -> UInt64 {
    var best = UInt64.max
    for _ in 0..<5 {
        let stream = filledStream(n)
        let elapsed = runBlocking { () async -> UInt64 in
            let start = now()
            var values: [Int] = []
            for await value in stream { values.append(value) }
            let end = now()
            blackHole(values)
            return end - start
        }
        best = min(best, elapsed)
    }
    return best
}

/// Records a filled `AsyncStream` with `record()`, until the recorder has
/// its completion.
func recordStream(_ n: Int) -> UInt64 {
    var best = UInt64.max
    for _ in 0..<5 {
        let stream = filledStream(n)
        let elapsed = runBlocking { () async -> UInt64 in
            let start = now()
            let recorder = stream.record()
            try? await wait(for: recorder.finished, timeout: 60)
            let end = now()
            blackHole(recorder)
            return end - start
        }
        best = min(best, elapsed)
    }
    return best
}

