@testable import CombineProbe
import Foundation
import Testing
import XCTest

// Issue 29, item 2: a mock's `.generate` result, with the default background
// delivery, behind `receive(on: scheduler)`, lands in a virtual wait — its
// generator's run is work in flight, like its delivery steps — and a wait
// that times out while work outside virtual time schedules more says what
// one snapshot saw. Repeated `COMBINEPROBE_STRESS_ITERATIONS` times (400 by
// default; `scripts/stress.sh` runs more).

enum MockGeneratorScenarios {
    /// A generated value, through `receive(on:)`, awaited in virtual time;
    /// the generator works `working` seconds of real time first.
    static func generatedValue(_ round: Int, working: TimeInterval = 0) async throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.progressResult = .generate { emitter in
            if working > 0 { Thread.sleep(forTimeInterval: working) }
            emitter.send(round)
            emitter.finish()
        }
        let recorder = service.progress().receive(on: scheduler).record()
        let value = try await scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        return value == round && scheduler.elapsed == .zero
    }

    /// The same, with the synchronous wait.
    static func generatedValueSynchronously(_ round: Int) throws -> Bool {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = UserServiceMock()
        service.progressResult = .generate { emitter in
            emitter.send(round)
            emitter.send(round + 1)
            emitter.finish()
        }
        let recorder = service.progress().receive(on: scheduler).record()
        return try scheduler.wait(for: recorder.elements, timeout: .seconds(1)) == [round, round + 1]
    }

    /// A value sent from a real thread (work no wait knows of) while a wait
    /// with a 1 s timeout looks at a scheduler whose next action is due at
    /// 5 s: the wait either gets the value, or times out saying so — never
    /// that the next action is due before the time it reports.
    static func timeoutMessageIsOneSnapshot(_ round: Int) -> String? {
        let scheduler = DispatchQueue.virtualScheduler()
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) {}
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.receive(on: scheduler).record()
        let send = UncheckedSendable(subject)
        DispatchQueue.global().async { send.value.send(round) }
        let failures = XCTExpectFailures(strict: false) {
            _ = try? scheduler.wait(for: recorder.next(), timeout: .seconds(1))
        }
        guard let message = failures.first?.message else { return nil }
        let consistent = failures.count == 1
            && message.contains("Virtual time is now 1s.")
            && message.contains("The next scheduled action is due at 5s.")
        return consistent ? nil : message
    }
}

final class VirtualWorldStressMockGeneratorTests: XCTestCase {
    private var iterations: Int { VirtualConcurrencyStress.iterations }

    func testAGeneratedResultLandsInAnAsyncVirtualWait() async throws {
        var failed = 0
        for round in 0..<iterations where try await !MockGeneratorScenarios.generatedValue(round) {
            failed += 1
        }
        XCTAssertEqual(failed, 0, "failed rounds out of \(iterations)")
    }

    func testAGeneratedResultLandsInASynchronousVirtualWait() throws {
        var failed = 0
        for round in 0..<iterations where try !MockGeneratorScenarios.generatedValueSynchronously(round) {
            failed += 1
        }
        XCTAssertEqual(failed, 0, "failed rounds out of \(iterations)")
    }

    /// The case that failed every time: a generator that works 50 ms of real
    /// time before it sends. A few rounds: each takes 50 ms.
    func testAGeneratorThatWorksFirstLandsToo() async throws {
        for round in 0..<5 {
            let landed = try await MockGeneratorScenarios.generatedValue(round, working: 0.05)
            XCTAssertTrue(landed, "round \(round)")
        }
    }

    func testATimedOutWaitSaysWhatOneSnapshotSaw() {
        var contradictions: [String] = []
        for round in 0..<iterations {
            if let message = MockGeneratorScenarios.timeoutMessageIsOneSnapshot(round) { contradictions.append(message) }
        }
        XCTAssertEqual(contradictions, [], "out of \(iterations) rounds")
    }
}

@Suite struct VirtualWorldStressMockGeneratorSwiftTests {
    /// Eight copies in parallel, each a share of the rounds.
    @Test(arguments: 0..<8) func aGeneratedResultLandsInAnAsyncVirtualWait(_ part: Int) async throws {
        for round in stride(from: part, to: VirtualConcurrencyStress.iterations, by: 8) {
            #expect(try await MockGeneratorScenarios.generatedValue(round), "round \(round)")
            #expect(try MockGeneratorScenarios.generatedValueSynchronously(round), "round \(round)")
        }
    }

    @Test(arguments: 0..<4) func aGeneratorThatWorksFirstLandsToo(_ round: Int) async throws {
        #expect(try await MockGeneratorScenarios.generatedValue(round, working: 0.05))
    }

    @Test(arguments: 0..<8) func aTimedOutWaitSaysWhatOneSnapshotSaw(_ part: Int) {
        for round in stride(from: part, to: VirtualConcurrencyStress.iterations, by: 8) {
            let contradiction = MockGeneratorScenarios.timeoutMessageIsOneSnapshot(round)
            #expect(contradiction == nil, "round \(round)")
        }
    }
}
