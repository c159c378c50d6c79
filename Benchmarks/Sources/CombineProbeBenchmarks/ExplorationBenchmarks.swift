import CombineProbe
import Foundation

// Schedule exploration (issue 30): what one explored schedule costs beside
// one plain run of the same test body, what 200 schedules of a search test
// take, and what exploring costs where a test has many ties.

/// The mock latency the exploration rows explore: each answer comes 50 ms
/// or 500 ms after its call (one binary choice per search), 50 ms when
/// nothing is explored.
func latencyRange(_ scheduler: VirtualSchedulerOf<DispatchQueue>) -> MockDelivery {
    .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
}

/// An exploration of the search test with `queries` queries (2^queries
/// schedules), up to `schedules` of them: nanoseconds, the fastest of
/// `rounds` (each round runs `explorations` explorations), with the number
/// of schedules one exploration ran and whether it covered the space.
func searchTestExplored(
    queries: Int, schedules: Int, explorations: Int = 1, rounds: Int
) -> (nanoseconds: UInt64, schedulesRun: Int, covered: Bool) {
    let texts = searchQueries(queries)
    var schedulesRun = 0
    var covered = false
    let total = fastest(of: rounds) {
        for _ in 0..<explorations {
            let result = ScheduleExploration(schedules: schedules, seed: 1).run { _ in
                searchTestBody(queries: texts, delivery: latencyRange)
            }
            precondition(result.failure == nil, result.report)
            schedulesRun = result.schedulesRun
            covered = result.coveredEverySchedule
        }
    }
    return (total, schedulesRun, covered)
}

/// `n` actions due at one instant, the scheduler made inside a one-schedule
/// exploration: the default schedule (every tie takes its first option),
/// so they run in the same order as outside. The fastest of `rounds`, in
/// nanoseconds, the exploration's bookkeeping included.
func runTiedActionsInOneSchedule(_ n: Int, rounds: Int) -> UInt64 {
    fastest(of: rounds) {
        let result = ScheduleExploration(schedules: 1, seed: 1).run { schedule in
            precondition(schedule.isDefault)
            tiedActions(n)
            return true
        }
        precondition(result.schedulesRun == 1)
    }
}

/// The debounce test, explored alone: an exploration of up to 200
/// schedules whose space is one schedule (no mock, no ties), which it
/// covers.
func debounceTestExploredAlone() {
    let result = ScheduleExploration(schedules: 200, seed: 1).run { _ in
        debounceTestBody()
        return true
    }
    precondition(result.schedulesRun == 1 && result.coveredEverySchedule)
}

/// `--exploration [--smoke]`: only the exploration rows.
func runExplorationOnly(smoke: Bool) {
    var report = Report()
    addExplorationRows(to: &report, smoke: smoke)
    report.print()
}

