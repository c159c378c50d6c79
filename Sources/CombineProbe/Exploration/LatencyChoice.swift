/// The choice point of a latency given as a range (`.after(between:on:)`,
/// `.delayed(between:on:)`): the lower or the upper bound, in nanoseconds.
/// The one place where a double's latency asks the explored schedule, so
/// that mocks and stubs choose alike.
extension ScheduleChoices {
    /// The latency from `lower` to `upper` nanoseconds that the schedule
    /// takes: the lower bound by default, the upper one when the schedule
    /// deviates here. With no schedule (`choices` nil), a fixed latency, or
    /// latencies not explored, the lower bound, and no choice point.
    ///
    /// - parameter what: Names the answer in a report ("the answer to
    ///   getUser(id:)"); called only when a report names a deviation here
    ///   (a mock's call is described by its arguments, some 15,000
    ///   instructions, and a schedule that passes never names it).
    static func latency(
        from lower: Int, to upper: Int, in choices: ScheduleChoices?, for what: @escaping @Sendable () -> String
    ) -> Int {
        guard upper > lower, let choices, choices.orders.contains(.latencies) else { return lower }
        let option = choices.choose(2, kind: .latency) { _ in
            {
                "\(what()) came after \(VirtualTime(nanoseconds: Int64(upper))) (the upper bound), "
                    + "not \(VirtualTime(nanoseconds: Int64(lower)))"
            }
        }
        return option == 0 ? lower : upper
    }
}
