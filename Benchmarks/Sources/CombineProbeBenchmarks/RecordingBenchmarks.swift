import CombineProbe

/// Sends `n` values through a `PassthroughSubject` into a `Recorder`.
func recordThroughRecorder(_ n: Int) -> UInt64 {
    fastest(of: 5) {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        for value in 0..<n { subject.send(value) }
        subject.send(completion: .finished)
        blackHole(recorder)
    }
}

/// The floor: sends `n` values through a `PassthroughSubject` into a `sink`
/// that appends them to an array.
func recordThroughSink(_ n: Int) -> UInt64 {
    fastest(of: 5) {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        for value in 0..<n { subject.send(value) }
        subject.send(completion: .finished)
        blackHole(values)
        cancellable.cancel()
    }
}

/// Consumes `n` recorded values one by one with `next().get()`. Only the
/// consumption is timed.
func consumeWithNext(_ n: Int) -> UInt64 {
    var best = UInt64.max
    for _ in 0..<5 {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        for value in 0..<n { subject.send(value) }
        var sum = 0
        let start = now()
        for _ in 0..<n { sum &+= (try? recorder.next().get()) ?? 0 }
        best = min(best, now() - start)
        blackHole(sum)
    }
    return best
}
