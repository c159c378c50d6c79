import CombineProbe
import Foundation

/// Time-based operators driven by a virtual scheduler: each scenario builds a
/// pipeline on scripted input, waits in virtual time for it to finish, and
/// compares the timeline. XCTest and Swift Testing run every scenario, both
/// synchronously and with `async`.
struct TimeScenario: CustomStringConvertible {
    let description: String
    /// Builds the pipeline on the scheduler and returns how to wait for it and
    /// check it.
    let build: (VirtualSchedulerOf<DispatchQueue>) -> Run

    /// The scenario with this description.
    static func named(_ name: String) -> TimeScenario {
        all.first { $0.description == name }!
    }

    /// The descriptions of every scenario: Swift Testing's arguments.
    static var names: [String] { all.map(\.description) }

    struct Run {
        let waitSync: () throws -> Void
        let waitAsync: () async throws -> Void
        /// The recorded and the expected timelines, described.
        let timelines: () -> (recorded: String, expected: String)
    }

    /// A scenario whose pipeline finishes: the wait is for `recorder.finished`.
    static func finishing<Output: Equatable, Failure: Error & Equatable>(
        _ name: String,
        expected: [TimedEvent<Output, Failure>],
        _ makePipeline: @escaping (VirtualSchedulerOf<DispatchQueue>) -> AnyPublisher<Output, Failure>
    ) -> TimeScenario {
        TimeScenario(description: name) { scheduler in
            let recorder = makePipeline(scheduler).record(timedBy: scheduler)
            return Run(
                waitSync: { _ = try scheduler.wait(for: recorder.recording, timeout: .seconds(60)) },
                waitAsync: { _ = try await scheduler.wait(for: recorder.recording, timeout: .seconds(60)) },
                timelines: { ("\(recorder.timeline)", "\(expected)") })
        }
    }

    static var all: [TimeScenario] { [
        finishing("debounce: three keystrokes 100 ms apart", expected: [
            .value("swi", at: .milliseconds(510)), .finished(at: .seconds(2)),
        ]) { scheduler in
            scheduler.hotPublisher([
                .value("s", at: .milliseconds(10)), .value("sw", at: .milliseconds(110)),
                .value("swi", at: .milliseconds(210)), .finished(at: .seconds(2)),
            ])
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .eraseToAnyPublisher()
        },
        finishing("throttle, latest", expected: [
            .value("a", at: .milliseconds(10)), .value("c", at: .milliseconds(310)), .finished(at: .seconds(1)),
        ]) { scheduler in
            burst(scheduler).throttle(for: .milliseconds(300), scheduler: scheduler, latest: true).eraseToAnyPublisher()
        },
        finishing("throttle, first", expected: [
            .value("a", at: .milliseconds(10)), .value("b", at: .milliseconds(310)), .finished(at: .seconds(1)),
        ]) { scheduler in
            burst(scheduler).throttle(for: .milliseconds(300), scheduler: scheduler, latest: false).eraseToAnyPublisher()
        },
        finishing("delay", expected: [
            .value(1, at: .milliseconds(260)), .value(2, at: .milliseconds(270)), .finished(at: .milliseconds(280)),
        ]) { scheduler in
            scheduler.hotPublisher([.value(1, at: .milliseconds(10)), .value(2, at: .milliseconds(20)), .finished(at: .milliseconds(30))])
                .delay(for: .milliseconds(250), scheduler: scheduler)
                .eraseToAnyPublisher()
        },
        finishing("timeout, finishing", expected: [
            .value(1, at: .milliseconds(500)), .finished(at: .milliseconds(1500)),
        ]) { scheduler in
            scheduler.hotPublisher([.value(1, at: .milliseconds(500)), .value(2, at: .seconds(5))])
                .timeout(.seconds(1), scheduler: scheduler)
                .eraseToAnyPublisher()
        },
        finishing("timeout, with a custom error", expected: [
            TimedEvent<Int, TestFailure>.failure(TestFailure(), at: .seconds(1)),
        ]) { scheduler in
            scheduler.hotPublisher([TimedEvent<Int, TestFailure>.value(1, at: .seconds(5))])
                .timeout(.seconds(1), scheduler: scheduler, customError: { TestFailure() })
                .eraseToAnyPublisher()
        },
        finishing("measureInterval", expected: [
            .value(100_000_000, at: .milliseconds(100)), .value(250_000_000, at: .milliseconds(350)), .finished(at: .seconds(1)),
        ]) { scheduler in
            scheduler.hotPublisher([.value(1, at: .milliseconds(100)), .value(2, at: .milliseconds(350)), .finished(at: .seconds(1))])
                .measureInterval(using: scheduler)
                .map { Int($0.magnitude) }
                .eraseToAnyPublisher()
        },
        finishing("a repeating schedule: a heartbeat every second", expected: [
            .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .value(3, at: .seconds(3)), .finished(at: .seconds(3)),
        ]) { scheduler in
            Heartbeat(every: .seconds(1), count: 3, scheduler: scheduler).beats
        },
        finishing("retry after a delay", expected: [
            .value("third time lucky", at: .seconds(3)), .finished(at: .seconds(3)),
        ]) { scheduler in
            let attempts = Counter()
            return Deferred { () -> AnyPublisher<String, TestFailure> in
                attempts.increment()
                return attempts.value < 3
                    ? Fail(error: TestFailure()).eraseToAnyPublisher()
                    : Just("third time lucky").setFailureType(to: TestFailure.self).eraseToAnyPublisher()
            }
            .delay(for: .seconds(1), scheduler: scheduler)
            .retry(5)
            .eraseToAnyPublisher()
        },
        finishing("receive(on:)", expected: [
            .value(1, at: .milliseconds(10)), .finished(at: .milliseconds(20)),
        ]) { scheduler in
            scheduler.hotPublisher([.value(1, at: .milliseconds(10)), .finished(at: .milliseconds(20))])
                .receive(on: scheduler)
                .eraseToAnyPublisher()
        },
        finishing("subscribe(on:)", expected: [
            .value(1, at: .milliseconds(10)), .finished(at: .milliseconds(20)),
        ]) { scheduler in
            scheduler.coldPublisher([.value(1, at: .milliseconds(10)), .finished(at: .milliseconds(20))])
                .subscribe(on: scheduler)
                .eraseToAnyPublisher()
        },
    ] + appleOnly }

