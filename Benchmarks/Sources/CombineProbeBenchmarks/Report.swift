import Foundation

/// A printed table of benchmark results. Every ratio is ours ÷ baseline,
/// both measured in the same run: the floor, a smaller size, or a peer
/// (combine-schedulers' `TestScheduler`, swift-clocks' `TestClock`).
struct Report {
    private var rows: [[String]] = [["benchmark", "n", "ns/value or time", "baseline or peer", "ratio", "target"]]

    mutating func add(_ name: String, n: Int, nanoseconds: UInt64, baseline: UInt64?, target: String) {
        let perValue = Double(nanoseconds) / Double(n)
        var row = [name, "\(n)", format(perValue)]
        if let baseline {
            let basePerValue = Double(baseline) / Double(n)
            row += [format(basePerValue), format(perValue / basePerValue) + "x"]
        } else {
            row += ["-", "-"]
        }
        row.append(target)
        rows.append(row)
    }

    mutating func addLine(_ name: String, _ value: String, target: String) {
        rows.append([name, "-", value, "-", "-", target])
    }

    /// A row that sets one of our figures beside a peer's: `ratio` is ours ÷
    /// peer, `qualifier` says when it is a bound ("<= ") or an estimate ("~").
    mutating func addVersus(_ name: String, n: Int?, ours: String, peer: String, ratio: Double, qualifier: String = "", target: String) {
        rows.append([name, n.map { "\($0)" } ?? "-", ours, peer, qualifier + Report.ratioText(ratio) + "x", target])
    }

    func print() {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            Swift.print(cells.joined(separator: "  "))
            if index == 0 {
                Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            }
        }
    }

    /// A ratio with two decimals, or two significant digits below 0.1, so
    /// that 0.004x does not print as 0.0x.
    static func ratioText(_ value: Double) -> String {
        let scale = value > 0 && value < 0.1 ? pow(10, (-log10(value)).rounded(.up) + 1) : 100
        return "\((value * scale).rounded() / scale)"
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}

import Foundation
