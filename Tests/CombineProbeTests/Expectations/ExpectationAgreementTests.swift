@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The property that `get()` and every wait follow one rule: for every
/// expectation, in every state of a recorder, with a zero timeout and no
/// further event, a wait that records no failure returns the value, or
/// throws the error, that `get()` gives, and consumes the same events; a
/// wait that records a failure (a timeout, a fulfilled inverted expectation)
/// does so exactly when `get()` throws.
final class ExpectationAgreementTests: FailureCapturingTestCase {
    func testTheSynchronousWaitsAgreeWithGet() {
        for state in RecorderShape.allCases {
            for entry in AgreementEntry.all {
                let reference = read(state) { entry.get($0) }
                let label = "\(entry.name) on \(state)"
                assertAgreement(label + ", XCTest wait", reference: reference, wait: read(state) { recorder in
                    Result { try entry.syncWait(self, recorder) }
                })
                assertAgreement(label + ", virtual wait", reference: reference, wait: read(state) { recorder in
                    Result { try entry.virtualWait(recorder) }
                })
            }
        }
    }

    func testTheAsynchronousWaitsAgreeWithGet() async {
        for state in RecorderShape.allCases {
            for entry in AgreementEntry.all {
                let reference = read(state) { entry.get($0) }
                let label = "\(entry.name) on \(state)"
                let asyncReading = await readAsync(state) { recorder in
                    do { return .success(try await entry.asyncWait(recorder)) } catch { return .failure(error) }
                }
                assertAgreement(label + ", async wait", reference: reference, wait: asyncReading)
                let virtualReading = await readAsync(state) { recorder in
                    do { return .success(try await entry.virtualAsyncWait(recorder)) } catch { return .failure(error) }
                }
                assertAgreement(label + ", async virtual wait", reference: reference, wait: virtualReading)
            }
        }
    }

    /// Reads an expectation from a fresh recorder in the given state.
    private func read(_ state: RecorderShape, _ body: (Recorder<Int, TestFailure>) -> Result<String, any Error>) -> AgreementReading {
        let recorder = state.make()
        let (failures, result) = captureFailures { try body(recorder).get() }
        return AgreementReading(result: result, failures: failures.map(\.message), consumed: recorder.consumption)
    }

    private func readAsync(
        _ state: RecorderShape,
        _ body: (Recorder<Int, TestFailure>) async -> Result<String, any Error>
    ) async -> AgreementReading {
        let recorder = state.make()
        let (failures, result) = await captureFailures { try await body(recorder).get() }
        return AgreementReading(result: result, failures: failures.map(\.message), consumed: recorder.consumption)
    }

    private func assertAgreement(_ label: String, reference: AgreementReading, wait: AgreementReading, line: UInt = #line) {
        XCTAssertTrue(reference.failures.isEmpty, "\(label): get() recorded \(reference.failures)", line: line)
        XCTAssertLessThanOrEqual(wait.failures.count, 1, "\(label): \(wait.failures)", line: line)
        if wait.failures.isEmpty {
            XCTAssertEqual(wait.outcome, reference.outcome, "\(label): the wait and get() disagree", line: line)
            XCTAssertEqual(wait.consumed, reference.consumed, "\(label): the wait and get() consume differently", line: line)
        } else {
            XCTAssertTrue(reference.outcome.hasPrefix("error"),
                "\(label): the wait failed (\(wait.failures[0])) but get() returned \(reference.outcome)", line: line)
        }
    }
}

/// The same property in Swift Testing, for `get()` and the async wait, whose
/// failures are issues: known issues, each time `get()` throws.
@Suite struct ExpectationAgreementSwiftTests {
    @Test("The async wait agrees with get(), its failures included (fails on purpose)", .tags(.failurePath),
          arguments: RecorderShape.allCases)
    func theAsyncWaitAgreesWithGet(_ state: RecorderShape) async {
        for entry in AgreementEntry.all {
            let recorder = state.make()
            let reference = entry.get(recorder)
            let referenceConsumed = recorder.consumption
            let waited = state.make()
            let issues = Counter()
            var result: Result<String, any Error> = .failure(CancellationError())
            await withKnownIssue(isIntermittent: true) {
                do { result = .success(try await entry.asyncWait(waited)) } catch { result = .failure(error) }
            } matching: { _ in
                issues.increment()
                return true
            }
            let label = "\(entry.name) on \(state)"
            #expect(issues.value <= 1, "\(label)")
            if issues.value == 0 {
                #expect(AgreementReading.describe(result) == AgreementReading.describe(reference), "\(label)")
                #expect(waited.consumption == referenceConsumed, "\(label)")
            } else {
                #expect(AgreementReading.describe(reference).hasPrefix("error"), "\(label): get() returned")
            }
        }
    }
}

