@testable import CombineProbe
import Foundation

/// Makes a virtual scheduler, schedules `count` actions due at 10ms, one
/// per millisecond from 0 (so that they race: see `ExploredOrders`), runs
/// them, and returns the order they ran in: `[0, 1, 2]` in the default
/// schedule.
func tiedOrder(_ count: Int) -> [Int] {
    let scheduler = DispatchQueue.virtualScheduler()
    let order = Locked<[Int]>([])
    let due = scheduler.now.advanced(by: .milliseconds(10))
    for index in 0..<count {
        scheduler.schedule(after: due) { order.withLock { $0.append(index) } }
        scheduler.advance(by: .milliseconds(1))
    }
    scheduler.advance(by: .milliseconds(10))
    return order.withLock { $0 }
}

/// The async form of ``tiedOrder(_:)``: time moves with the async `advance`.
func tiedOrderAsync(_ count: Int) async -> [Int] {
    let scheduler = DispatchQueue.virtualScheduler()
    let order = Locked<[Int]>([])
    let due = scheduler.now.advanced(by: .milliseconds(10))
    for index in 0..<count {
        scheduler.schedule(after: due) { order.withLock { $0.append(index) } }
        await scheduler.advance(by: .milliseconds(1))
    }
    await scheduler.advance(by: .milliseconds(10))
    return order.withLock { $0 }
}

/// An error a schedule throws.
struct ScheduleError: Error, CustomStringConvertible {
    var description: String { "ScheduleError" }
}

extension FailureCapturingTestCase: CapturedFailureCounting {}
