/// A printed table of benchmark results.
struct Report {
    private var rows: [[String]] = [["benchmark", "n", "ns/value", "baseline ns/value", "ratio", "target"]]

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

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}

import Foundation
