/// A marble diagram read into timed symbols: the grammar shared by the
/// marble publishers, the marble assertions and the subscription diagrams.
///
/// ```
/// --a--b--|         a at 2 ticks, b at 5, finished at 8
/// --(ab)-#          a and b at 2 ticks, failure at 7 (the group is 4 ticks wide)
/// -[long]-|         the value named "long" at 1 tick, finished at 8
/// a 250ms b         a at 0, b at 1 tick + 250 ms
/// --^--a--|         a hot publisher: ^ is 0, a at 3 ticks
/// ^---!             a subscription from 0 to 4 ticks
/// ```
///
/// Every character but spaces takes one tick, as in RxJS: a name, `-`, `|`,
/// `#`, `^`, `!`, and every character of a group `(ab)` or of a bracketed
/// name `[long]`, whose events are all at the instant of their first
/// character. A time progression (`250ms`, `1.5s`, `20µs`, `20us`, `7ns`),
/// written at the start or after a space and followed by a space or the end,
/// moves time by its duration. `@250ms` puts the next symbol at 250 ms since
/// the diagram's origin (its start, or its `^`), even back in time, never
/// before the previous event: the drawings use it for events closer than a
/// group's width.
///
/// Reading stops at the first mistake, which is kept in ``error`` with its
/// column; ``symbols`` then holds what was read before it.
struct MarbleDiagram: Sendable {
    /// What a diagram may hold.
    enum Dialect: Sendable, Equatable {
        /// Values, `|`, `#`; `^` only when `subscriptionPoint` is true (hot
        /// publishers).
        case events(subscriptionPoint: Bool)
        /// `^` and `!`: one subscription to a scripted publisher.
        case subscription
    }

    /// One symbol at its instant.
    struct Symbol: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case value(String)
            case finished
            case failure
            case subscribed
            case cancelled
        }

        var kind: Kind
        /// Since the diagram's origin (`^`, or the start).
        var time: VirtualTime
        /// 1-based, in characters of the diagram.
        var column: Int
    }

    /// A mistake in a diagram, at a 1-based column.
    struct Mistake: Error, Sendable, Equatable {
        var column: Int
        var reason: String
    }

    let text: String
    let tick: VirtualTime
    private(set) var symbols: [Symbol] = []
    private(set) var error: Mistake?
    /// The column of `^`, when the diagram has one.
    private(set) var originColumn: Int?

    /// Reads `text`, whose value names must be among `names`.
    init(_ text: String, tick: VirtualTime, dialect: Dialect, names: Set<String> = []) {
        self.text = text
        self.tick = tick
        var reader = Reader(characters: Array(text), tick: tick, dialect: dialect, names: names)
        reader.read()
        let origin = reader.origin ?? .zero
        symbols = reader.symbols.map { Symbol(kind: $0.kind, time: $0.time - origin, column: $0.column) }
        error = reader.mistake
        originColumn = reader.originColumn
    }

    /// The diagram with a caret under `column`, each line indented.
    static func pointing(at column: Int, in text: String, indent: String = "    ") -> String {
        indent + text + "\n" + indent + String(repeating: " ", count: max(0, column - 1)) + "^"
    }

    /// The units a time progression may use, in nanoseconds.
    static let units: [(String, Int64)] = [("ns", 1), ("µs", 1_000), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000)]
}

extension MarbleDiagram {
    /// Reads a diagram from left to right. Times are kept since the start of
    /// the text; the origin (`^`) is subtracted at the end.
    private struct Reader {
        let characters: [Character]
        let tick: VirtualTime
        let dialect: Dialect
        let names: Set<String>

        var symbols: [Symbol] = []
        var mistake: Mistake?
        var origin: VirtualTime?
        var originColumn: Int?
        var cursor = VirtualTime.zero
        var index = 0
        /// The group being read: its instant, column and width so far.
        var group: (time: VirtualTime, column: Int, width: Int64)?
        /// Where the first completion (or cancellation) was.
        var ended: Int?
        var subscribedColumn: Int?
        var usedAbsoluteTime = false

