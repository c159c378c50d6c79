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
        if let strategy {
            self.strategy = strategy
        } else if let text = environment(ScheduleExploration.strategyVariable) {
            if let named = ExplorationStrategyKind(rawValue: text.trimmingCharacters(in: .whitespaces)) {
                self.strategy = named
            } else {
                self.strategy = .fewestDeviationsFirst
                problems.append(ScheduleExploration.invalidVariableMessage(ScheduleExploration.strategyVariable, text))
            }
        } else {
            self.strategy = .fewestDeviationsFirst
        }
        if let pctDepth {
            self.pctDepth = pctDepth
            if pctDepth < 1 {
                problems.append("The exploration was given a PCT depth of \(pctDepth), and nothing ran: the depth is "
                    + "the most deviations from the default order of one schedule. Pass 1 or more, or leave the "
                    + "default (\(ScheduleExploration.defaultPCTDepth)).")
            }
        } else if let text = environment(ScheduleExploration.pctDepthVariable) {
            if let depth = Int(text.trimmingCharacters(in: .whitespaces)), depth >= 1 {
                self.pctDepth = depth
            } else {
                self.pctDepth = ScheduleExploration.defaultPCTDepth
                problems.append(ScheduleExploration.invalidVariableMessage(ScheduleExploration.pctDepthVariable, text))
            }
        } else {
            self.pctDepth = ScheduleExploration.defaultPCTDepth
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
        if let seed {
            self.seed = seed
        } else if let text = environment(ScheduleExploration.seedVariable) {
            if let parsed = ScheduleExploration.parseSeed(text) {
                self.seed = parsed
            } else {
                self.seed = ScheduleExploration.defaultSeed
                problems.append(ScheduleExploration.invalidVariableMessage(ScheduleExploration.seedVariable, text))
            }
        } else {
            self.seed = ScheduleExploration.defaultSeed
        }
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
}
