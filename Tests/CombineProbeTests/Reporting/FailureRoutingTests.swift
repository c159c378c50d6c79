@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// Which framework gets a failure is decided once, from what the frameworks
/// say (`TestFramework.decide`), never from the thread alone: on Apple
/// platforms the main-queue callbacks of Swift Testing tests run on the main
/// thread too.
final class FailureRoutingTests: FailureCapturingTestCase {
    private func facts(
        swiftTesting: Bool = false, xcTest: XCTestBoundaries.Phase, mainThread: Bool = true, holdsTheMainQueue: Bool = false
    ) -> TestFramework.Facts {
        TestFramework.Facts(
            swiftTestingTest: swiftTesting, xcTest: xcTest, onMainThread: mainThread, holdsTheMainQueue: holdsTheMainQueue)
    }

    func testASwiftTestingTestOnThisTaskDecides() {
        for phase in [XCTestBoundaries.Phase.unobserved, .unknown, .running, .between] {
            XCTAssertEqual(TestFramework.decide(facts(swiftTesting: true, xcTest: phase)), .swiftTesting)
        }
    }

    func testXCTestGetsAFailureOnlyWhileOneOfItsTestsRuns() {
        XCTAssertEqual(TestFramework.decide(facts(xcTest: .running, mainThread: false)), .xcTest)
        XCTAssertEqual(TestFramework.decide(facts(xcTest: .running, holdsTheMainQueue: true)), .xcTest)
        // Between XCTest's tests, even on the main thread: no XCTest.
        XCTAssertNil(TestFramework.decide(facts(xcTest: .between)))
        XCTAssertNil(TestFramework.decide(facts(xcTest: .between, mainThread: false)))
    }

    /// Apple's case, which Linux's threads never show: a main-queue callback
    /// of a Swift Testing test runs on the main thread, in a block it holds.
    func testAMainQueueCallbackOnTheMainThreadIsNoSignOfXCTest() {
        XCTAssertNil(TestFramework.decide(facts(xcTest: .unobserved, holdsTheMainQueue: true)))
        XCTAssertNil(TestFramework.decide(facts(xcTest: .unknown, holdsTheMainQueue: true)))
        // Where XCTest runs its synchronous tests, before its observer knows.
        XCTAssertEqual(TestFramework.decide(facts(xcTest: .unobserved)), .xcTest)
        XCTAssertNil(TestFramework.decide(facts(xcTest: .unobserved, mainThread: false)))
    }

    func testTheObserverKnowsThatThisTestRuns() {
        XCTAssertEqual(TestFramework.detected, .xcTest)
        XCTAssertEqual(XCTestBoundaries.phase, .running)
        XCTAssertTrue(TestFramework.canRecordNow(for: .xcTest))
    }

    /// Synchronous, so that it is the synchronous `wait(for:timeout:)` that
    /// the `@MainActor` tests below call.
    private func waitSynchronously(
        for recorder: Recorder<Int, Never>, timeout: TimeInterval
    ) -> (failures: [CapturedFailure], result: Result<Int, any Error>, line: Int) {
        let line = #line + 1
        let (failures, result) = captureFailures { try wait(for: recorder.next(), timeout: timeout) }
        return (failures, result, line)
    }

    /// A synchronous wait inside a block of the main queue holds it: on
    /// Apple platforms, running the run loop there would not let
    /// `DispatchQueue.main` deliveries in (corelibs' would), so it sleeps,
    /// and its timeout says why nothing came.
    @MainActor
    func testASynchronousWaitInsideAMainQueueBlockSaysItHeldTheMainQueue() async throws {
        let subject = UncheckedBox(PassthroughSubject<Int, Never>())
        let recorder = subject.value.record()
        DispatchQueue.main.async { subject.value.send(1) }
        let (failures, result, line) = waitSynchronously(for: recorder, timeout: shortTimeout)
        assertFailures(failures, ["Asynchronous wait failed"], at: line)
        XCTAssertEqual(failures.first?.message.hasSuffix(WaitPlan<Void>.heldTheMainQueueHint), true, "\(failures)")
        XCTAssertThrowsError(try result.get())
        // Once the main queue is free, the delivery comes.
        let delivered = try await wait(for: recorder.next(), timeout: longTimeout)
        XCTAssertEqual(delivered, 1)
    }

