// The exploration's report, in one place: what a result says (its
// coverage, a failing schedule and how to replay it), and how the test
// functions hand it to the framework that runs the test.

extension ExplorationFailure {
    /// The report of the exploration that found it: the schedule, its seed
    /// and the base seed, what it did differently from the default order,
    /// and how to replay it.
    public var description: String {
        var lines: [String] = []
        if exploration.replaying != nil {
            lines.append("The replayed schedule (seed \(schedule.seed)) failed.")
        } else if schedule.isDefault {
            lines.append("The default schedule failed: the test fails without exploring.")
        } else {
            let shard = exploration.shard.count > 1 ? " in shard \(exploration.shard)" : ""
            lines.append("Schedule \(schedule.number) of at most \(exploration.schedules)\(shard) failed "
                + "(seed \(schedule.seed); base seed 0x\(String(exploration.seed, radix: 16))).")
        }
        if let error { lines.append("It threw \(error).") }
        if !deviations.isEmpty {
            let count = deviations.count
            lines.append("It differs from the default order in \(count) choice\(count == 1 ? "" : "s"):")
            lines += deviations.map { "  - \($0)" }
            if exploration.replaying == nil, exploration.strategy == .fewestDeviationsFirst {
                lines.append(exploration.shard.count > 1
                    ? "Every schedule of shard \(exploration.shard) with fewer differences passed."
                    : "Every schedule with fewer differences passed.")
            }
        }
        if let mismatch {
            lines.append("The schedule could not be followed exactly (\(mismatch)): the test does something "
                + "the virtual world does not order, such as real threads or real time.")
        }
        if let uncontrolled {
            lines.append("While it ran, \(uncontrolled): the seed may not replay.")
        }
        if !schedule.isDefault {
            let sameOrders = exploration.orders == .default ? "" : " (with the same `exploring:`)"
            lines.append("Replay it with `replaying: \"\(schedule.seed)\"`, or \(ScheduleExploration.replayVariable)=\(schedule.seed) "
                + "in the environment\(sameOrders).")
        }
        return lines.joined(separator: "\n")
    }

    /// The same words as ``description``: an optional failure, printed by
    /// an assertion, shows them too.
    public var debugDescription: String { description }
}

extension ExplorationResult {
    /// A summary: what ran, and for a failure, what it did and how to replay
    /// it.
    public var report: String {
        if let invalidInput { return invalidInput }
        if let nondeterminism {
            return "The exploration stopped after \(schedulesRun) schedule\(schedulesRun == 1 ? "" : "s"): "
                + "\(nondeterminism). The test does something the virtual world does not order — a task started "
                + "outside its world, real threads or real time — so its schedules may not replay."
        }
        guard let failure else {
            if let replaying = exploration.replaying {
                let from = exploration.replayChosenBy.map { ", chosen by \($0)" } ?? ""
                guard let replayMismatch else { return "The replayed schedule (seed \(replaying)\(from)) passed." }
                return "The replayed schedule (seed \(replaying)\(from)) passed. "
                    + ExplorationReport.mismatchMessage(replayMismatch, of: replaying, given: true)
            }
            return coverage

        }
        return failure.description
    }

