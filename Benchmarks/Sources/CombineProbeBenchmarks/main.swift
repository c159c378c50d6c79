import Foundation
// Usage: swift run -c release --package-path Benchmarks CombineProbeBenchmarks [--smoke]
//        Benchmarks/memory.sh [N]   (peak memory per recorded value, vs a sink)
//
// Prints one table. `--smoke` runs small sizes in a few seconds, so that CI
// checks the benchmarks still build and run; only full runs are meaningful.
// `--exploration [--smoke]` prints only the schedule exploration rows;
// `--hop [--smoke]` only the rows of the hop to the main actor;
// `--joining [--smoke]` only the rows of tasks that join the world;
// `--bugs [--smoke]` only the bug benchmark: schedules to find each planted
// order bug, per strategy;
// `--async-steps [N...] [--dispatch-main]` only the async steps, ours and
// the peers' (`--async-steps-ours`: ours alone), with the main thread in a
// run loop (corelibs XCTest's waits) or parked in `dispatchMain()` (Swift
// Testing's async entry point on Linux).

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--memory"), arguments.count > index + 2, let n = Int(arguments[index + 2]) {
    // One measurement for Benchmarks/memory.sh: prints the peak resident
    // set size in kilobytes, alone on its line.
    recordForMemory(arguments[index + 1], n)
    print(peakResidentKilobytes())
    exit(0)
}

if let index = arguments.firstIndex(of: "--profile"), arguments.count > index + 2, let n = Int(arguments[index + 2]) {
    // One case, once, for an instruction profile (valgrind --tool=callgrind).
    profile(arguments[index + 1], n)
    exit(0)
}

if let index = arguments.firstIndex(where: { $0 == "--async-steps" || $0 == "--async-steps-ours" }) {
    let sizes = Array(arguments[(index + 1)...]).filter { $0 != "--dispatch-main" }
    let withPeers = arguments[index] == "--async-steps"
    guard arguments.contains("--dispatch-main") else {
        runAsyncStepsOnly(sizes, withPeers: withPeers, mainQueue: .runLoop)
        exit(0)
    }
    // The main thread as Swift Testing's async entry point leaves it on
    // Linux: parked in `dispatchMain()`, the main queue drained by
    // dispatch's threads, not by a run loop's turns.
    Thread.detachNewThread {
        runAsyncStepsOnly(sizes, withPeers: withPeers, mainQueue: .dispatchMain)
        exit(0)
    }
    dispatchMain()
}
if let index = arguments.firstIndex(of: "--virtual-actions") {
    // Only the virtual scheduler's action rows (see VirtualActionsOnly.swift).
    runVirtualActionsOnly(Array(arguments[(index + 1)...]))
    exit(0)
}

if arguments.contains("--step-profile") {
    // Only the path of a step, counted (see StepProfileBenchmarks.swift).
    runStepProfile(steps: 100)
    exit(0)
}
let smoke = arguments.contains("--smoke")
if arguments.contains("--hop") {
    // Only the hop rows (see HopBenchmarks.swift).
    var report = Report()
    addHopRows(to: &report, smoke: smoke, steps: smoke ? 3 : 5)
    report.print()
    exit(0)
}
if arguments.contains("--joining") {
    // Only the rows of tasks that join the world (see JoiningBenchmarks.swift).
    var report = Report()
    addJoiningRows(to: &report, smoke: smoke)
    report.print()
    exit(0)
}
if arguments.contains("--bugs") {
    // Only the bug benchmark (see OrderBugBenchmarks.swift).
    runBugBenchmark(smoke: smoke)
    exit(0)
}
if arguments.contains("--exploration") {
    // Only the schedule exploration rows (see ExplorationBenchmarks.swift).
    runExplorationOnly(smoke: smoke)
    exit(0)
}
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

// Virtual time, side by side with the peers: combine-schedulers'
// TestScheduler and swift-clocks' TestClock, measured in this same run.
// Every ratio is ours ÷ peer.
func ratio(_ ours: UInt64, _ peer: UInt64) -> Double { Double(ours) / Double(max(peer, 1)) }

