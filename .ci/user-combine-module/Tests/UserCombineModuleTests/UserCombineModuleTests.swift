// A user's tests in a project with its own module named Combine, which is
// OpenCombine only. In such a project DispatchQueue, RunLoop and
// OperationQueue may not be OpenCombine schedulers (run.sh makes sure they are
// not): their `ocombine` schedulers are, and their virtual schedulers work.
import Combine
import CombineProbe
import Foundation
import XCTest

final class UserCombineModuleTests: XCTestCase {
    /// The case this package exists for: run.sh compiles the module named
    /// Combine before OpenCombineDispatch and OpenCombineFoundation, which
    /// then leave out their `Scheduler` conformances. Had the build order
    /// been different, the other tests would prove less.
    func testTheBuildOrderLeftTheFoundationTypesWithoutSchedulerConformances() {
        let message = "the worst build order did not happen: run this package with run.sh"
        XCTAssertFalse(DispatchQueue.main as Any is any Scheduler, message)
        XCTAssertFalse(RunLoop.main as Any is any Scheduler, message)
        XCTAssertFalse(OperationQueue.main as Any is any Scheduler, message)
    }

    func testRecordsAPublisher() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(completion: .finished)
        XCTAssertEqual(try recorder.elements.get(), [1])
    }

    func testWaitsForAPublisherOnARealQueue() throws {
        // A serial queue: OpenCombine's receive(on:) schedules the value and
        // the completion separately.
        let queue = DispatchQueue(label: "UserCombineModuleTests")
        let recorder = Just(2).receive(on: queue.ocombine).record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 5), [2])
    }

    func testDispatchQueueVirtualScheduler() throws {
        let scheduler: VirtualSchedulerOf<DispatchQueue.OCombine> = DispatchQueue.virtualScheduler()
        let recorder = Just(3).delay(for: .seconds(2), scheduler: scheduler).record()
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(try recorder.availableElements.get(), [])
        XCTAssertEqual(try scheduler.wait(for: recorder.elements), [3])
        XCTAssertEqual(scheduler.elapsed, .seconds(2))
    }

    func testRunLoopVirtualScheduler() throws {
        let scheduler: VirtualSchedulerOf<RunLoop.OCombine> = RunLoop.virtualScheduler()
        let recorder = Just(4).delay(for: .milliseconds(1500), scheduler: scheduler).record()
        XCTAssertEqual(try scheduler.wait(for: recorder.elements), [4])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(1500))
    }

    func testOperationQueueVirtualScheduler() throws {
        let scheduler: VirtualSchedulerOf<OperationQueue.OCombine> = OperationQueue.virtualScheduler()
        let recorder = Just(5).delay(for: .milliseconds(250), scheduler: scheduler).record()
        XCTAssertEqual(try scheduler.wait(for: recorder.elements), [5])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(250))
    }

    func testANetworkStubAnswersTheOCombineDataTaskPublisher() throws {
        let network = NetworkStub()
        network.stub("https://quotes.example.com/today", with: .data(Data("Stay curious.".utf8)))
        let url = try XCTUnwrap(URL(string: "https://quotes.example.com/today"))
        let quote = network.session.ocombine.dataTaskPublisher(for: url)
            .map { String(decoding: $0.data, as: UTF8.self) }
        XCTAssertEqual(try wait(for: quote.record().single, timeout: 5), "Stay curious.")
    }
}
