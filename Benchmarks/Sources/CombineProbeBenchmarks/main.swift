import Foundation
// Usage: swift run -c release --package-path Benchmarks CombineProbeBenchmarks [--smoke]
//        Benchmarks/memory.sh [N]   (peak memory per recorded value, vs a sink)
//
// Prints one table. `--smoke` runs small sizes in a few seconds, so that CI
// checks the benchmarks still build and run; only full runs are meaningful.

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--memory"), arguments.count > index + 2, let n = Int(arguments[index + 2]) {
    // One measurement for Benchmarks/memory.sh; prints nothing.
    recordForMemory(arguments[index + 1], n)
    exit(0)
}

if let index = arguments.firstIndex(of: "--profile"), arguments.count > index + 2, let n = Int(arguments[index + 2]) {
    // One case, once, for an instruction profile (valgrind --tool=callgrind).
    profile(arguments[index + 1], n)
    exit(0)
}

if let index = arguments.firstIndex(of: "--virtual-actions") {
    // Only the virtual scheduler's action rows (see VirtualActionsOnly.swift).
    runVirtualActionsOnly(Array(arguments[(index + 1)...]))
    exit(0)
}

let smoke = arguments.contains("--smoke")
let recordSizes = smoke ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
let consumeSize = smoke ? 10_000 : 100_000

var report = Report()

for n in recordSizes {
    let floor = recordThroughSink(n)
    let recorder = recordThroughRecorder(n)
    report.add("record (Recorder vs sink+append)", n: n, nanoseconds: recorder, baseline: floor, target: "<= 1.3x, flat in n")
}

let streamSize = smoke ? 10_000 : 1_000_000
let bareLoop = iterateStreamIntoArray(streamSize)
let streamRecorder = recordStream(streamSize)
report.add("record an AsyncStream (record() vs for await + append)", n: streamSize, nanoseconds: streamRecorder, baseline: bareLoop, target: "<= 1.2x")

let recordTime = recordThroughRecorder(consumeSize)
let consumeTime = consumeWithNext(consumeSize)
report.add("consume with next().get() (vs recording)", n: consumeSize, nanoseconds: consumeTime, baseline: recordTime, target: "<= 1.0x")

let rounds = smoke ? 100 : 1_000
let latencies = wakeUpLatencies(rounds: rounds)
func microseconds(_ ns: UInt64) -> String { "\((Double(ns) / 100).rounded() / 10) µs" }
func milliseconds(_ ns: UInt64) -> String { "\((Double(ns) / 10_000).rounded() / 100) ms" }
report.addLine("async wait wake-up latency p50 (\(rounds) rounds)", microseconds(latencies[latencies.count / 2]), target: "<= 100 µs")
report.addLine("async wait wake-up latency p90 (\(rounds) rounds)", microseconds(latencies[latencies.count * 9 / 10]), target: "-")

let idleSeconds = smoke ? 0.2 : 1.0
let idle = idleWaitCPUShare(seconds: idleSeconds)
report.addLine("CPU during a \(idleSeconds) s async wait", "\((idle.cpu / idle.wall * 1000).rounded() / 10)% of a core", target: "< 2%")

for onMainThread in [true, false] {
    let blocking = blockingWaitCPUShare(seconds: idleSeconds, onMainThread: onMainThread)
    report.addLine("CPU during a \(idleSeconds) s blocking wait, \(onMainThread ? "main thread (run loop)" : "background thread")",
                   "\((blocking.cpu / blocking.wall * 1000).rounded() / 10)% of a core", target: onMainThread ? "-" : "< 2%")
}

let debounceTest = debounceTestInVirtualTime()
// combine-schedulers' TestScheduler (1.2.2 needs swift-tools 6.4) cannot be
// built here: our absolute figures are printed, for a side-by-side elsewhere.
report.addLine("debounce test, 3 keystrokes 100 ms apart, virtual time", microseconds(debounceTest) + " (vs >= 500 ms real: \(500_000_000 / max(debounceTest, 1))x faster)", target: "<= 0.5x TestScheduler (not built here)")
let timerMilliseconds = smoke ? 60_000 : 3_600_000
let timer = repeatingTimer(milliseconds: timerMilliseconds)
report.addLine("1 ms repeating timer over \(timerMilliseconds / 60_000) virtual min, one advance", milliseconds(timer) + " (\(Double(timer * 100 / UInt64(timerMilliseconds)) / 100) ns per tick)", target: "<= 0.25x TestScheduler (not built here)")
for sleepers in smoke ? [1, 100] : [1, 100, 10_000] {
    let step = asyncAdvanceStep(sleepers: sleepers)
    report.addLine("await advance(by:) waking \(sleepers) sleeping task\(sleepers == 1 ? "" : "s") to quiescence",
                   microseconds(step) + " per step, \(Double(step / UInt64(sleepers)) / 1000) µs per task", target: "-")
}
let invertedWait = invertedWaitInVirtualTime()
report.addLine("inverted wait over 10 virtual s (100 ms ticks)", milliseconds(invertedWait), target: "< 5 ms")

let actionSizes = smoke ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
for scattered in [false, true] {
    let smallest = runScheduledActions(actionSizes[0], scattered: scattered)
    for n in actionSizes {
        let total = n == actionSizes[0] ? smallest : runScheduledActions(n, scattered: scattered)
        let baseline = smallest * UInt64(n) / UInt64(actionSizes[0])
        report.add("virtual scheduler: schedule + run n actions, \(scattered ? "scattered" : "in due order") (vs n=\(actionSizes[0]))",
                   n: n, nanoseconds: total, baseline: baseline, target: scattered ? "<= 400 ns at 1M, <= 1.5x growth" : "<= 150 ns, flat in n")
    }
}

print("CombineProbe benchmarks\(smoke ? " (smoke run: sizes too small to judge)" : "")")
report.print()
