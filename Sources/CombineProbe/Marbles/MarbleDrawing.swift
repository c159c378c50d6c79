/// Draws timed symbols as a marble diagram, in the grammar of
/// ``MarbleDiagram``, so that what is drawn reads back as the same times:
///
/// ```
/// --a--b|           on the tick grid: dashes
/// a 245ms b         between ticks, or a gap of more than `maxDashes`
/// (ab) @10ms c      closer than the width of the previous symbol
/// ```
///
/// Simultaneous symbols are drawn as a group. Each failure message that shows
/// marbles uses it, for the expected and the recorded line alike.
enum MarbleDrawing {
    /// One symbol, as drawn (`a`, `[long]`, `|`, `#`, `^`, `!`, `?`), at its
    /// time since the origin.
    struct Item: Equatable {
        var time: VirtualTime
        var symbol: String
    }

    /// The longest run of dashes drawn; a longer gap is written as a time
    /// progression.
    static let maximumDashes = 80

    /// The drawing, and the 1-based column of each item.
    static func draw(_ items: [Item], tick: VirtualTime, maxDashes: Int = maximumDashes) -> (text: String, columns: [Int]) {
        var text = ""
        var length = 0
        var columns: [Int] = []
        var cursor = VirtualTime.zero
        var index = 0
        func append(_ piece: String) {
            text += piece
            length += piece.count
        }
        while index < items.count {
            let time = items[index].time
            var end = index
            while end < items.count, items[end].time == time { end += 1 }
            let gap = (time - cursor).nanoseconds
            if gap > 0 {
                if gap % tick.nanoseconds == 0, gap / tick.nanoseconds <= Int64(maxDashes) {
                    append(String(repeating: "-", count: Int(gap / tick.nanoseconds)))
                } else {
                    append((length == 0 ? "" : " ") + VirtualTime(nanoseconds: gap).description + " ")
                }
            } else if gap < 0 {
                append((length == 0 ? "" : " ") + "@" + time.description + " ")
            }
            var width = 0
            if end - index == 1 {
                columns.append(length + 1)
                append(items[index].symbol)
                width = items[index].symbol.count
            } else {
                append("(")
                for item in items[index..<end] {
                    columns.append(length + 1)
                    append(item.symbol)
                }
                append(")")
                width = 2 + items[index..<end].reduce(0) { $0 + $1.symbol.count }
            }
            let (span, overflow) = tick.nanoseconds.multipliedReportingOverflow(by: Int64(width))
            cursor = time + VirtualTime(nanoseconds: overflow ? .max : span)
            index = end
        }
        return (text, columns)
    }

    /// How a value's name is drawn: bare when it is one character that reads
    /// as a name, in brackets otherwise.
    static func symbol(forName name: String) -> String {
        if name.count == 1, let character = name.first, !character.isWhitespace, !character.isNumber,
           !"-|#()[]^!@?".contains(character) {
            return name
        }
        return "[\(name)]"
    }

    /// Whether a dictionary key can be written in a diagram at all.
    static func isWritable(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("]")
    }

    /// Two drawings one above the other, labelled and aligned, with a caret
    /// under the first column where they differ (or under `fallback` when
    /// they read the same, as two different errors both drawn `#` do).
    static func aligned(
        _ expected: String, _ recorded: String, fallback: Int?,
        labels: (String, String) = ("expected", "recorded")
    ) -> String {
        let left = Array(expected), right = Array(recorded)
        var column = (0..<max(left.count, right.count)).first { index in
            index >= left.count || index >= right.count || left[index] != right[index]
        }.map { $0 + 1 }
        if column == nil { column = fallback }
        let width = max(labels.0.count, labels.1.count)
        let pad = { (label: String) in "  " + label + String(repeating: " ", count: width - label.count) + "  " }
        var lines = [pad(labels.0) + expected, pad(labels.1) + recorded]
        if let column {
            lines.append(String(repeating: " ", count: 2 + width + 2 + column - 1) + "^")
        }
        return lines.joined(separator: "\n")
    }
}
