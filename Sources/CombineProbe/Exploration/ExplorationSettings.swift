/// The settings of a ``ScheduleExploration``, as its initializer read them
/// from its parameters and the environment: one object, so that the
/// exploration, its runner and its result share them (see
/// `ScheduleExploration.settings`).
final class ExplorationSettings: Sendable {
    let schedules: Int
    let seed: UInt64
    let replaying: String?
    let orders: ExploredOrders
    let strategy: ExplorationStrategyKind
    let pctDepth: Int
    let checksReplays: Bool
    let shard: ExplorationShard
    let shardStatusFile: String?
    let resultsDirectory: String?
    let invalidInput: String?
    let replayChosenBy: String?

    /// Reads the settings: see ScheduleExploration's initializer, whose
    /// parameters these are.
    init(
        schedules: Int, seed: UInt64?, replaying: String?, exploring orders: ExploredOrders, checkingReplays: Bool?,
        strategy: ExplorationStrategyKind?, pctDepth: Int?, shard: ExplorationShard?
    ) {
        self.schedules = schedules
        self.orders = orders
        var problems: [String] = []
        if schedules < 1 {
            problems.append("The exploration was given a budget of \(schedules) schedules, and nothing ran: the "
                + "budget is the most schedules to run. Pass 1 or more, or leave the default "
                + "(\(ScheduleExploration.defaultSchedules)).")
        }
        let environment = ScheduleExploration.environment
        checksReplays = checkingReplays ?? (environment(ScheduleExploration.replayCheckVariable) == "1")
        self.strategy = Self.setting(
            strategy, from: ScheduleExploration.strategyVariable, in: environment, or: .fewestDeviationsFirst,
            problems: &problems
        ) { ExplorationStrategyKind(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
        self.pctDepth = Self.setting(
            pctDepth, from: ScheduleExploration.pctDepthVariable, in: environment, or: ScheduleExploration.defaultPCTDepth,
            problems: &problems
        ) { Int($0.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 1 ? $0 : nil } }
        if let pctDepth, pctDepth < 1 {
            problems.append("The exploration was given a PCT depth of \(pctDepth), and nothing ran: the depth is "
                + "the most deviations from the default order of one schedule. Pass 1 or more, or leave the "
                + "default (\(ScheduleExploration.defaultPCTDepth)).")
        }
        if let shard {
            self.shard = shard
            shardStatusFile = nil
        } else {
            let chosen = ExplorationShard.read(environment)
            self.shard = chosen.shard
            shardStatusFile = chosen.statusFile
            if let problem = chosen.problem { problems.append(problem) }
        }
        resultsDirectory = environment(ScheduleExploration.resultsVariable).flatMap { $0.isEmpty ? nil : $0 }
        self.seed = Self.setting(
            seed, from: ScheduleExploration.seedVariable, in: environment, or: ScheduleExploration.defaultSeed,
            problems: &problems, parse: ScheduleExploration.parseSeed)
        if let replaying {
            self.replaying = replaying
            replayChosenBy = nil
            if SchedulePath.parse(replaying) == nil { problems.append(SchedulePath.invalidSeedMessage(replaying)) }
        } else if let text = environment(ScheduleExploration.replayVariable) {
            self.replaying = text
            replayChosenBy = ScheduleExploration.replayVariable
            if text.trimmingCharacters(in: .whitespaces).isEmpty || SchedulePath.parse(text) == nil {
                problems.append(ScheduleExploration.invalidVariableMessage(ScheduleExploration.replayVariable, text))
            }
        } else {
            self.replaying = nil
            replayChosenBy = nil
        }
        invalidInput = problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// A setting: the value the call gave; else the one the environment
    /// variable `variable` gives, read by `parse`; else `fallback`. A value
    /// of the variable that `parse` refuses is a problem (nothing runs), and
    /// the setting is `fallback`.
    private static func setting<Value>(
        _ given: Value?, from variable: String, in environment: (String) -> String?, or fallback: Value,
        problems: inout [String], parse: (String) -> Value?
    ) -> Value {
        if let given { return given }
        guard let text = environment(variable) else { return fallback }
        if let value = parse(text) { return value }
        problems.append(ScheduleExploration.invalidVariableMessage(variable, text))
        return fallback
    }
}