/// What reading an expectation gave.
struct AgreementReading {
    let result: Result<String, any Error>
    let failures: [String]
    let consumed: String

    var outcome: String { Self.describe(result) }

    static func describe(_ result: Result<String, any Error>) -> String {
        switch result {
        case let .success(value): return "value \(value)"
        case let .failure(error): return "error \(String(reflecting: error))"
        }
    }
}

/// The recorder states the property covers.
enum RecorderShape: String, CaseIterable, Sendable, CustomStringConvertible {
    case nothing, someValues, valuesThenFinished, valuesThenFailure, onlyFinished, onlyFailure
    case partlyConsumed, partlyConsumedThenFinished

    var description: String { rawValue }

    func make() -> Recorder<Int, TestFailure> {
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = subject.record()
        switch self {
        case .nothing:
            break
        case .someValues, .partlyConsumed:
            [1, 2, 3].forEach(subject.send)
        case .valuesThenFinished, .partlyConsumedThenFinished:
            [1, 2, 3].forEach(subject.send)
            subject.send(completion: .finished)
        case .valuesThenFailure:
            [1, 2, 3].forEach(subject.send)
            subject.send(completion: .failure(TestFailure()))
        case .onlyFinished:
            subject.send(completion: .finished)
        case .onlyFailure:
            subject.send(completion: .failure(TestFailure()))
        }
        if self == .partlyConsumed || self == .partlyConsumedThenFinished {
            _ = try? recorder.next().get()
        }
        return recorder
    }
}

extension Recorder {
    /// How far reads went: the consumed elements, and the completion.
    var consumption: String {
        storage.state.withLock { "\($0.consumed) consumed, completion \($0.completionConsumed ? "" : "not ")consumed" }
    }
}

/// One expectation, read in every way.
struct AgreementEntry {
    typealias R = Recorder<Int, TestFailure>
    let name: String
    let get: (R) -> Result<String, any Error>
    let syncWait: (XCTestCase, R) throws -> String
    let virtualWait: (R) throws -> String
    let asyncWait: (R) async throws -> String
    let virtualAsyncWait: (R) async throws -> String

    static func make<E: PublisherExpectation>(_ name: String, _ expectation: @escaping (R) -> E) -> AgreementEntry {
        AgreementEntry(
            name: name,
            get: { recorder in Result { String(describing: try expectation(recorder).get()) } },
            syncWait: { testCase, recorder in String(describing: try testCase.wait(for: expectation(recorder), timeout: 0)) },
            virtualWait: { recorder in
                String(describing: try DispatchQueue.virtualScheduler().wait(for: expectation(recorder), timeout: .zero))
            },
            asyncWait: { recorder in String(describing: try await CombineProbe.wait(for: expectation(recorder), timeout: 0)) },
            virtualAsyncWait: { recorder in
                let scheduler = DispatchQueue.virtualScheduler()
                return String(describing: try await scheduler.wait(for: expectation(recorder), timeout: .zero))
            })
    }

    static var all: [AgreementEntry] { [
        make("elements") { $0.elements },
        make("next()") { $0.next() },
        make("next(0)") { $0.next(0) },
        make("next(2)") { $0.next(2) },
        make("next(5)") { $0.next(5) },
        make("skip(2)") { $0.skip(2) },
        make("prefix(0)") { $0.prefix(0) },
        make("prefix(2)") { $0.prefix(2) },
        make("prefix(5)") { $0.prefix(5) },
        make("single") { $0.single },
        make("last") { $0.last },
        make("availableElements") { $0.availableElements },
        make("recording") { $0.recording },
        make("finished") { $0.finished },
        make("completion") { $0.completion },
        make("failure") { $0.failure },
        make("next(where: > 1)") { $0.next(where: { $0 > 1 }) },
        make("next(where: > 5)") { $0.next(where: { $0 > 5 }) },
        make("completion(where: finished)") { $0.completion(where: { $0 == .finished }) },
        make("failure(where: any)") { $0.failure(where: { _ in true }) },
        make("elements.map(count)") { $0.elements.map(\.count) },
        make("next().inverted") { $0.next().inverted },
        make("finished.inverted") { $0.finished.inverted },
        make("prefix(2).inverted") { $0.prefix(2).inverted },
        make("prefix(5).inverted") { $0.prefix(5).inverted },
        make("next(where: > 1).inverted") { $0.next(where: { $0 > 1 }).inverted },
        make("next(where: > 5).inverted") { $0.next(where: { $0 > 5 }).inverted },
    ] }
}
