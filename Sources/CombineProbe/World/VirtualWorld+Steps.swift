// The world's steps under way: every move of time begins and ends here,
// through the scheduler's step driver (`VirtualScheduler+StepDriver.swift`).

extension VirtualWorld {
    /// Notes that a move of time starts at `now`.
    ///
    /// Moving time is the test waiting: the doubles' deliveries held until
    /// the test waits are let go (see `DeliveryGate`), and land before the
    /// step's first action (see `landWorkInFlight()`).
    func beginStep(at now: VirtualTime) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) { TaskJoining.checkHook() }
        DeliveryGate.testWaits(includingUnowned: false)
        steps.withLock { steps in
            if steps.inProgress == 0 {
                steps.startedAt = now
                steps.gaveUpOnWork = []
            }
            steps.inProgress += 1
        }
    }

    /// Notes that a move of time ended at `now`. Returns, when it was the
    /// last one under way, the sleeps from outside the world that it left
    /// behind due already: the caller abandons them.
    func endStep(at now: VirtualTime) -> [OutsideSleep] {
        steps.withLock { steps -> [OutsideSleep] in
            steps.inProgress -= 1
            guard steps.inProgress == 0, !steps.outsideSleeps.isEmpty else { return [] }
            var due: [OutsideSleep] = []
            steps.outsideSleeps.removeAll { entry in
                if entry.sleep.isOver { return true }
                if entry.deadline <= now { due.append(entry); return true }
                return false
            }
            return due
        }
    }

    /// Whether a move of time is under way, and the virtual time when the
    /// outermost one began.
    var stepping: (inProgress: Bool, startedAt: VirtualTime) {
        steps.withLock { ($0.inProgress > 0, $0.startedAt) }
    }

    /// Counts a sleep on the world's time from a task outside it.
    func noteOutsideSleep() {
        outsideSleeps.withLock { $0 += 1 }
    }

    /// Keeps a sleep from outside the world that arrived during a step;
    /// false, keeping nothing, when no step is under way.
    /// `test`: the test the sleeping task runs for (`DeliveryGate.currentTest`).
    func admitDuringStep(_ sleep: VirtualSleep, until deadline: VirtualTime, test: String) -> Bool {
        steps.withLock { steps -> Bool in
            guard steps.inProgress > 0 else { return false }
            steps.outsideSleeps.append(OutsideSleep(sleep: sleep, deadline: deadline, test: test))
            return true
        }
    }
}
