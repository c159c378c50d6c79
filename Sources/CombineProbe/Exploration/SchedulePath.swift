/// A schedule, as the choices where it leaves the default order: at choice
/// point `point`, take option `option` (see ``ScheduleChoices``). Every other
/// point takes option 0.
///
/// Its text is its seed, the string that replays it: `4.1-9.2` takes option
/// 1 at point 4 and option 2 at point 9; `default` takes no other option.
struct SchedulePath: Sendable, Hashable, CustomStringConvertible {
    /// One deviation from the default order.
    struct Deviation: Sendable, Hashable {
        /// The choice point's number, counted from 0 in the order the run
        /// meets them.
        let point: Int
        /// The option taken there, above 0.
        let option: Int
    }

    /// The deviations, in the order of their points.
    let deviations: [Deviation]

    /// The default schedule: no deviation.
    static let `default` = SchedulePath(deviations: [])

    init(deviations: [Deviation]) {
        self.deviations = deviations.sorted { $0.point < $1.point }
    }

    /// A schedule of deviations already in the order of their points.
    private init(sorted deviations: [Deviation]) {
        self.deviations = deviations
    }

    /// The option this schedule takes at `point`.
    func option(at point: Int) -> Int {
        // Few deviations: a linear look is cheapest.
        for deviation in deviations where deviation.point == point { return deviation.option }
        return 0
    }

    /// The last point where it deviates, or -1.
    var lastPoint: Int { deviations.last?.point ?? -1 }

    /// This schedule with one more deviation, after its last.
    func adding(point: Int, option: Int) -> SchedulePath {
        // After the last deviation: still in the order of the points.
        var more = deviations
        more.reserveCapacity(deviations.count + 1)
        more.append(Deviation(point: point, option: option))
        return SchedulePath(sorted: more)
    }

    /// The seed: `4.1-9.2`, or `default`.
    var description: String {
        deviations.isEmpty ? "default" : deviations.map { "\($0.point).\($0.option)" }.joined(separator: "-")
    }

    /// Reads a seed written by ``description``; nil for anything else (see
    /// ``invalidSeedMessage(_:)``).
    static func parse(_ text: String) -> SchedulePath? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed != "default", !trimmed.isEmpty else { return .default }
        var deviations: [Deviation] = []
        for part in trimmed.split(separator: "-", omittingEmptySubsequences: false) {
            let numbers = part.split(separator: ".", omittingEmptySubsequences: false)
            guard numbers.count == 2, let point = Int(numbers[0]), let option = Int(numbers[1]),
                  point >= 0, option > 0,
                  !deviations.contains(where: { $0.point == point })
            else { return nil }
            deviations.append(Deviation(point: point, option: option))
        }
        return SchedulePath(deviations: deviations)
    }

    /// Why `text` is not a seed.
    static func invalidSeedMessage(_ text: String) -> String {
        "\"\(text)\" is not a schedule seed: a seed is `default`, or deviations like `4.1-9.2` "
            + "(at choice 4 take option 1, at choice 9 option 2), as a failure report prints it"
    }
}

import Foundation
