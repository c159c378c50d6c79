@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// A report tells identical calls to a mock apart: a poll that repeats its
/// arguments names the call a deviation is about ("the second call to …").
final class ExplorationRepeatedCallsTests: FailureCapturingTestCase {
    /// Polls `getUser(id: 7)` twice, 50ms apart, and returns when each answer
    /// came, in milliseconds, by call.
    private func pollTwice(latency: ClosedRange<Int>) -> [Int: Int] {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.delivery = .after(between: .milliseconds(latency.lowerBound) ... .milliseconds(latency.upperBound), on: scheduler)
        service.getUserResult = .value(User(id: 7, name: "driver-7"))
        let start = scheduler.now
        let answered = Locked<[Int: Int]>([:])
        var bag: [AnyCancellable] = []
        for poll in 1...2 {
            service.getUser(id: 7).sink(receiveCompletion: { _ in }, receiveValue: { _ in
                let elapsed = Int(StrideNanoseconds.of(start.distance(to: scheduler.now)) / 1_000_000)
                answered.withLock { $0[poll] = elapsed }
            }).store(in: &bag)
            if poll == 1 { scheduler.advance(by: .milliseconds(50)) }
        }
        scheduler.run()
        return answered.withLock { $0 }
    }

    func testALatencyOfARepeatedCallNamesWhichCall() {
        let callLine = #line + 2
        let (failures, _) = captureFailures {
            exploreSchedules(50) { _ in
                let answered = pollTwice(latency: 100...900)
                XCTAssertLessThan(answered[2] ?? .max, 500, "the second poll came late")
            }
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertEqual(failures.last?.line, callLine)
        XCTAssertTrue(failures.last?.message.contains("""
            It differs from the default order in 1 choice:
              - the answer to the second call to getUser(id:) with (7) came after 900ms (the upper bound), not 100ms
            """) == true, "\(failures)")
    }

    func testTheFirstOfRepeatedCallsIsNamedByItsArguments() throws {
        let result = ScheduleExploration(schedules: 50).run { _ in
            (pollTwice(latency: 100...900)[1] ?? .max) < 500
        }
        let failure = try XCTUnwrap(result.failure)
        XCTAssertEqual(failure.deviations, ["the answer to getUser(id:) with (7) came after 900ms (the upper bound), not 100ms"])
    }

    func testARaceOfRepeatedCallsNamesWhichCall() throws {
        XCTAssertEqual(try XCTUnwrap(Self.raceOfRepeatedCalls().failure).deviations, Self.raceDeviations)
    }

    /// The same, from `@MainActor` code: the answers' names are written
    /// when the report is, wherever it is.
    @MainActor func testARaceOfRepeatedCallsNamesWhichCallFromTheMainActor() throws {
        XCTAssertEqual(try XCTUnwrap(Self.raceOfRepeatedCalls().failure).deviations, Self.raceDeviations)
    }

    static let raceDeviations = [
        "at 100ms, ran the answer to the second call to getUser(id:) with (7) before the answer to getUser(id:) with (7)",
    ]

    /// Two identical polls whose answers come at one instant, explored: a
    /// schedule that answers the second first fails.
    static func raceOfRepeatedCalls() -> ExplorationResult {
        ScheduleExploration(schedules: 50).run { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = UserServiceMock()
            service.delivery = .after(.milliseconds(100), on: scheduler)
            service.getUserResult = .value(User(id: 7, name: "driver-7"))
            let order = Locked<[Int]>([])
            var bag: [AnyCancellable] = []
            for poll in 1...2 {
                service.getUser(id: 7)
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in order.withLock { $0.append(poll) } })
                    .store(in: &bag)
            }
            scheduler.run()
            return order.withLock { $0 } == [1, 2]
        }
    }

    /// An argument that counts how often it was described.
    final class CountedArgument: CustomStringConvertible, Sendable {
        let descriptions = Locked(0)
        var description: String {
            descriptions.withLock { $0 += 1 }
            return "counted"
        }
    }

    final class CountingMock: PublisherMock {
        func fetch(_ argument: CountedArgument, delivery: MockDelivery) -> AnyPublisher<Int, Never> {
            mockFunction(returning: .value(1), arguments: argument, delivery: delivery)
        }
    }

    /// Fetches `argument` `calls` times from a new mock, each answer after
    /// 100ms (or within `latency`, in milliseconds), and returns the order
    /// in which the answers came.
    static func fetchAll(_ argument: CountedArgument, _ calls: Int, latency: ClosedRange<Int>? = nil) -> [Int] {
        let scheduler = DispatchQueue.virtualScheduler()
        let mock = CountingMock()
        let delivery = latency.map { MockDelivery.after(between: .milliseconds($0.lowerBound) ... .milliseconds($0.upperBound), on: scheduler) }
            ?? MockDelivery.after(.milliseconds(100), on: scheduler)
        let order = Locked<[Int]>([])
        var bag: [AnyCancellable] = []
        for call in 0..<calls {
            mock.fetch(argument, delivery: delivery).sink { _ in order.withLock { $0.append(call) } }.store(in: &bag)
        }
        scheduler.run()
        return order.withLock { $0 }
    }

    /// Naming each answer's source in an explored schedule describes a call
    /// only when a report names its answer — a schedule that passes
    /// describes none — and then each call once, however many identical
    /// calls came before it (it described every earlier call again for each
    /// new one: n² / 2 descriptions).
    func testNamingRepeatedCallsDescribesEachCallOnce() throws {
        let argument = CountedArgument()
        let calls = 8
        let passing = ScheduleExploration(schedules: 1).run { _ in
            _ = Self.fetchAll(argument, calls)
            return true
        }
        XCTAssertNil(passing.failure)
        XCTAssertEqual(argument.descriptions.withLock { $0 }, 0, "a schedule that passes names no answer")

        let failing = ScheduleExploration(schedules: 50).run { _ in
            Self.fetchAll(argument, calls) == Array(0..<calls)
        }
        let failure = try XCTUnwrap(failing.failure)
        XCTAssertEqual(failure.deviations.count, 1)
        XCTAssertTrue(failure.deviations.first?.contains("call to fetch(_:delivery:) with (counted)") == true, "\(failure.deviations)")
        let described = argument.descriptions.withLock { $0 }
        XCTAssertGreaterThan(described, 0)
        XCTAssertLessThanOrEqual(described, calls, "each call described once at most")
    }

    /// A schedule that takes an answer's upper latency bound names that
    /// answer only if a report does: 16 schedules that each deviate at a
    /// latency and pass describe no call (each deviation described its
    /// call as it was taken, some 15,000 instructions a deviation, most of
    /// what an explored schedule of the 8-query search test added).
    func testPassingSchedulesThatTakeAnUpperLatencyDescribeNoCall() {
        XCTAssertEqual(Self.descriptionsByPassingLatencyDeviations(), 0)
    }

    @MainActor func testPassingSchedulesThatTakeAnUpperLatencyDescribeNoCallFromTheMainActor() {
        XCTAssertEqual(Self.descriptionsByPassingLatencyDeviations(), 0)
    }

    /// How many times 16 passing schedules of four calls, each answered
    /// within 100...900 ms, described the calls' argument; and that they
    /// deviated (-1 if they did not, which would make the count prove
    /// nothing).
    static func descriptionsByPassingLatencyDeviations() -> Int {
        let argument = CountedArgument()
        var deviated = false
        let result = ScheduleExploration(schedules: 16).run { schedule in
            _ = fetchAll(argument, 4, latency: 100...900)
            deviated = deviated || schedule.deviationCount > 0
            return true
        }
        guard deviated, result.failure == nil, result.schedulesRun == 16 else { return -1 }
        return argument.descriptions.withLock { $0 }
    }

    func testPassingSchedulesThatTakeAnUpperLatencyDescribeNoCallAsync() async {
        let count = await Self.descriptionsByPassingLatencyDeviationsAsync()
        XCTAssertEqual(count, 0)
    }

    @MainActor func testPassingSchedulesThatTakeAnUpperLatencyDescribeNoCallAsyncFromTheMainActor() async {
        let count = await Self.descriptionsByPassingLatencyDeviationsAsync()
        XCTAssertEqual(count, 0)
    }

    /// The same, explored asynchronously in the caller's isolation, each
    /// schedule's world running its actions on the main actor and moved by
    /// `await run()`.
    static func descriptionsByPassingLatencyDeviationsAsync(isolation: isolated (any Actor)? = #isolation) async -> Int {
        let argument = CountedArgument()
        var deviated = false
        let result = await ScheduleExploration(schedules: 16).run { schedule in
            let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
            let mock = CountingMock()
            let delivery = MockDelivery.after(between: .milliseconds(100) ... .milliseconds(900), on: scheduler)
            let answers = Locked(0)
            var bag: [AnyCancellable] = []
            for _ in 0..<4 {
                mock.fetch(argument, delivery: delivery).sink { _ in answers.withLock { $0 += 1 } }.store(in: &bag)
            }
            await scheduler.run()
            deviated = deviated || schedule.deviationCount > 0
            return answers.withLock { $0 } == 4
        }
        guard deviated, result.failure == nil, result.schedulesRun == 16 else { return -1 }
        return argument.descriptions.withLock { $0 }
    }

    func testOrdinals() {
        XCTAssertEqual([1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111].map(MockCall.ordinal), [
            "first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
        ])
    }
}