    /// OpenCombine 0.14 has no `collect(_:options:)` by time: these run on
    /// Apple's Combine only. The Combine-shim lane, whose module named Combine
    /// is OpenCombine, compiles them, and this property, against stand-in
    /// declarations (.ci/combine-shim/Combine/CollectByTime.swift), and does
    /// not run them (``collectByTimeRuns``).
    #if !COMBINEPROBE_OPENCOMBINE
    static var appleOnly: [TimeScenario] { collectByTimeRuns ? collectByTime : [] }
    #else
    static var appleOnly: [TimeScenario] { [] }
    #endif

    /// Whether the `collect(_:options:)` scenarios run: with Apple's
    /// Combine, not with the Combine-shim lane's stand-ins.
    #if COMBINEPROBE_COMBINE_SHIM
    static let collectByTimeRuns = false
    #else
    static let collectByTimeRuns = true
    #endif

    #if !COMBINEPROBE_OPENCOMBINE
    static var collectByTime: [TimeScenario] { [
        finishing("collect(.byTime)", expected: [
            .value([1, 2], at: .seconds(1)), .value([3], at: .seconds(2)), .finished(at: .milliseconds(2500)),
        ]) { scheduler in
            counting(scheduler).collect(.byTime(scheduler, .seconds(1))).eraseToAnyPublisher()
        },
        finishing("collect(.byTimeOrCount)", expected: [
            .value([1, 2], at: .milliseconds(400)), .value([3], at: .milliseconds(1400)), .finished(at: .milliseconds(2500)),
        ]) { scheduler in
            counting(scheduler).collect(.byTimeOrCount(scheduler, .seconds(1), 2)).eraseToAnyPublisher()
        },
    ] }

    private static func counting(_ scheduler: VirtualSchedulerOf<DispatchQueue>) -> ScriptedPublisher<Int, Never> {
        scheduler.hotPublisher([
            .value(1, at: .milliseconds(200)), .value(2, at: .milliseconds(400)), .value(3, at: .milliseconds(1200)),
            .finished(at: .milliseconds(2500)),
        ])
    }
    #endif

    /// "a" alone, then "b" and "c" within one throttle window.
    private static func burst(_ scheduler: VirtualSchedulerOf<DispatchQueue>) -> ScriptedPublisher<String, Never> {
        scheduler.hotPublisher([
            .value("a", at: .milliseconds(10)), .value("b", at: .milliseconds(100)), .value("c", at: .milliseconds(200)),
            .finished(at: .seconds(1)),
        ])
    }
}

/// Production-style code with a repeating schedule: a heartbeat that counts
/// `count` beats of an injected scheduler, then finishes and stops its timer.
struct Heartbeat<S: Scheduler> {
    let beats: AnyPublisher<Int, Never>

    init(every interval: S.SchedulerTimeType.Stride, count: Int, scheduler: S) {
        beats = Deferred { () -> AnyPublisher<Int, Never> in
            let subject = PassthroughSubject<Int, Never>()
            let beats = Counter()
            var timer: (any Cancellable)?
            timer = scheduler.schedule(after: scheduler.now.advanced(by: interval), interval: interval) {
                beats.increment()
                subject.send(beats.value)
                if beats.value == count {
                    subject.send(completion: .finished)
                    timer?.cancel()
                }
            }
            return subject.handleEvents(receiveCancel: { timer?.cancel() }).eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}
