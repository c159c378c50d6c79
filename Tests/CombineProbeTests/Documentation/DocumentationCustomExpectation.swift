import CombineProbe
import Foundation
import XCTest

// The custom expectation of Documentation/Expectations/README.md, verbatim.

/// The first element above a threshold.
struct FirstGreater: PublisherExpectation {
    let recorder: Recorder<Int, Never>
    let threshold: Int

    func get() throws -> Int {
        guard let match = recorder.events.compactMap(\.value).first(where: { $0 > threshold }) else {
            throw RecordingError(.notEnoughElements, context: "no element above \(threshold)")
        }
        return match
    }

    func makeWaitPlan() -> WaitPlan<Int> {
        let threshold = self.threshold
        return WaitPlan(
            recorder: recorder, name: "firstGreater(\(threshold))", goal: "an element above \(threshold)",
            until: { elements, completion in completion != nil || elements.contains { $0 > threshold } },
            value: get)
    }
}

final class DocumentationCustomExpectationTests: XCTestCase {
    func testTheFirstReadingAboveTheThreshold() throws {
        let readings = [12, 18, 25, 31].publisher
            .delay(for: .milliseconds(10), scheduler: DispatchQueue(label: "sensor"))
        let recorder = readings.record()
        XCTAssertEqual(try wait(for: FirstGreater(recorder: recorder, threshold: 20), timeout: 5), 25)
    }
}