let debounceRounds = 20
let debounceTest = debounceTestInVirtualTime(rounds: debounceRounds)
let debouncePeer = debounceTestWithTestScheduler(rounds: debounceRounds)
report.addVersus("debounce test, 3 keystrokes 100 ms apart (record + wait vs TestScheduler sink + advance)", n: nil,
                 ours: microseconds(debounceTest), peer: microseconds(debouncePeer), ratio: ratio(debounceTest, debouncePeer), target: "<= 0.5x")
// The same test written as the peer's is (sink + advance), on our scheduler:
// what is left is OpenCombine's debounce and subscription code, which every
// version of the test runs, and the scheduler's share.
let debounceSink = debounceTestWithSinkInVirtualTime(rounds: debounceRounds)
report.addVersus("the same debounce test, sink + advance on VirtualScheduler (no recorder, no wait) vs TestScheduler", n: nil,
                 ours: microseconds(debounceSink), peer: microseconds(debouncePeer), ratio: ratio(debounceSink, debouncePeer), target: "-")

let timerMilliseconds = smoke ? 60_000 : 3_600_000
let timer = repeatingTimer(milliseconds: timerMilliseconds)
let timerPeer = repeatingTimerWithTestScheduler(milliseconds: timerMilliseconds)
func perTick(_ ns: UInt64) -> String { "\(milliseconds(ns)) (\(Double(ns * 100 / UInt64(timerMilliseconds)) / 100) ns/tick)" }
report.addVersus("1 ms repeating timer over \(timerMilliseconds / 60_000) virtual min, one advance (vs TestScheduler)", n: timerMilliseconds,
                 ours: perTick(timer), peer: perTick(timerPeer), ratio: ratio(timer, timerPeer), target: "<= 0.25x")

// The peers' async steps yield 20 times per wake-up and sort their queue:
// at 10,000 sleepers a step takes tens of seconds. Each peer stops taking
// steps after a time budget, and a step that has not returned after a cap
// is stopped (its sleepers cancelled): the row then gives a bound.
let stepsAsked = smoke ? 3 : 5
let stepBudget: UInt64 = smoke ? 100_000_000 : 3_000_000_000
let stepCap: UInt64 = smoke ? 1_000_000_000 : 15_000_000_000
for sleepers in smoke ? [1, 10] : [1, 100, 10_000] {
    // Ours twice: with the main actor's round trips (the default), and for
    // a world without main-actor work (mainActorRoundTrips = 0).
    let ourSteps: [(String, UInt64)] = [
        ("ours, main actor included", asyncAdvanceStep(sleepers: sleepers, steps: stepsAsked)),
        ("ours, no main actor", asyncAdvanceStep(sleepers: sleepers, steps: stepsAsked, roundTrips: 0)),
    ]
    let peers: [(String, PeerAdvanceStep?)] = [
        ("combine-schedulers TestScheduler", testSchedulerAdvanceStep(sleepers: sleepers, steps: stepsAsked, budget: stepBudget, cap: stepCap)),
        ("swift-clocks TestClock", testClockAdvanceStep(sleepers: sleepers, steps: stepsAsked, budget: stepBudget, cap: stepCap)),
    ]
    for (ourName, step) in ourSteps {
        let name = "await advance(by:) waking \(sleepers) sleeping task\(sleepers == 1 ? "" : "s"), to quiescence (\(ourName))"
        let ours = microseconds(step) + " per step"
        for (peerName, peer) in peers {
            guard let peer else { continue }
            report.addVersus("\(name) vs \(peerName)", n: sleepers, ours: ours, peer: peer.describe(microseconds),
                             ratio: ratio(step, peer.nanoseconds), qualifier: peer.stopped ? "<= " : "",
                             target: "<= 0.1x (>= 10x faster)" + (peer.stopped ? " (est. \(Report.ratioText(Double(step) / peer.estimatedNanoseconds))x)" : ""))
        }
    }
}
addHopRows(to: &report, smoke: smoke, steps: stepsAsked)
addJoiningRows(to: &report, smoke: smoke)

