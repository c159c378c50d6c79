@testable import CombineProbe
import Foundation
import Testing
import XCTest

// The doubles' promises, checked by repetition: asynchronous delivery by
// construction, failures never dropped, independent doubles.

/// The span from a call to a double to the checks that follow it: the
/// doubles hold a background answer until the test waits, or until
/// ``MockDelivery/holdTime`` has passed (for tests that wait another way).
/// A check made after the hold time, by a thread that stalled that long on
/// a loaded machine, may see the answer, as the contract allows: the
/// checks below assert only within the hold time.
struct HoldTimeWindow {
    private let start = DispatchTime.now()

    /// Whether the hold time has not passed since the window opened: read
    /// after the checks, so that they all came within it.
    var isOpen: Bool {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 < MockDelivery.holdTime
    }
}

/// A production-style view model that subscribes to the mocked service.
final class ProfileViewModel {
    @Published private(set) var name: String?
    private var subscription: AnyCancellable?

    func load(_ service: any UserService, id: Int) {
        subscription = service.getUser(id: id)
            .map(\.name)
            .replaceError(with: "unknown")
            .sink { [weak self] name in self?.name = name }
    }
}

final class AsynchronousDeliveryXCTests: XCTestCase {
    private func checkNothingIsDeliveredBeforeTheTestWaits(line: UInt = #line) throws {
        let service = UserServiceMock()
        service.getUserResult = .value(User(id: 1, name: "Ada"))
        let model = ProfileViewModel()
        let names = model.$name.compactMap { $0 }.record()
        let window = HoldTimeWindow()
        let recorder = service.getUser(id: 1).record()
        model.load(service, id: 1)
        let (events, name) = (recorder.events, model.name)
        if window.isOpen {
            XCTAssertEqual(events, [], "delivered before the test waited", line: line)
            XCTAssertNil(name, "the view model was updated before the test waited", line: line)
        }
        XCTAssertEqual(try wait(for: recorder.single, timeout: 10), User(id: 1, name: "Ada"), line: line)
        XCTAssertEqual(try wait(for: names.next(), timeout: 10), "Ada", line: line)
    }

    func testThirtyCallsFromTheMainThread() throws {
        for _ in 0..<30 { try checkNothingIsDeliveredBeforeTheTestWaits() }
    }

    func testThirtyCallsFromBackgroundThreads() {
        // XCTest runs one test at a time: no other test's wait opens the
        // gates these threads make, which belong to no test.
        let early = Counter()
        for _ in 0..<30 {
            onAnotherThread {
                let service = UserServiceMock()
                service.getUserResult = .value(User(id: 2, name: "Grace"))
                let window = HoldTimeWindow()
                let recorder = service.getUser(id: 2).record()
                if !recorder.events.isEmpty, window.isOpen { early.increment() }
            }
        }
        XCTAssertEqual(early.value, 0, "delivered before the test waited, within the hold time")
    }

    func testThirtyAsyncCalls() async throws {
        for _ in 0..<30 {
            let service = UserServiceMock()
            service.getUserResult = .value(User(id: 3, name: "Linus"))
            let window = HoldTimeWindow()
            let recorder = service.getUser(id: 3).record()
            await Task.yield()
            let events = recorder.events
            if window.isOpen { XCTAssertEqual(events, []) }
            let user = try await wait(for: recorder.single, timeout: 10)
            XCTAssertEqual(user.name, "Linus")
        }
    }

    func testWithoutACombineProbeWaitTheEventsComeAfterTheHoldTime() {
        let service = UserServiceMock()
        service.getUserResult = .value(User(id: 4, name: "Barbara"))
        let delivered = expectation(description: "delivered")
        let subscription = service.getUser(id: 4).sink(receiveCompletion: { _ in }, receiveValue: { _ in delivered.fulfill() })
        let start = Date()
        wait(for: [delivered], timeout: 10)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), MockDelivery.holdTime * 0.9)
        subscription.cancel()
    }

    func testASlowGeneratorDelaysOnlyItself() throws {
        let slow = UserServiceMock()
        let release = DispatchSemaphore(value: 0)
        slow.progressResult = .generate { emitter in
            emitter.send(1)
            release.wait()   // a generator that blocks
            emitter.send(2)
            emitter.finish()
        }
        let fast = UserServiceMock()
        fast.getUserResult = .value(User(id: 5, name: "Edsger"))
        let slowRecorder = slow.progress().record()
        let fastRecorder = fast.getUser(id: 5).record()
        // The value the generator sent arrives while it is still blocked…
        XCTAssertEqual(try wait(for: slowRecorder.next(), timeout: 10), 1)
        // …and the other double delivers within its own time.
        let start = Date()
        XCTAssertEqual(try wait(for: fastRecorder.single, timeout: 10).name, "Edsger")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        release.signal()
        XCTAssertEqual(try wait(for: slowRecorder.elements, timeout: 10), [1, 2])
    }
}

/// A double that is not a `PublisherMock`: a struct with the free function.
struct WeatherDouble {
    var forecastResult: MockResult<String, Never>?
    static let reportLine = #line + 2
    func forecast() -> AnyPublisher<String, Never> {
        mockPublisher(returning: forecastResult)
    }
}

@Suite struct AsynchronousDeliverySwiftTests {
    @Test(arguments: 0..<30)
    func nothingIsDeliveredBeforeTheTestWaits(_ round: Int) async throws {
        let service = UserServiceMock()
        service.getUserResult = .value(User(id: round, name: "Ada"))
        let model = ProfileViewModel()
        let window = HoldTimeWindow()
        let recorder = service.getUser(id: round).record()
        model.load(service, id: round)
        let (events, name) = (recorder.events, model.name)
        if window.isOpen {
            #expect(events.isEmpty)
            #expect(name == nil)
        }
        #expect(try await wait(for: recorder.single, timeout: 10).id == round)
    }

    /// Threads of this test, which carry its identity as the tasks it starts
    /// do: the gates they make are this test's, so that no other test's wait,
    /// running in parallel, opens them. (A gate made where no test is known
    /// opens at any test's wait: `AsynchronousDeliveryXCTests`, where one
    /// test runs at a time, checks those.)
    @Test func thirtyCallsFromBackgroundThreads() {
        let early = Counter()
        let test = DeliveryGate.currentTest
        for _ in 0..<30 {
            onAnotherThread {
                DeliveryGate.$carriedTest.withValue(test) {
                    let service = UserServiceMock()
                    service.getUserResult = .value(User(id: 6, name: "Ken"))
                    let window = HoldTimeWindow()
                    let delivered = !service.getUser(id: 6).record().events.isEmpty
                    if delivered, window.isOpen { early.increment() }
                }
            }
        }
        #expect(early.value == 0, "delivered before the test waited, within the hold time")
    }

    @Test("A free-function double called on a background thread reports one issue at its line (fails on purpose)", .tags(.failurePath))
    func aFreeFunctionDoubleCalledOnABackgroundThreadReportsOneIssueAtItsLine() async throws {
        let weather = WeatherDouble()
        let publisher = LockedValue<AnyPublisher<String, Never>?>(nil)
        _ = await expectIssues(["unexpected call to forecast()"], atLine: WeatherDouble.reportLine) {
            let double = UncheckedBox(weather)
            onAnotherThread { publisher.value = double.value.forecast() }
            // The test uses CombineProbe again: the kept failure is recorded.
            let recorder = try #require(publisher.value).record()
            try await wait(for: recorder.finished, timeout: 10)
        }
    }
}