        mutating func read() {
            while index < characters.count, mistake == nil {
                let character = characters[index]
                let column = index + 1
                if character.isWhitespace {
                    index += 1
                    continue
                }
                let tokenStart = index == 0 || characters[index - 1].isWhitespace
                if tokenStart, character.isASCII, character.isNumber, startsProgression(at: index) {
                    readProgression()
                    continue
                }
                switch character {
                case "-":
                    guard group == nil else { return fail(column, "\"-\" inside a group: a group is one instant") }
                    advance(1)
                case "(":
                    guard group == nil else { return fail(column, "a group inside a group") }
                    group = (cursor, column, 1)
                    index += 1
                case ")":
                    guard let open = group else { return fail(column, "\")\" closes no group") }
                    cursor = open.time + ticks(open.width + 1)
                    group = nil
                    index += 1
                case "[":
                    guard dialect != .subscription else {
                        return fail(column, "\"[\" in a subscription diagram, which holds \"-\", \"^\", \"!\", groups and times")
                    }
                    guard let close = characters[index...].firstIndex(of: "]") else {
                        return fail(column, "\"[\" is never closed by \"]\"")
                    }
                    let name = String(characters[(index + 1)..<close])
                    guard !name.isEmpty else { return fail(column, "an empty name \"[]\"") }
                    place(.value(name), at: column, width: Int64(name.count + 2), name: name)
                    if mistake == nil { index = close + 1 }
                case "@":
                    readAbsoluteTime()
                default:
                    readSymbol(character, at: column)
                }
            }
            if mistake == nil, let open = group {
                fail(open.column, "\"(\" is never closed by \")\"")
            }
        }

        private mutating func readSymbol(_ character: Character, at column: Int) {
            switch (character, dialect) {
            case ("|", .events):
                place(.finished, at: column)
            case ("#", .events):
                place(.failure, at: column)
            case ("^", .events(subscriptionPoint: true)):
                if let first = originColumn { return fail(column, "a second \"^\" (the first is at column \(first))") }
                if group != nil { return fail(column, "\"^\" inside a group") }
                if usedAbsoluteTime { return fail(column, "\"^\" after an \"@\" time: put \"^\" first") }
                origin = cursor
                originColumn = column
                advance(1)
            case ("^", .events(subscriptionPoint: false)):
                fail(column, "\"^\" marks the subscription point of a hot publisher, not allowed here")
            case ("!", .events):
                fail(column, "\"!\" is for subscription diagrams (\"^---!\"), not allowed here")
            case ("^", .subscription):
                place(.subscribed, at: column)
            case ("!", .subscription):
                place(.cancelled, at: column)
            case (_, .subscription):
                fail(column, "\(String(character).debugDescription) in a subscription diagram, which holds \"-\", \"^\", \"!\", groups and times")
            case (")", _), ("]", _):
                fail(column, "\(String(character).debugDescription) closes nothing")
            default:
                place(.value(String(character)), at: column, name: String(character))
            }
        }

        /// Adds a symbol at the cursor (or in the open group), after checking
        /// the order rules.
        private mutating func place(_ kind: Symbol.Kind, at column: Int, width: Int64 = 1, name: String? = nil) {
            if let name, !names.contains(name) {
                let known = names.sorted().map(\.debugDescription).joined(separator: ", ")
                return fail(column, "unknown value name \(name.debugDescription) (" + (known.isEmpty ? "no value has a name" : "the names are " + known) + ")")
            }
            switch kind {
            case .finished, .failure:
                if let ended { return fail(column, "a second completion (the first is at column \(ended))") }
                ended = column
            case .value:
                if let ended { return fail(column, "a value after the completion at column \(ended)") }
            case .subscribed:
                if let first = subscribedColumn { return fail(column, "a second \"^\" (the first is at column \(first)): write one diagram per subscription") }
                subscribedColumn = column
            case .cancelled:
                if let ended { return fail(column, "a second \"!\" (the first is at column \(ended))") }
                if subscribedColumn == nil { return fail(column, "\"!\" before the subscription \"^\"") }
                ended = column
            }
            if let open = group {
                symbols.append(Symbol(kind: kind, time: open.time, column: column))
                group?.width += width
                index += 1
            } else {
                symbols.append(Symbol(kind: kind, time: cursor, column: column))
                advance(width)
            }
        }

