/// The sleeps in progress on one scheduler's time: what the end of a test's
/// scope looks at, so that a task left asleep there — whose code after the
/// sleep would never run — is reported and cancelled, never passed over
/// (see `ProbeScope.end()`).
final class SleepsInProgress: Sendable {
    private struct Entry: Sendable {
        let sleep: VirtualSleep
        let deadline: VirtualTime
    }

    private let entries = Locked<[Entry]>([])

    /// Notes a sleep that started, until `deadline`; forgets those over.
    func add(_ sleep: VirtualSleep, until deadline: VirtualTime) {
        entries.withLock { entries in
            entries.removeAll { $0.sleep.isOver }
            entries.append(Entry(sleep: sleep, deadline: deadline))
        }
    }

    /// Takes the sleeps not over yet, with their deadlines, earliest first;
    /// forgets them all.
    func takeUnfinished() -> [(sleep: VirtualSleep, deadline: VirtualTime)] {
        let taken = entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
        return taken.filter { !$0.sleep.isOver }.sorted { $0.deadline < $1.deadline }.map { ($0.sleep, $0.deadline) }
    }
}
