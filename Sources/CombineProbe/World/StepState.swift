/// The moves of time under way on a virtual scheduler, and the sleeps from
/// outside its virtual world that arrived meanwhile: see
/// `VirtualScheduler.admitSleeper(_:until:)`.
struct StepState {
    /// How many `advance`, `run` or virtual waits are under way.
    var inProgress = 0
    /// The virtual time when the outermost step under way began.
    var startedAt = VirtualTime.zero
    /// The sleeps from outside the virtual world that arrived during a step,
    /// not known to be over yet.
    var outsideSleeps: [OutsideSleep] = []
    /// The work outside virtual time that the outermost step under way
    /// gave up waiting for (see `VirtualScheduler.landWorkInFlight()`).
    var gaveUpOnWork: [String] = []
}

/// A sleep from outside a scheduler's virtual world, and when it ends.
struct OutsideSleep {
    let sleep: VirtualSleep
    let deadline: VirtualTime
    /// The Swift Testing test its task runs for (`DeliveryGate.currentTest`),
    /// for the failure that abandons it: it may be another test's.
    let test: String
}
