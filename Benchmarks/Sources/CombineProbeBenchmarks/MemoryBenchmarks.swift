import CombineProbe

/// Records `n` values and returns, so that `/usr/bin/time -v` can read the
/// peak memory of the process: `--memory recorder N`, `--memory sink N`, or
/// `--memory baseline 0` for the process alone.
func recordForMemory(_ mode: String, _ n: Int) {
    let subject = PassthroughSubject<Int, Never>()
    switch mode {
    case "recorder":
        let recorder = subject.record()
        for value in 0..<n { subject.send(value) }
        blackHole(recorder)
    case "sink":
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        for value in 0..<n { subject.send(value) }
        blackHole(values)
        cancellable.cancel()
    default:
        blackHole(subject)
    }
}