    /// What the passing schedules covered, in the same words for the same
    /// seed in every run: "Covered every schedule (6 distinct orders): all
    /// passed." when every schedule the test can take ran; otherwise how
    /// many ran, of at least how many, and why the others did not.
    var coverage: String {
        var strategyNote = exploration.strategy == .fewestDeviationsFirst ? "" : " Strategy: \(exploration.strategy)."
        if exploration.strategy == .pct { strategyNote = " Strategy: pct, depth \(exploration.pctDepth)." }
        let schedules = "\(schedulesRun) schedule\(schedulesRun == 1 ? "" : "s")"
        if exploration.shard.count > 1 {
            return shardCoverage(schedules, strategyNote)
        }
        if let pct, !coveredEverySchedule {
            return "\(schedules) passed\(schedulesRun == exploration.schedules ? " (the budget" : " (")"
                + "\(schedulesRun == exploration.schedules ? "; " : "")\(pct.distinct) distinct "
                + "order\(pct.distinct == 1 ? "" : "s")). \(pct.words)"
        }
        if coveredEverySchedule {
            return schedulesRun == 1
                ? "Covered every schedule (1 distinct order): the body met no choice, so it is the only schedule the "
                    + "test can take.\(strategyNote)"
                : "Covered every schedule (\(schedulesRun) distinct orders): all passed.\(strategyNote)"
        }
        if schedulesRun < exploration.schedules {
            return "\(schedules) passed; more than \(ActionQueue.tieWindow) actions were due at one instant, and a "
                + "choice looks at the first \(ActionQueue.tieWindow) only: some orders were not offered.\(strategyNote)"
        }
        let known = schedulesRun + knownRemaining
        return "\(schedules) passed (the budget), of at least \(known): more remain unexplored.\(strategyNote)"
    }

    /// ``coverage``, for one shard of an exploration.
    private func shardCoverage(_ schedules: String, _ strategyNote: String) -> String {
        let shard = "Shard \(exploration.shard)"
        if defaultFailedInAnotherShard {
            return "\(shard): the default schedule failed, which shard 0/\(exploration.shard.count) reports; this "
                + "shard ran none of its own schedules.\(strategyNote)"
        }
        if coveredEverySchedule {
            return "\(shard) covered every schedule of its slice (\(schedules)): all passed.\(strategyNote)"
        }
        if let pct {
            return "\(shard): \(schedules) passed (\(pct.distinct) distinct order\(pct.distinct == 1 ? "" : "s")). "
                + pct.words
        }
        if schedulesRun < exploration.schedules {
            return "\(shard): \(schedules) passed; more than \(ActionQueue.tieWindow) actions were due at one "
                + "instant, and a choice looks at the first \(ActionQueue.tieWindow) only: some orders were not "
                + "offered.\(strategyNote)"
        }
        let known = schedulesRun + knownRemaining
        return "\(shard): \(schedules) passed (the budget), of at least \(known) in its slice: more remain "
            + "unexplored.\(strategyNote)"
    }
}

/// How the test-facing explorations report what they found.
enum ExplorationReport {
    /// The schedule to run again for real, after a report.
    struct Replay {
        let schedule: ExploredSchedule
        let path: SchedulePath
        /// The choice points the schedule met when it failed: the replay
        /// compares its own with them.
        let points: [ScheduleChoices.Point]
    }

    /// Reports a failing schedule (or why nothing ran, or a replay gone
    /// astray) at `site`, and returns the schedule to run again for real, if
    /// one must: when the failing schedule's own failures were not recorded
    /// (`failuresRecorded` false: they were known issues).
    static func report(
        _ result: ExplorationResult, at site: CallSite, in framework: TestFramework, failuresRecorded: Bool = false
    ) -> Replay? {
        if let invalidInput = result.invalidInput {
            FailureReporter.fail(invalidInput, at: site, in: framework)
            return nil
        }
        if result.nondeterminism != nil {
            FailureReporter.fail(result.report, at: site, in: framework)
            return nil
        }
        if let seed = result.exploration.replaying {
            // A replayed schedule ran for real: its issues are recorded
            // already, but not what it threw, nor a replay gone astray,
            // passing or failing.
            if let error = result.failure?.error { reportThrown(error, at: site, in: framework) }
            if let mismatch = result.replayMismatch {
                FailureReporter.fail(mismatchMessage(mismatch, of: seed, given: true), at: site, in: framework)
            }
            return nil
        }
        guard let failure = result.failure else { return nil }
        FailureReporter.fail(result.report, at: site, in: framework)
        guard !failuresRecorded, let path = SchedulePath.parse(failure.schedule.seed) else { return nil }
        return Replay(schedule: failure.schedule, path: path, points: failure.points)
    }

    /// Reports an error a schedule threw.
    static func reportThrown(_ error: any Error, at site: CallSite, in framework: TestFramework) {
        reportThrown("\(error)", at: site, in: framework)
    }

    /// Reports an error a schedule threw, described.
    static func reportThrown(_ error: String, at site: CallSite, in framework: TestFramework) {
        FailureReporter.fail("The schedule threw an error: \(error)", at: site, in: framework)
    }

    /// Reports a replay, of a failing schedule just found, that met other
    /// choices than its schedule's.
    static func reportMismatch(_ choices: ScheduleChoices, at site: CallSite, in framework: TestFramework) {
        guard let mismatch = choices.mismatch else { return }
        var message = mismatchMessage(mismatch, of: choices.path.description, given: false)
        if let uncontrolled = UncontrolledArrivals.describe(choices) { message += " While it ran, \(uncontrolled)." }
        FailureReporter.fail(message, at: site, in: framework)
    }

    /// Says that the schedule `seed` did not replay exactly. A seed `given`
    /// to replay may be wrong; a seed just found is right, and the test is
    /// not deterministic.
    static func mismatchMessage(_ mismatch: String, of seed: String, given: Bool) -> String {
        let cause = "the test does something the virtual world does not order, such as real threads or real time"
        guard given else {
            return "The schedule \(seed) did not replay exactly (\(mismatch)): \(cause), so its failures may not come back."
        }
        return "The schedule \(seed) did not replay exactly (\(mismatch)). Check the seed: copy it from this test's "
            + "failure report, and replay with the same `exploring:`. If it is right, \(cause), and its failures "
            + "may not come back."
    }

    /// Reports a call made where no test can be told.
    static func reportOutsideTests(at site: CallSite) {
        FailureReporter.fail(
            "exploreSchedules(_:) explores in a Swift Testing test; in an XCTestCase, call the test case's method "
                + "(self.exploreSchedules). The body ran once, in the default order.",
            at: site)
    }
}