    /// A real-time record assertion waits as a wait does: inside a block of
    /// the main queue (this main-actor job), it sleeps rather than run the
    /// main run loop, and gets what other threads deliver. (The strict
    /// lane's seed 7 makes the assertion's wait choose by the thread alone:
    /// this test is the one that reaches that path.)
    @MainActor
    func testARealTimeRecordAssertionInsideAMainQueueBlockGetsWhatOtherThreadsDeliver() async throws {
        let subject = UncheckedBox(PassthroughSubject<Int, Never>())
        let recorder = subject.value.record()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { subject.value.send(3) }
        let (failures, _) = captureFailures { XCTAssertRecordedValues(recorder, [3], timeout: longTimeout) }
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(try recorder.availableElements.get(), [3])
    }

    @MainActor
    func testASynchronousWaitInsideAMainQueueBlockGetsWhatOtherThreadsDeliver() async throws {
        let subject = UncheckedBox(PassthroughSubject<Int, Never>())
        let recorder = subject.value.record()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { subject.value.send(2) }
        let (failures, result, _) = waitSynchronously(for: recorder, timeout: longTimeout)
        XCTAssertEqual(failures.map(\.message), [])
        XCTAssertEqual(try result.get(), 2)
    }
}

@Suite struct FailureRoutingSwiftTests {
    @Test func aSwiftTestingTestIsCurrentOnItsTask() {
        #expect(TestFramework.detected == .swiftTesting)
        #expect(TestFramework.swiftTestingHasRun)
    }

    /// A recorder made in a main-queue callback (on the main thread on Apple
    /// platforms, on a worker thread here) belongs to no XCTest test: its
    /// failures go to Swift Testing, at the caller's line, once.
    @Test("A recorder made in a main-queue callback reports to Swift Testing (fails on purpose)", .tags(.failurePath))
    func aRecorderMadeInAMainQueueCallbackReportsToSwiftTesting() async {
        _ = TestFramework.current
        let subject = UncheckedBox(PassthroughSubject<Int, Never>())
        let line = #line + 2
        let box: UncheckedBox<Recorder<Int, Never>> = await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume(returning: UncheckedBox(subject.value.record())) }
        }
        _ = await expectIssues(["Publisher recorder got unexpected completion after completion: finished"], atLine: line) {
            box.value.receive(completion: .finished)
            box.value.receive(completion: .finished)
        }
    }

    /// On Apple platforms this callback runs on the main thread, where the
    /// routing once read "XCTest".
    @Test("An unexpected call made on the main queue reaches Swift Testing (fails on purpose)", .tags(.failurePath))
    func anUnexpectedCallOnTheMainQueueReachesSwiftTesting() async {
        let mock = UserServiceMock(); let line = #line
        let box = UncheckedBox(mock)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                _ = box.value.getUser(id: 8)
                done.resume()
            }
        }
        _ = await expectIssues(["unexpected call to getUser(id:) with (8)"], atLine: line) {
            #expect(mock.calledFunctions == ["getUser(id:)"])
        }
    }

    @Test func xcTestFailInsideASwiftTestingTestBreaksTheRule() {
        let collector = XCTestRules.Collector()
        XCTestRules.$collector.withValue(collector) {
            XCTestRules.xcTestFail("elsewhere", at: CallSite(fileID: #fileID, filePath: #filePath, line: 3, column: 1))
        }
        #expect(collector.violations.map(\.rule) == [.wrongFramework])
        #expect(collector.violations.first?.detail == "XCTFail inside a Swift Testing test: elsewhere")
        #expect(collector.violations.first?.origin == "CombineProbeTests/FailureRoutingTests.swift:3")
    }
}
