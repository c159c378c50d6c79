#if compiler(>=6.2) && canImport(Observation)
import CombineProbe
import Foundation
import Observation
import Testing

/// A model observed by `Observations`. Main-actor isolated, as app models
/// usually are, which also makes it `Sendable`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable final class CounterModel {
    var count = 0
}

@Suite @MainActor struct ObservationsRecorderTests {
    @Test func recordsTheCurrentValueThenEachChange() async throws {
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return }
        let model = CounterModel()
        let recorder: Recorder<Int, Never> = Observations { model.count }.record()
        #expect(try await wait(for: recorder.next(), timeout: 10) == 0)
        model.count = 1
        #expect(try await wait(for: recorder.next(), timeout: 10) == 1)
        model.count = 2
        #expect(try await wait(for: recorder.next(), timeout: 10) == 2)
    }

    @Test func aThrowingObservationFailsTheRecorder() async throws {
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return }
        let model = CounterModel()
        let recorder: Recorder<Int, SequenceFailure> = Observations { () throws(SequenceFailure) -> Int in
            if model.count > 1 { throw SequenceFailure() }
            return model.count
        }.record()
        #expect(try await wait(for: recorder.next(), timeout: 10) == 0)
        model.count = 2
        let completion = try await wait(for: recorder.completion, timeout: 10)
        #expect(completion == .failure(SequenceFailure()))
    }
}
#endif