        private mutating func advance(_ width: Int64) {
            cursor = cursor + ticks(width)
            index += 1
        }

        private func ticks(_ count: Int64) -> VirtualTime {
            let (product, overflow) = tick.nanoseconds.multipliedReportingOverflow(by: count)
            return VirtualTime(nanoseconds: overflow ? .max : product)
        }

        /// Digits then a letter: a time progression, good or bad.
        private func startsProgression(at start: Int) -> Bool {
            var position = start
            while position < characters.count, characters[position].isASCII,
                  characters[position].isNumber || characters[position] == "." {
                position += 1
            }
            return position < characters.count && characters[position].isLetter
        }

        private mutating func readProgression() {
            let column = index + 1
            guard group == nil else { return fail(column, "a time progression inside a group") }
            guard let duration = readDuration(column: column) else { return }
            cursor = cursor + duration
        }

        private mutating func readAbsoluteTime() {
            let column = index + 1
            guard group == nil else { return fail(column, "an \"@\" time inside a group") }
            index += 1
            guard index < characters.count, characters[index].isASCII, characters[index].isNumber else {
                return fail(column, "\"@\" needs a time, like @250ms")
            }
            guard let time = readDuration(column: column + 1) else { return }
            let target = (origin ?? .zero) + time
            if let last = symbols.last, target < last.time {
                return fail(column, "@\(time) is before the previous event, at column \(last.column)")
            }
            usedAbsoluteTime = true
            cursor = target
        }

        /// Reads `250ms`, `1.5s`…, which must end at a space or the end.
        private mutating func readDuration(column: Int) -> VirtualTime? {
            var digits = "", decimals = "", unit = ""
            while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                digits.append(characters[index]); index += 1
            }
            if index < characters.count, characters[index] == "." {
                index += 1
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    decimals.append(characters[index]); index += 1
                }
                if decimals.isEmpty { fail(column, "a time with a \".\" and no decimals"); return nil }
            }
            while index < characters.count, characters[index].isLetter {
                unit.append(characters[index]); index += 1
            }
            guard let scale = MarbleDiagram.units.first(where: { $0.0 == unit })?.1 else {
                fail(column, "the time \"\(digits)\(decimals.isEmpty ? "" : "." + decimals)\(unit)\" has an unknown unit "
                    + "\(unit.debugDescription): write ns, µs (or us), ms or s")
                return nil
            }
            if index < characters.count, !characters[index].isWhitespace {
                fail(column, "a time progression must be followed by a space")
                return nil
            }
            let decimalsAllowed = String(scale).count - 1
            var trimmed = decimals
            while trimmed.hasSuffix("0") { trimmed.removeLast() }
            guard trimmed.count <= decimalsAllowed else {
                fail(column, "the time \(digits).\(decimals)\(unit) is finer than a nanosecond")
                return nil
            }
            let fraction = trimmed.isEmpty ? 0 : Int64(trimmed + String(repeating: "0", count: decimalsAllowed - trimmed.count)) ?? 0
            guard let whole = Int64(digits) else {
                fail(column, "the time \(digits)\(unit) is too long")
                return nil
            }
            let (product, overflow) = whole.multipliedReportingOverflow(by: scale)
            let (sum, overflow2) = product.addingReportingOverflow(fraction)
            guard !overflow, !overflow2 else {
                fail(column, "the time \(digits)\(unit) is too long")
                return nil
            }
            return VirtualTime(nanoseconds: sum)
        }

        private mutating func fail(_ column: Int, _ reason: String) {
            if mistake == nil { mistake = Mistake(column: column, reason: reason) }
        }
    }
}
