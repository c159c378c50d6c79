import CombineProbe
import Foundation
import Testing

/// The Swift Testing examples of README.md and Documentation/, verbatim.
@Suite struct DocumentationSwiftTestingExamples {
    // MARK: README

    @Test func temperatureReadings() async throws {
        let readings = PassthroughSubject<Double, Never>()
        let recorder = readings.record()
        readings.send(19.5)
        readings.send(20.0)
        let firstTwo = try await wait(for: recorder.next(2), timeout: 1)
        #expect(firstTwo == [19.5, 20.0])
        try await wait(for: recorder.finished.inverted, timeout: 0.05)
    }

    // MARK: Async tests and Swift Testing

    @Test func oneSpellingEverywhere() async throws {
        let recorder = ["north", "south"].publisher.record()
        let elements = try await wait(for: recorder.elements, timeout: 1)
        #expect(elements == ["north", "south"])
    }

    @Test func weatherUpdatesArrive() async throws {
        let updates = ["sunny", "cloudy"].publisher
            .delay(for: .milliseconds(5), scheduler: DispatchQueue(label: "weather"))
        let recorder = updates.record()
        let forecast = try await wait(for: recorder.elements, timeout: 5)
        #expect(forecast == ["sunny", "cloudy"])
    }

    /// The example that fails on purpose, tagged like the suite's other
    /// failure-path tests.
    @Suite(.tags(.failurePath)) struct KnownIssueExamples {
        @Test("A silent sensor times out (fails on purpose)")
        func silentSensorTimesOut() async {
            let sensor = PassthroughSubject<Double, Never>()
            let recorder = sensor.record()
            await withKnownIssue {
                // The wait also throws RecordingError.notEnoughElements: ignored here.
                _ = try? await wait(for: recorder.next(), timeout: 0.05)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.hasPrefix("Asynchronous wait failed") }
            }
        }
    }

    @Test func cancelledWaitStops() async throws {
        let recorder = PassthroughSubject<Int, Never>().record()
        let waiting = Task { try await wait(for: recorder.next(), timeout: 60) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @MainActor
    @Test func mainQueueDeliveries() async throws {
        let recorder = [1, 2].publisher.receive(on: DispatchQueue.main).record()
        #expect(try await wait(for: recorder.elements, timeout: 5) == [1, 2])
    }

    // MARK: Assertions and helpers

    @Test func scoresAreRecorded() {
        let recorder = [10, 20, 30].publisher.record()
        expectRecordedValues(recorder, [10, 20, 30])
        expectRecordedEvents(recorder, [.value(10), .value(20), .value(30), .finished])
    }

    @Test func oneLinersAsync() async throws {
        #expect(try await [1, 2, 3].publisher.waitForCompletion() == [1, 2, 3])
        #expect(try await CurrentValueSubject<Int, Never>(7).waitForFirstOutput() == 7)
    }
}
