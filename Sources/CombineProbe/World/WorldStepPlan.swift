/// A move of time as the step driver runs it (see
/// `VirtualScheduler+StepDriver.swift`): `advance(by:)` and `advance(to:)`
/// (`AdvancePlan`), `run()` (`RunPlan`), `start(created:subscribed:cancelled:)`
/// (`StartPlan`), a wait in virtual time and the record assertions that wait
/// (`VirtualWait`). A plan says what one step does; the driver alone decides
/// where the steps run, and lets the world settle around them.
protocol WorldStepPlan {
    /// Readies the plan before its first step, once the world is quiet (an
    /// async move of time) or at once (a synchronous one). False when there
    /// is nothing to do: bad input, after a test failure at the caller's line.
    mutating func begin() -> Bool

    /// Takes one step: runs at most one scheduled action. `worldSettles`:
    /// the world settled before this step, and settles after it (an async
    /// move of time).
    mutating func step(worldSettles: Bool) -> StepMove
}

/// What a step tells the driver.
enum StepMove: Equatable {
    /// Settle the world (if it settles), and take the next step.
    case goOn
    /// The move of time is over.
    case done
    /// The move of time is over unless the world's tasks run when it
    /// settles once more: then it goes on (a wait that found nothing
    /// scheduled, while a task of the world may still schedule something).
    case doneUnlessTheWorldMoves
}
