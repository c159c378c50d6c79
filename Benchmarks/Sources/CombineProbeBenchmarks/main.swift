// Usage: swift run -c release --package-path Benchmarks CombineProbeBenchmarks [--smoke]
//
// Prints one table. `--smoke` runs small sizes in a few seconds, so that CI
// checks the benchmarks still build and run; only full runs are meaningful.

let smoke = CommandLine.arguments.contains("--smoke")
let recordSizes = smoke ? [1_000, 10_000] : [10_000, 100_000, 1_000_000]
let consumeSize = smoke ? 10_000 : 100_000

var report = Report()

for n in recordSizes {
    let floor = recordThroughSink(n)
    let recorder = recordThroughRecorder(n)
    report.add("record (Recorder vs sink+append)", n: n, nanoseconds: recorder, baseline: floor, target: "<= 1.3x, flat in n")
}

let recordTime = recordThroughRecorder(consumeSize)
let consumeTime = consumeWithNext(consumeSize)
report.add("consume with next().get() (vs recording)", n: consumeSize, nanoseconds: consumeTime, baseline: recordTime, target: "<= 2x")

print("CombineProbe benchmarks\(smoke ? " (smoke run: sizes too small to judge)" : "")")
report.print()
