import Foundation

/// How many rounds the repetition tests run: `COMBINEPROBE_STRESS_ITERATIONS`,
/// or 50.
let stressRounds = ProcessInfo.processInfo.environment["COMBINEPROBE_STRESS_ITERATIONS"].flatMap { Int($0) }.map { max($0, 1) } ?? 50

/// One round whose result differed from the expected one.
struct DifferentRound: Equatable, CustomStringConvertible {
    let round: Int
    let result: [String]

    var description: String { "round \(round) gave \(result)" }
}

/// Runs `body` ``stressRounds`` times; returns the first round whose result
/// is not `expected`, or nil when every round gave it.
func firstDifferentRound(from expected: [String], _ body: () async -> [String]) async -> DifferentRound? {
    for round in 1...stressRounds {
        let result = await body()
        if result != expected { return DifferentRound(round: round, result: result) }
    }
    return nil
}