/// Adds the exploration rows to `report`.
func addExplorationRows(to report: inout Report, smoke: Bool) {
    let rounds = smoke ? 2 : 7
    let runs = smoke ? 16 : 200

    // One explored schedule vs one plain run of the same body (target: at
    // most 1.1x, issue 43; 2x before). With 3 queries the space is 8 schedules, which one
    // exploration covers: a round runs runs/8 explorations. With 8 queries
    // (256 schedules), one exploration of `runs` schedules. Both sides run
    // `runs` times; the plain runs take the default order (every answer
    // after 50 ms), the explored ones every order in turn.
    for queries in smoke ? [3] : [3, 8] {
        let space = 1 << queries
        let schedules = min(space, runs)
        let explorations = runs / schedules
        // The two sides take turns, a round each, so that both meet the
        // same machine (see `fastestInTurns`).
        var plain = Double.infinity
        var explored = (nanoseconds: UInt64.max, schedulesRun: 0, covered: false)
        for _ in 0..<(smoke ? rounds : 3 * rounds) {
            plain = min(plain, searchTestPlain(queries: queries, runs: runs, rounds: 1, delivery: latencyRange))
            let round = searchTestExplored(queries: queries, schedules: schedules, explorations: explorations, rounds: 1)
            if round.nanoseconds < explored.nanoseconds { explored = round }
        }
        let perSchedule = Double(explored.nanoseconds) / Double(explorations * explored.schedulesRun)
        let shape = explorations == 1
            ? "1 exploration of \(explored.schedulesRun) of \(space) schedules"
            : "\(explorations) explorations of \(explored.schedulesRun) schedules\(explored.covered ? " (space covered)" : "")"
        report.addVersus(
            "search test, \(queries) queries, latency 50...500 ms: one explored schedule (\(shape)) vs one plain run",
            n: explorations * explored.schedulesRun,
            ours: "\(microseconds(UInt64(perSchedule))) per schedule", peer: "\(microseconds(UInt64(plain))) per run",
            ratio: perSchedule / plain, target: "<= 1.1x")
    }

    // A small test with no choice point (the debounce test: no mock, no
    // ties): its space is one schedule, so an exploration runs it once, and
    // what an exploration costs apart from its schedules weighs on it whole.
    // The two sides take turns, so that both meet the same machine.
    let (debouncePlain, debounceExplored) = fastestInTurns(of: smoke ? rounds : 3 * rounds) {
        for _ in 0..<runs { debounceTestBody() }
    } _: {
        for _ in 0..<runs { debounceTestExploredAlone() }
    }
    // A debounce row: the explored side against a baseline, per run.
    func addDebounceRow(_ name: String, explored: UInt64, baseline: UInt64, target: String) {
        report.addVersus(
            name, n: runs, ours: microseconds(explored / UInt64(runs)), peer: microseconds(baseline / UInt64(runs)),
            ratio: Double(explored) / Double(max(baseline, 1)), target: target)
    }
    addDebounceRow(
        "debounce test (no choice point, 1 schedule): exploring it (exploration of 200, space covered) vs one plain run",
        explored: debounceExplored, baseline: debouncePlain, target: "<= 2x")

    // The same, with the exploration's fixed cost on both sides: each plain
    // run is followed by an exploration of an empty body (a space of one
    // schedule). What remains is what exploring costs a schedule: the
    // schedule's choices, the world offered to them, the schedule read at
    // each choice point (issue 43: "an explored schedule costs at most 1.1x
    // a plain run"). The row above adds, once per exploration, its setup:
    // the settings read from the environment, the strategy, the result.
    let (plainAndSetup, exploredAgain) = fastestInTurns(of: smoke ? rounds : 3 * rounds) {
        for _ in 0..<runs {
            debounceTestBody()
            let setup = ScheduleExploration(schedules: 200, seed: 1).run { _ in true }
            precondition(setup.schedulesRun == 1)
        }
    } _: {
        for _ in 0..<runs { debounceTestExploredAlone() }
    }
    addDebounceRow(
        "debounce test explored alone vs a plain run and an empty exploration (the exploration's setup on both sides)",
        explored: exploredAgain, baseline: plainAndSetup, target: "<= 1.1x")

    // 200 schedules of the search test, wall time (target: under 0.5 s).
    // The space must hold 200: 8 queries, 256 schedules.
    let budget = smoke ? 20 : 200
    let whole = searchTestExplored(queries: 8, schedules: budget, rounds: rounds)
    report.addLine(
        "\(whole.schedulesRun) schedules of the search test (8 queries, \(whole.covered ? "space covered" : "of 256")), whole exploration",
        milliseconds(whole.nanoseconds), target: smoke ? "-" : "< 500 ms")
    let small = searchTestExplored(queries: 3, schedules: 200, rounds: rounds)
    report.addLine(
        "a 200-schedule exploration of the search test with 3 queries (\(small.schedulesRun) schedules\(small.covered ? ", space covered" : ""))",
        milliseconds(small.nanoseconds), target: "-")

    // Exploring off: the same search test with a fixed 50 ms latency (no
    // range) and no exploration, as every test before exploration: compare
    // with a build from before it.
    let fixed = searchTestWithFixedLatency(queries: 3, runs: runs, rounds: rounds)
    report.addLine("search test, 3 queries, fixed latency .after(50 ms), plain run (unchanged by exploration)",
                   microseconds(UInt64(fixed)), target: "-")

    // What an exploration costs apart from its schedules: an empty body.
    let empty = fastest(of: rounds * 10) {
        let result = ScheduleExploration(schedules: 1, seed: 1).run { _ in true }
        precondition(result.schedulesRun == 1)
    }
    report.addLine("ScheduleExploration(schedules: 1).run with an empty body (fixed cost of an exploration)",
                   microseconds(empty), target: "-")

    // Ties at one instant, the scheduler made inside a one-schedule
    // exploration (default order) vs outside: every tie is a choice point
    // there, even in the default schedule.
    for n in smoke ? [10, 100] : [10, 100, 1_000] {
        let outside = runTiedActions(n, rounds: rounds)
        let inside = runTiedActionsInOneSchedule(n, rounds: rounds)
        report.addVersus(
            "n actions due at one instant, run inside a 1-schedule exploration (default order) vs outside",
            n: n, ours: microseconds(inside), peer: microseconds(outside),
            ratio: Double(inside) / Double(max(outside, 1)), target: "-")
    }
}
