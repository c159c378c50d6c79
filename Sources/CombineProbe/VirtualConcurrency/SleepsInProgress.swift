/// The sleeps in progress on one scheduler's time: what the end of a test's
/// scope looks at, so that a task left asleep there — whose code after the
/// sleep would never run — is reported and cancelled, never passed over
/// (see `ProbeScope.end()`).
final class SleepsInProgress: Sendable {
    private struct Entry: Sendable {
        let sleep: VirtualSleep
        let deadline: VirtualTime
    }

    private struct Entries: Sendable {
        var list: [Entry] = []
        /// The length at which the sleeps over are forgotten next: doubled
        /// each time, so that a step waking 10,000 sleepers costs no more
        /// than a constant per sleep (forgetting them at each sleep made it
        /// quadratic: 3.5 s instead of 0.2 s for 10,000 sleepers).
        var compactsAt = 64
    }

    private let entries = Locked(Entries())

    /// Notes a sleep that started, until `deadline`; forgets those over,
    /// now and then.
    func add(_ sleep: VirtualSleep, until deadline: VirtualTime) {
        entries.withLock { entries in
            if entries.list.count >= entries.compactsAt {
                entries.list.removeAll { $0.sleep.isOver }
                entries.compactsAt = max(64, entries.list.count * 2)
            }
            entries.list.append(Entry(sleep: sleep, deadline: deadline))
        }
    }

    /// Takes the sleeps not over yet, with their deadlines, earliest first;
    /// forgets them all.
    func takeUnfinished() -> [(sleep: VirtualSleep, deadline: VirtualTime)] {
        let taken = entries.withLock { entries in
            defer { entries = Entries() }
            return entries.list
        }
        return taken.filter { !$0.sleep.isOver }.sorted { $0.deadline < $1.deadline }.map { ($0.sleep, $0.deadline) }
    }
}
