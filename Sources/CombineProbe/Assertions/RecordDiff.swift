/// Renders the difference between expected and recorded sequences, side by
/// side, with the first differing index marked.
///
/// ```
/// recorded values differ from the expected ones at index 1, out of 3 expected and 3 recorded:
///      expected  recorded
///    0 1         1
///  > 1 2         5
///    2 3         3
/// ```
///
/// Long sequences show a window around the first difference. Values whose
/// description spans several lines are written on one line in the table,
/// and the first differing pair is then compared line by line below it.
enum RecordDiff {
    /// Rows shown before the first difference, in a long sequence.
    static let contextBefore = 3
    /// Rows shown from the first difference on, in a long sequence.
    static let contextAfter = 7

    /// Returns nil when the sequences match, and a readable report otherwise.
    ///
    /// `expected` and `recorded` are the descriptions shown in the table;
    /// `expectedText` and `recordedText` give the plain text of an element,
    /// compared line by line when it spans several lines.
    static func report(
        kind: String,
        expected: [String],
        recorded: [String],
        expectedText: (Int) -> String,
        recordedText: (Int) -> String,
        matches: (Int) -> Bool
    ) -> String? {
        let count = max(expected.count, recorded.count)
        guard let first = (0..<count).first(where: { $0 >= expected.count || $0 >= recorded.count || !matches($0) })
        else { return nil }

        var lines = ["recorded \(kind) differ from the expected ones at index \(first), "
            + "out of \(expected.count) expected and \(recorded.count) recorded:"]
        let start = count > contextBefore + contextAfter + 1 ? max(0, first - contextBefore) : 0
        let end = count > contextBefore + contextAfter + 1 ? min(count, first + contextAfter) : count
        let expectedCells = (start..<end).map { $0 < expected.count ? oneLine(expected[$0]) : "(none)" }
        let width = max("expected".count, expectedCells.map(\.count).max() ?? 0)
        let indexWidth = String(max(end - 1, 0)).count

        lines.append("   " + String(repeating: " ", count: indexWidth) + " " + pad("expected", width) + "  recorded")
        if start > 0 { lines.append("   … \(start) more above") }
        for (offset, index) in (start..<end).enumerated() {
            let marker = index == first ? " > " : "   "
            let recordedCell = index < recorded.count ? oneLine(recorded[index]) : "(none)"
            lines.append(marker + pad(String(index), indexWidth, right: true) + " "
                + pad(expectedCells[offset], width) + "  " + recordedCell)
        }
        if end < count { lines.append("   … \(count - end) more below") }

        if first < expected.count, first < recorded.count {
            let (left, right) = (expectedText(first), recordedText(first))
            if left.contains("\n") || right.contains("\n") {
                lines.append("at index \(first), line by line (- expected, + recorded):")
                lines.append(contentsOf: lineDiff(left, right))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A description on one line: line breaks and tabs are escaped.
    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// Compares two multi-line texts line by line.
    private static func lineDiff(_ expected: String, _ recorded: String) -> [String] {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let recordedLines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(expectedLines.count, recordedLines.count) {
            let left = index < expectedLines.count ? String(expectedLines[index]) : nil
            let right = index < recordedLines.count ? String(recordedLines[index]) : nil
            if left == right, let left {
                lines.append("    " + left)
            } else {
                if let left { lines.append("  - " + left) }
                if let right { lines.append("  + " + right) }
            }
        }
        return lines
    }
}