@Suite struct ExplorationRepeatedCallsSwiftTests {
    @Test func aRaceOfRepeatedCallsNamesWhichCall() {
        #expect(ExplorationRepeatedCallsTests.raceOfRepeatedCalls().failure?.deviations == ExplorationRepeatedCallsTests.raceDeviations)
    }

    @Test func passingSchedulesThatTakeAnUpperLatencyDescribeNoCall() {
        #expect(ExplorationRepeatedCallsTests.descriptionsByPassingLatencyDeviations() == 0)
    }

    @Test @MainActor func passingSchedulesThatTakeAnUpperLatencyDescribeNoCallFromTheMainActor() {
        #expect(ExplorationRepeatedCallsTests.descriptionsByPassingLatencyDeviations() == 0)
    }

    @Test func passingSchedulesThatTakeAnUpperLatencyDescribeNoCallAsync() async {
        #expect(await ExplorationRepeatedCallsTests.descriptionsByPassingLatencyDeviationsAsync() == 0)
    }

    @Test @MainActor func passingSchedulesThatTakeAnUpperLatencyDescribeNoCallAsyncFromTheMainActor() async {
        #expect(await ExplorationRepeatedCallsTests.descriptionsByPassingLatencyDeviationsAsync() == 0)
    }

    @Test @MainActor func aRaceOfRepeatedCallsNamesWhichCallFromTheMainActor() {
        #expect(ExplorationRepeatedCallsTests.raceOfRepeatedCalls().failure?.deviations == ExplorationRepeatedCallsTests.raceDeviations)
    }
}