let invertedWait = invertedWaitInVirtualTime()
report.addLine("inverted wait over 10 virtual s (100 ms ticks)", milliseconds(invertedWait), target: "< 5 ms")

let actionSizes = smoke ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
var actionTimes: [Bool: [Int: UInt64]] = [:]
for scattered in [false, true] {
    let smallest = runScheduledActions(actionSizes[0], scattered: scattered)
    for n in actionSizes {
        let total = n == actionSizes[0] ? smallest : runScheduledActions(n, scattered: scattered)
        actionTimes[scattered, default: [:]][n] = total
        let baseline = smallest * UInt64(n) / UInt64(actionSizes[0])
        report.add("virtual scheduler: schedule + run n actions, \(scattered ? "scattered" : "in due order") (vs n=\(actionSizes[0]))",
                   n: n, nanoseconds: total, baseline: baseline, target: scattered ? "<= 400 ns at 1M, <= 1.5x growth" : "<= 150 ns, flat in n")
    }
}
// Every action due at the same instant: ties, which an exploration
// reorders; outside one they run in scheduling order, as before exploration.
let smallestTied = runTiedActions(actionSizes[0])
for n in actionSizes {
    let total = n == actionSizes[0] ? smallestTied : runTiedActions(n)
    report.add("virtual scheduler: schedule + run n actions due at one instant (vs n=\(actionSizes[0]))",
               n: n, nanoseconds: total, baseline: smallestTied * UInt64(n) / UInt64(actionSizes[0]), target: "unchanged by exploration")
}
// TestScheduler sorts and shifts its whole queue at every action: a run of
// 10k actions takes seconds, of 1M days. A probe estimates the whole run;
// when the estimate is within the limit, a whole run is measured, else the
// row gives a bound (ours ÷ the time the probe ran) and the estimate.
let actionProbeBudget: UInt64 = smoke ? 200_000_000 : 2_000_000_000
let wholeRunLimit: UInt64 = smoke ? 0 : 30_000_000_000
func perAction(_ ns: Double, _ n: Int) -> String { "\((ns / Double(n) * 10).rounded() / 10) ns/action" }
for scattered in [false, true] {
    for n in smoke ? [actionSizes.first!] : [actionSizes.first!, actionSizes.last!] {
        let ours = actionTimes[scattered]![n]!
        let peer = runScheduledActionsWithTestScheduler(n, scattered: scattered, probeBudget: actionProbeBudget, wholeRunLimit: wholeRunLimit)
        let name = "schedule + run n actions, \(scattered ? "scattered" : "in due order") (vs TestScheduler)"
        if peer.finished {
            report.addVersus(name, n: n, ours: perAction(Double(ours), n),
                             peer: perAction(Double(peer.nanoseconds), n) + " (whole run \(milliseconds(peer.nanoseconds)); probe's est. \(milliseconds(UInt64(peer.estimatedNanoseconds))))",
                             ratio: ratio(ours, peer.nanoseconds), target: "-")
        } else {
            let estimate = peer.estimatedNanoseconds
            report.addVersus(name, n: n, ours: perAction(Double(ours), n),
                             peer: "stopped after \(milliseconds(peer.nanoseconds)) with \(peer.ran) of \(n) run: >= \(perAction(Double(peer.nanoseconds), n)), est. \(perAction(estimate, n)) (whole run ~\(Int((estimate / 1e9).rounded())) s)",
                             ratio: ratio(ours, peer.nanoseconds), qualifier: "<= ", target: "- (est. \(Report.ratioText(Double(ours) / estimate))x)")
        }
    }
}

// Schedule exploration: an explored schedule vs a plain run of the same
// test, 200 schedules of a search test, ties at one instant.
addExplorationRows(to: &report, smoke: smoke)

print("CombineProbe benchmarks\(smoke ? " (smoke run: sizes too small to judge)" : "")")
report.print()
