import AppCore
import CombineProbe
import Foundation
import XCTest

// What issue 30 asks of the three order bugs: each is found within its
// stated budget from 100 different base seeds, and the seed of the failing
// schedule replays the same failure 100 times out of 100. The base seed
// orders the schedules that have as many deviations from the default order,
// so each seed tries the simplest schedules in another order.
//
// Under scripts/stress.sh, COMBINEPROBE_STRESS_ITERATIONS sets how many
// times each seed is replayed, and each exploration repeated (100 times
// otherwise, or if it is less).

/// How many times a failing schedule's seed is replayed, and an
/// exploration repeated from one base seed.
let replayRounds = ProcessInfo.processInfo.environment["COMBINEPROBE_STRESS_ITERATIONS"].flatMap { Int($0) }.map { max($0, 100) } ?? 100

/// What exploring a scenario from one base seed found.
struct SeedFinding<Outcome: Hashable>: Hashable {
    let baseSeed: UInt64
    /// The failing schedule's rank, or nil when none failed.
    let number: Int?
    /// The failing schedule's seed, or nil.
    let scheduleSeed: String?
    /// What the failing schedule's run saw.
    let outcome: Outcome?
}

/// Explores `scenario` once per base seed, within `budget` schedules, and
/// tells what each exploration found.
func findings<Outcome: Hashable>(
    seeds: ClosedRange<UInt64> = 1...100, budget: Int, expected: Outcome, _ scenario: () -> Outcome
) -> [SeedFinding<Outcome>] {
    seeds.map { seed in
        var outcome: Outcome?
        let result = ScheduleExploration(schedules: budget, seed: seed).run { _ in
            outcome = scenario()
            return outcome == expected
        }
        let failure = result.failure
        return SeedFinding(
            baseSeed: seed, number: failure?.schedule.number, scheduleSeed: failure?.schedule.seed,
            outcome: failure == nil ? nil : outcome)
    }
}

/// Replays the schedule `seed` ``replayRounds`` times; returns what each
/// replay saw, and whether it failed.
func replays<Outcome: Equatable>(of seed: String, expected: Outcome, _ scenario: () -> Outcome) -> [String] {
    (1...replayRounds).map { _ in
        var outcome: Outcome?
        let result = ScheduleExploration(replaying: seed).run { _ in
            outcome = scenario()
            return outcome == expected
        }
        return "\(result.failure == nil ? "passed" : "failed"): \(outcome.map { "\($0)" } ?? "nothing")"
    }
}

final class OrderBugRobustnessTests: XCTestCase {
    /// The same base seed explores the same schedules, and finds the same
    /// failing one, every time.
    @MainActor
    func testTheSameBaseSeedFindsTheSameFailureEveryTime() {
        func repeated<Outcome: Hashable>(expected: Outcome, budget: Int, _ scenario: () -> Outcome) -> Set<SeedFinding<Outcome>> {
            Set((1...replayRounds).flatMap { _ in findings(seeds: 7...7, budget: budget, expected: expected, scenario) })
        }
        let search = repeated(expected: refinedResults, budget: staleResultsBudget) {
            typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) }
        }
        let checkout = repeated(expected: oneOrder, budget: doubleSubmitBudget) {
            tapTwice { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) }
        }
        let report = repeated(expected: settledAfterCancel, budget: cancelRaceBudget) {
            cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) }
        }
        XCTAssertEqual(search.count, 1, "\(search)")
        XCTAssertEqual(checkout.count, 1, "\(checkout)")
        XCTAssertEqual(report.count, 1, "\(report)")
    }

    func testStaleResultsAreFoundWithinTheBudgetFrom100BaseSeeds() {
        let found = findings(budget: staleResultsBudget, expected: refinedResults) {
            typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) }
        }
        XCTAssertEqual(found.filter { $0.number != nil }.count, 100, "\(found.filter { $0.number == nil })")
        XCTAssertLessThanOrEqual(found.compactMap(\.number).max() ?? .max, staleResultsBudget)
        XCTAssertEqual(Set(found.compactMap(\.outcome)), [["sqlite", "swift"]], "always the results of \"s\"")
        print("stale results: found in 100/100 base seeds, at schedule \(found.compactMap(\.number).max() ?? 0) at the latest")
    }

    func testStaleResultsReplay100TimesOutOf100() throws {
        let seed = try XCTUnwrap(findings(seeds: 1...1, budget: staleResultsBudget, expected: refinedResults) {
            typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) }
        }.first?.scheduleSeed)
        let runs = replays(of: seed, expected: refinedResults) {
            typeThenRefine { QuickSearchModel(service: $0, scheduler: $1) }
        }
        XCTAssertEqual(runs, Array(repeating: "failed: [\"sqlite\", \"swift\"]", count: replayRounds))
    }

    @MainActor
    func testTheDoubleSubmitIsFoundWithinTheBudgetFrom100BaseSeeds() {
        let found = findings(budget: doubleSubmitBudget, expected: oneOrder) {
            tapTwice { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) }
        }
        XCTAssertEqual(found.filter { $0.number != nil }.count, 100, "\(found.filter { $0.number == nil })")
        XCTAssertLessThanOrEqual(found.compactMap(\.number).max() ?? .max, doubleSubmitBudget)
        XCTAssertEqual(Set(found.compactMap(\.outcome?.ordersSent)), [2], "always two orders")
        print("double submit: found in 100/100 base seeds, at schedule \(found.compactMap(\.number).max() ?? 0) at the latest")
    }

    @MainActor
    func testTheDoubleSubmitReplays100TimesOutOf100() throws {
        let seed = try XCTUnwrap(findings(seeds: 1...1, budget: doubleSubmitBudget, expected: oneOrder) {
            tapTwice { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) }
        }.first?.scheduleSeed)
        let runs = replays(of: seed, expected: oneOrder) {
            tapTwice { CheckoutModel(cartID: "cart-7", service: $0, scheduler: $1) }
        }
        let twoOrders = CheckoutOutcome(ordersSent: 2, confirmation: OrderConfirmation(number: "A-1"))
        XCTAssertEqual(runs, Array(repeating: "failed: \(twoOrders)", count: replayRounds))
    }

    func testTheSpinnerLeftOnIsFoundWithinTheBudgetFrom100BaseSeeds() {
        let found = findings(budget: cancelRaceBudget, expected: settledAfterCancel) {
            cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) }
        }
        XCTAssertEqual(found.filter { $0.number != nil }.count, 100, "\(found.filter { $0.number == nil })")
        XCTAssertLessThanOrEqual(found.compactMap(\.number).max() ?? .max, cancelRaceBudget)
        XCTAssertEqual(Set(found.compactMap(\.outcome?.spinner)), [true], "always the spinner left on")
        print("spinner left on: found in 100/100 base seeds, at schedule \(found.compactMap(\.number).max() ?? 0) at the latest")
    }

    func testTheSpinnerLeftOnReplays100TimesOutOf100() throws {
        let seed = try XCTUnwrap(findings(seeds: 1...1, budget: cancelRaceBudget, expected: settledAfterCancel) {
            cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) }
        }.first?.scheduleSeed)
        let runs = replays(of: seed, expected: settledAfterCancel) {
            cancelWhileLoading { ReportLoader(service: $0, scheduler: $1) }
        }
        let spinnerOn = ScreenAfterCancel(spinner: true, reportLandedAfterCancel: false)
        XCTAssertEqual(runs, Array(repeating: "failed: \(spinnerOn)", count: replayRounds))
    }
}
