/// The numbers of the live worlds whose scope's tasks join them, as the
/// joining door keeps them (see `TaskJoining`): each added once, when the
/// world is new, and removed when it ends.
///
/// An array, not a set: few such worlds live at once (an explored
/// schedule's world ends with its schedule, or a little after when its
/// executor was made), so that a look along the array costs less than
/// hashing, and an array that empties keeps its storage for the next one,
/// where a set's first insert allocated.
struct LiveWorldNumbers {
    private var numbers: [UInt64] = []

    /// Whether no such world lives.
    var isEmpty: Bool { numbers.isEmpty }

    /// How many live.
    var count: Int { numbers.count }

    /// Notes the world `number`, new: a number is never given twice, so it
    /// is not among those noted.
    mutating func add(_ number: UInt64) {
        numbers.append(number)
    }

    /// Forgets the world `number`; nothing when it was not noted (the
    /// executor of a world whose tasks do not join it ends the same way).
    mutating func remove(_ number: UInt64) {
        // The latest world ends first, as a rule: look from the end.
        guard let index = numbers.lastIndex(of: number) else { return }
        numbers.swapAt(index, numbers.count - 1)
        numbers.removeLast()
    }

    /// Whether the world `number` is noted.
    func contains(_ number: UInt64) -> Bool {
        numbers.contains(number)
    }
}
