@testable import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 29, item 15: `mockAsyncFunction` mocks an `async throws` function
// with a MockResult.

/// An async service, and its mock.
protocol AsyncUserService {
    func user(id: Int) async throws -> User
    func count() async throws -> Int
}

final class AsyncUserServiceMock: PublisherMock, AsyncUserService {
    var userResult: MockResult<User, APIError>?
    var countResult: MockResult<Int, Never>?

    func user(id: Int) async throws -> User {
        try await mockAsyncFunction(returning: userResult, arguments: id)
    }

    func count() async throws -> Int {
        try await mockAsyncFunction(returning: countResult)
    }
}

final class AsyncMockTests: FailureCapturingTestCase {
    func testAValueAJSONAndAttempts() async throws {
        let service = AsyncUserServiceMock()
        service.userResult = .json(#"{"id": 1, "name": "Ann"}"#)
        let first = try await service.user(id: 1)
        XCTAssertEqual(first, User(id: 1, name: "Ann"))
        service.userResult = .attempts([.failure(.offline), .value(User(id: 2, name: "Bo"))])
        do {
            _ = try await service.user(id: 2)
            XCTFail("expected APIError.offline")
        } catch {
            XCTAssertEqual(error as? APIError, .offline)
        }
        let second = try await service.user(id: 2)
        XCTAssertEqual(second, User(id: 2, name: "Bo"))
        XCTAssertEqual(service.callCount(to: "user(id:)"), 3)
    }

    func testAGeneratorAnswersWithItsFirstValue() async throws {
        let service = AsyncUserServiceMock()
        service.countResult = .generate { emitter in
            emitter.send(3)
            emitter.send(4)
        }
        let count = try await service.count()
        XCTAssertEqual(count, 3)
    }

    func testTheAnswerDoesNotWaitForTheTestToWait() async throws {
        let service = AsyncUserServiceMock()
        service.countResult = .value(7)
        let started = Date()
        for _ in 0..<10 { _ = try await service.count() }
        XCTAssertLessThan(Date().timeIntervalSince(started), MockDelivery.holdTime * 10, "each call waited for the hold time")
    }

    func testAnUnexpectedCallFailsAtTheMocksLineAndThrows() async {
        let service = AsyncUserServiceMock(); let line = #line
        let (failures, result) = await captureFailures { try await service.user(id: 5) }
        assertFailures(failures, ["unexpected call to user(id:) with (5): no MockResult<User, APIError> is configured for it."], at: line)
        assertThrows(result, MockError.unexpectedCall(function: "user(id:)"))
    }

    func testAResultWithoutAValueFailsAtTheMocksLineAndThrows() async {
        let service = AsyncUserServiceMock(); let line = #line
        service.countResult = .finished
        let (failures, result) = await captureFailures { try await service.count() }
        assertFailures(failures, [
            "count() finished without a value, but an async function returns one: configure .value(…), .failure(…) or .never for it.",
        ], at: line)
        guard case let .failure(error) = result else { return XCTFail("expected an error, got \(result)") }
        XCTAssertEqual((error as? RecordingError)?.kind, .notEnoughElements, "\(error)")
    }

    func testNeverWaitsUntilTheTaskIsCancelled() async {
        let service = AsyncUserServiceMock()
        service.countResult = .never
        let mock = UncheckedSendable(service)
        let task = Task { try await mock.value.count() }
        _ = try? await wait(for: service.nextCall(to: "count()"), timeout: longTimeout)
        task.cancel()
        let result = await task.result
        guard case let .failure(error) = result else { return XCTFail("expected CancellationError, got \(result)") }
        XCTAssertTrue(error is CancellationError, "\(error)")
    }

    func testACancelledTaskThrowsAtOnce() async {
        let service = AsyncUserServiceMock()
        service.countResult = .value(1)
        let mock = UncheckedSendable(service)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await mock.value.count()
        }
        let result = await task.result
        guard case let .failure(error) = result else { return XCTFail("expected CancellationError, got \(result)") }
        XCTAssertTrue(error is CancellationError, "\(error)")
    }
}

/// Issue 34, item 18: a mock's `defaultDelivery`, and a latency range that
/// an exploration tries at both bounds, hold for `mockAsyncFunction` too.
@Suite struct AsyncMockDeliveryTests {
    /// `@unchecked Sendable`, so that a child task may call it.
    final class CountMock: PublisherMock, @unchecked Sendable {
        var countResult: MockResult<Int, Never>?
        func count() async throws -> Int { try await mockAsyncFunction(returning: countResult) }
    }

    @Test func theDefaultDeliveryAnswersInVirtualTime() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let scheduler = DispatchQueue.virtualScheduler()
        let service = CountMock()
        service.countResult = .value(3)
        service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
        let count = try await scheduler.withTasks {
            async let count = service.count()
            await scheduler.advance(by: .milliseconds(200))
            return try await count
        }
        #expect(count == 3)
        #expect(scheduler.elapsed == .milliseconds(200))
    }

    @Test func anExplorationTriesBothBoundsOfALatencyRange() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return }
        let answeredAt = Locked<[VirtualTime]>([])
        await exploreSchedules { _ in
            let scheduler = DispatchQueue.virtualScheduler()
            let service = CountMock()
            service.countResult = .value(3)
            service.defaultDelivery = .after(between: .milliseconds(50) ... .milliseconds(500), on: scheduler)
            let count = try await scheduler.withTasks {
                async let count = service.count()
                await scheduler.run()
                return try await count
            }
            #expect(count == 3)
            answeredAt.withLock { $0.append(scheduler.elapsed) }
        }
        #expect(answeredAt.withLock { $0 } == [.milliseconds(50), .milliseconds(500)])
    }
}

@Suite struct AsyncMockSwiftTests {
    @Test func aValue() async throws {
        let service = AsyncUserServiceMock()
        service.userResult = .value(User(id: 1, name: "Ann"))
        #expect(try await service.user(id: 1) == User(id: 1, name: "Ann"))
    }

    @Test("An unexpected async call is an issue at the mock's line (fails on purpose)", .tags(.failurePath))
    func anUnexpectedCallIsAnIssueAtTheMocksLine() async {
        let line = #line + 1
        let service = AsyncUserServiceMock()
        let error = await expectIssues(
            ["unexpected call to user(id:) with (5): no MockResult<User, APIError> is configured for it."], atLine: line
        ) {
            _ = try await service.user(id: 5)
        }
        #expect(error as? MockError == .unexpectedCall(function: "user(id:)"))
    }
}
