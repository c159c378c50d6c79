@testable import CombineProbe
import Foundation
import XCTest

/// What else an exploration orders: the virtual executor's ready jobs, and
/// the answers of mocks, named in its report.
final class ExplorationExecutorAndDoublesTests: XCTestCase {
    /// Three child tasks made by one job of the virtual executor: ready at
    /// once, in an order the schedule chooses.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    private func childOrder() async -> [Int] {
        let scheduler = DispatchQueue.virtualScheduler()
        let order = Locked<[Int]>([])
        await scheduler.withTasks {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<3 {
                    group.addTask { order.withLock { $0.append(index) } }
                }
            }
        }
        return order.withLock { $0 }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testTheExecutorsReadyJobsRunInEveryOrder() async {
        var orders: [[Int]] = []
        let result = await ScheduleExploration(schedules: 50).run { _ in
            orders.append(await childOrder())
            return true
        }
        XCTAssertEqual(orders.first, [0, 1, 2])
        XCTAssertEqual(Set(orders).count, 6, "\(orders)")
        XCTAssertTrue(result.coveredEverySchedule, result.report)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testAnExecutorScheduleReplays() async throws {
        let result = await ScheduleExploration(schedules: 50).run { _ in await childOrder() != [2, 0, 1] }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertTrue(failure.deviations.allSatisfy { $0.contains("of the virtual executor first") }, "\(failure.deviations)")
        for _ in 0..<50 {
            var replayed: [Int] = []
            _ = await ScheduleExploration(replaying: failure.schedule.seed).run { _ in
                replayed = await childOrder()
                return true
            }
            XCTAssertEqual(replayed, [2, 0, 1])
        }
    }

    func testAReportNamesTheMockCallsItReordered() throws {
        let result = ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = UserServiceMock()
            service.delivery = .on(scheduler)
            service.getUserResult = .value(User(id: 1, name: "Ada"))
            service.renameResult = .value(User(id: 1, name: "Grace"))
            var names: [String] = []
            var bag: [AnyCancellable] = []
            service.getUser(id: 1).sink(receiveCompletion: { _ in }, receiveValue: { names.append($0.name) }).store(in: &bag)
            service.rename(User(id: 1, name: "Ada"), to: "Grace")
                .sink(receiveCompletion: { _ in }, receiveValue: { names.append($0.name) }).store(in: &bag)
            scheduler.advance()
            return names == ["Ada", "Grace"]
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.deviations.count, 1)
        XCTAssertTrue(failure.deviations[0].hasPrefix("at 0s, ran the answer to rename(_:to:) with (User(id: 1, name: \"Ada\"), \"Grace\")"), failure.deviations[0])
        XCTAssertTrue(failure.deviations[0].contains(" before the answer to getUser(id:) with (1)"), failure.deviations[0])
    }

    func testAReportNamesALatencyAtItsUpperBound() throws {
        let result = ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = UserServiceMock()
            service.delivery = .after(between: .milliseconds(100) ... .milliseconds(400), on: scheduler)
            service.getUserResult = .value(User(id: 1, name: "Ada"))
            var received = false
            let cancellable = service.getUser(id: 7).sink(receiveCompletion: { _ in }, receiveValue: { _ in received = true })
            scheduler.advance(by: .milliseconds(200))
            cancellable.cancel()
            return received
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.deviations, ["the answer to getUser(id:) with (7) came after 400ms (the upper bound), not 100ms"])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testAWakeUpOfASleepIsNamed() async throws {
        let result = await ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let order = Locked<[String]>([])
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { order.withLock { $0.append("action") } }
            let sleeper = Task(executorPreference: scheduler.executor) {
                try? await scheduler.sleep(for: .seconds(1))
                order.withLock { $0.append("sleeper") }
            }
            // The advance lets the sleep start first: both are due at 1s.
            await scheduler.advance(by: .seconds(1))
            await sleeper.value
            return order.withLock { $0 } == ["action", "sleeper"]
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.deviations, ["at 1s, ran the wake-up of a sleep until 1s before the action scheduled #1"])
    }
}
