@testable import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 29, item 5: XCTExpectFailures captures a mock's failure reported on
// a queue the code under test calls the mock from, while the closure runs,
// in XCTest as in Swift Testing.

/// Calls `getUser(id:)` on a global queue, as a view model would.
private func callFromAQueue(_ service: UserServiceMock, id: Int) {
    let service = UncheckedSendable(service)
    DispatchQueue.global().async { _ = service.value.getUser(id: id) }
}

final class ExpectedFailuresOnOtherThreadsTests: FailureCapturingTestCase {
    func testAMockCalledFromAQueueInsideTheClosureIsCaptured() {
        let service = UserServiceMock(); let line = #line
        let (escaped, _) = captureFailures {
            let failures = XCTExpectFailures {
                callFromAQueue(service, id: 7)
                _ = try? wait(for: service.nextCall(to: "getUser(id:)"), timeout: longTimeout)
            }
            XCTAssertEqual(failures.map(\.message), [
                "unexpected call to getUser(id:) with (7): no MockResult<User, APIError> is configured for it.",
            ])
            XCTAssertEqual(failures.map(\.line), [line])
        }
        XCTAssertEqual(escaped.map(\.message), [], "nothing reaches XCTest")
    }

    func testAMockCalledFromAQueueInsideAnAsyncClosureIsCaptured() async {
        let service = UserServiceMock(); let line = #line
        let (escaped, _) = await captureFailures {
            let failures = await XCTExpectFailures {
                callFromAQueue(service, id: 8)
                _ = try? await wait(for: service.nextCall(to: "getUser(id:)"), timeout: longTimeout)
            }
            XCTAssertEqual(failures.map(\.message), [
                "unexpected call to getUser(id:) with (8): no MockResult<User, APIError> is configured for it.",
            ])
            XCTAssertEqual(failures.map(\.line), [line])
        }
        XCTAssertEqual(escaped.map(\.message), [], "nothing reaches XCTest")
    }

    /// A call made once the closure returned is the test's failure, at the
    /// mock's line, as the guide says: the closure must wait for it.
    func testACallAfterTheClosureIsNotCaptured() throws {
        let service = UserServiceMock(); let line = #line
        let start = DispatchSemaphore(value: 0)
        let unchecked = UncheckedSendable(service)
        DispatchQueue.global().async {
            start.wait()
            _ = unchecked.value.getUser(id: 9)
        }
        let (failures, _) = captureFailures {
            XCTExpectFailures(strict: false) {}
            start.signal()
            _ = try wait(for: service.nextCall(to: "getUser(id:)"), timeout: longTimeout)
        }
        assertFailures(failures, [
            "unexpected call to getUser(id:) with (9): no MockResult<User, APIError> is configured for it.",
        ], at: line)
    }
}

@Suite struct ExpectedFailuresOnOtherThreadsSwiftTests {
    @Test func aMockCalledFromAQueueInsideTheClosureIsCaptured() async {
        let service = UserServiceMock(); let line = #line
        let failures = await XCTExpectFailures {
            callFromAQueue(service, id: 7)
            _ = try? await wait(for: service.nextCall(to: "getUser(id:)"), timeout: 10)
        }
        #expect(failures.map(\.message) == [
            "unexpected call to getUser(id:) with (7): no MockResult<User, APIError> is configured for it.",
        ])
        #expect(failures.map(\.line) == [line])
    }

    /// Parallel cases: each captures its own mock's failure, none another's.
    @Test(arguments: 0..<4) func parallelCasesCaptureTheirOwn(_ id: Int) async {
        let service = UserServiceMock()
        let failures = await XCTExpectFailures {
            callFromAQueue(service, id: id)
            _ = try? await wait(for: service.nextCall(to: "getUser(id:)"), timeout: 10)
        }
        #expect(failures.map(\.message) == [
            "unexpected call to getUser(id:) with (\(id)): no MockResult<User, APIError> is configured for it.",
        ])
    }
}
