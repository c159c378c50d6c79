@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Property: over thousands of random operations (actions scheduled at
/// random times, ties and the past included, one-shot and repeating, from
/// the test and from running actions; cancellations; advances by random
/// amounts; `run()`), a ``VirtualScheduler`` runs its actions in the order
/// of ``ActionOrderModel``, a sorted array, and agrees with it on the time,
/// the pending count and the next action's time after every step.
enum ActionOrderProperty {
    /// `nanoseconds` on the grid of times that `DispatchQueue` dates keep
    /// exactly: every nanosecond on Linux; on Apple platforms, whose dispatch
    /// times count Mach ticks (1/24 µs on Apple silicon), multiples of 125 ns,
    /// which are whole ticks. Finer dates round to a tick there, and actions
    /// whose dates round to the same tick run in the order they were
    /// scheduled (see Testing time, "Precision").
    static func onTicks(_ nanoseconds: Int64) -> Int64 {
        #if canImport(Darwin)
        let grid: Int64 = 125
        if nanoseconds == 1 { return grid }
        return nanoseconds - nanoseconds % grid
        #else
        return nanoseconds
        #endif
    }

    /// The first disagreement between the scheduler and the model over
    /// `operations` operations drawn from `seed`; nil when there is none.
    static func firstMismatch(seed: UInt64, operations: Int) -> String? {
        // Seeded (the library's SplitMix64): every run checks the same operations.
        var random = SplitMix64(seed: seed)
        let scheduler = DispatchQueue.virtualScheduler()
        let start = scheduler.start
        var model = ActionOrderModel()
        var log: [Int] = []
        var nextID = 0
        /// The scheduler's identifier of each one-shot schedule, and the
        /// cancellable of each repeating one, by the model's identifier.
        var oneShots: [Int: ScheduledAction] = [:]
        var timers: [Int: any Cancellable] = [:]
        /// The schedules that can be cancelled: repeating ones, and those
        /// scheduled through the scheduler's internal entry point.
        var ids: [Int] = []

        func cancelInScheduler(_ id: Int) {
            if let scheduled = oneShots[id] { scheduler.cancelScheduled(scheduled) }
            timers[id]?.cancel()
        }

        /// Schedules `id` at `due` (nanoseconds since the start) through
        /// one of the scheduler's entry points, and in the model.
        func schedule(_ id: Int, at due: Int64, effect: ActionOrderModel.Effect, entry: Int) {
            let action = {
                log.append(id)
                switch effect {
                case .none: break
                case let .schedule(child, offset):
                    let childDue = ActionOrderModel.clampedSum(scheduler.elapsed.nanoseconds, offset)
                    oneShots[child] = scheduler.schedule(at: VirtualTime(nanoseconds: childDue)) { log.append(child) }
                case let .cancel(target): cancelInScheduler(target)
                }
            }
            if entry == 0 && due >= 0 && due < 1 << 50 {
                scheduler.schedule(after: start.advanced(by: .nanoseconds(Int(due))), action)
            } else if entry == 1 && due == model.now {
                scheduler.schedule(action)
            } else {
                oneShots[id] = scheduler.schedule(at: VirtualTime(nanoseconds: due), action)
                ids.append(id)
            }
            model.schedule(id: id, at: due, effect: effect)
        }

        func check(_ step: Int, _ operation: String) -> String? {
            let where_ = "seed \(seed), operation \(step) (\(operation))"
            if log != model.log {
                let index = zip(log, model.log).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(log.count, model.log.count)
                return "\(where_): the actions ran in another order from run \(index) on: "
                    + "\(log[index...].prefix(8)) instead of \(model.log[index...].prefix(8))"
            }
            if scheduler.elapsed.nanoseconds != model.now {
                return "\(where_): virtual time is \(scheduler.elapsed.nanoseconds) ns instead of \(model.now) ns"
            }
            if scheduler.pendingActionCount != model.pending.count {
                return "\(where_): \(scheduler.pendingActionCount) pending actions instead of \(model.pending.count)"
            }
            if scheduler.nextActionTime?.nanoseconds != model.pending.first?.due {
                return "\(where_): the next action is due at \(String(describing: scheduler.nextActionTime)) instead of \(String(describing: model.pending.first?.due))"
            }
            return nil
        }

        /// A due time near now: ties and the past are frequent.
        func nearDue() -> Int64 {
            let unit: Int64 = Bool.random(using: &random) ? onTicks(1) : 1_000
            return ActionOrderModel.clampedSum(model.now, unit * Int64.random(in: -5...20, using: &random))
        }

        for step in 0..<operations {
            let roll = Int.random(in: 0..<100, using: &random)
            let operation: String
            if roll < 40 {
                nextID += 1
                let id = nextID
                let due: Int64
                switch Int.random(in: 0..<20, using: &random) {
                case 0: due = onTicks(Int64.random(in: Int64.min...Int64.max, using: &random))
                case 1...3: due = ActionOrderModel.clampedSum(model.now, onTicks(Int64.random(in: 0...(1 << 40), using: &random)))
                default: due = nearDue()
                }
                var effect = ActionOrderModel.Effect.none
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1:
                    nextID += 1
                    ids.append(nextID)
                    effect = .schedule(id: nextID, offset: onTicks(Int64.random(in: -3_000...20_000, using: &random)))
                case 2 where !ids.isEmpty:
                    effect = .cancel(id: ids.randomElement(using: &random)!)
                default: break
                }
                schedule(id, at: due, effect: effect, entry: Int.random(in: 0..<3, using: &random))
                operation = "schedule \(id) at \(due)"
            } else if roll < 48 {
                // At most three frequent timers at a time.
                guard model.pending.filter({ $0.interval < 1 << 60 && $0.interval > 0 }).count < 3 else { continue }
                nextID += 1
                let id = nextID
                ids.append(id)
                let due = max(0, nearDue())
                let interval = Int.random(in: 0..<10, using: &random) == 0
                    ? onTicks(Int64.random(in: (1 << 60)...(1 << 62), using: &random))
                    : 1_000 * Int64.random(in: 5...200, using: &random)
                timers[id] = scheduler.schedule(after: start.advanced(by: .nanoseconds(Int(due))), interval: .nanoseconds(Int(interval))) {
                    log.append(id)
                }
                model.schedule(id: id, at: due, interval: interval)
                operation = "repeat \(id) from \(due) every \(interval)"
            } else if roll < 58 {
                guard let id = ids.randomElement(using: &random) else { continue }
                cancelInScheduler(id)
                model.cancel(id: id)
                operation = "cancel \(id)"
            } else if roll < 98 {
                let amount: Int64
                switch Int.random(in: 0..<20, using: &random) {
                case 0: amount = 0
                case 1 where !model.repeats: amount = onTicks(Int64.random(in: 0...(1 << 41), using: &random))
                case 2, 3: amount = onTicks(Int64.random(in: 0...2_000_000, using: &random))
                default: amount = onTicks(Int64.random(in: 0...20_000, using: &random))
                }
                scheduler.advance(by: .nanoseconds(Int(amount)))
                model.advance(to: ActionOrderModel.clampedSum(model.now, amount))
                operation = "advance by \(amount)"
            } else if model.repeats {
                continue
            } else {
                scheduler.run()
                model.advance(to: .max, moving: false)
                operation = "run()"
            }
            if let mismatch = check(step, operation) { return mismatch }
        }
        // The end of time: everything left runs once the frequent
        // repeating schedules are cancelled; the rare ones end there.
        for (id, timer) in timers where model.pending.contains(where: { $0.id == id && $0.interval < 1 << 60 }) {
            timer.cancel()
            model.cancel(id: id)
        }
        scheduler.advance(by: .nanoseconds(Int.max - 1))
        model.advance(to: ActionOrderModel.clampedSum(model.now, .max - 1))
        return check(operations, "advance to the end of time")
    }
}

final class ActionOrderPropertyTests: XCTestCase {
    func testActionsRunInTheOrderOfASortedArray() {
        for seed: UInt64 in [1, 2, 3] {
            XCTAssertNil(ActionOrderProperty.firstMismatch(seed: seed, operations: 3_000))
        }
    }
}

@Suite struct ActionOrderPropertySwiftTests {
    @Test(arguments: [UInt64(4), 5, 6])
    func actionsRunInTheOrderOfASortedArray(seed: UInt64) {
        #expect(ActionOrderProperty.firstMismatch(seed: seed, operations: 3_000) == nil)
    }
}
