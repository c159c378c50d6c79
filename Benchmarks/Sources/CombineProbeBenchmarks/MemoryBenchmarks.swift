import CombineProbe
import Foundation

/// Records `n` values and returns, so that Benchmarks/memory.sh can read the
/// peak memory of the process (`/usr/bin/time -v` on Linux,
/// ``peakResidentKilobytes()`` on macOS): `--memory recorder N`, `--memory
/// sink N`, or `--memory baseline 0` for the process alone. `--memory
/// debounce-tests N` runs the debounce test in virtual time N times in a
/// row instead: what a test leaves behind grows the peak with N.
func recordForMemory(_ mode: String, _ n: Int) {
    if mode == "debounce-tests" {
        for _ in 0..<n { debounceTestBody() }
        return
    }
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

/// The peak resident set size of this process so far, in kilobytes, read
/// from within: on macOS, Benchmarks/memory.sh cannot run the benchmark
/// through `/usr/bin/time`, a protected program, for which the system removes
/// the `DYLD_*` variables that the benchmark needs to find XCTest.
func peakResidentKilobytes() -> Int {
    #if canImport(Darwin)
    let who = RUSAGE_SELF
    #else
    let who = __rusage_who_t(RUSAGE_SELF.rawValue)  // an enum in Glibc
    #endif
    var usage = rusage()
    guard getrusage(who, &usage) == 0 else { return 0 }
    #if canImport(Darwin)
    return Int(usage.ru_maxrss) / 1024  // bytes on macOS
    #else
    return Int(usage.ru_maxrss)  // kilobytes on Linux
    #endif
}
