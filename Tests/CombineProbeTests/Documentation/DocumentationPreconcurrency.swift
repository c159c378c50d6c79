// The example of Documentation/GettingStarted.md, "Send from another thread":
// a subject captured by the @Sendable closure of `DispatchQueue.async`.
// Without `nonisolated(unsafe)` this file does not compile in Swift 6 on
// OpenCombine; with `@preconcurrency import CombineProbe` instead, it compiles
// with a warning (Swift 6.3), which our zero-warning build refuses.
import CombineProbe
import Foundation
import XCTest

final class SendingFromAnotherQueueTests: XCTestCase {
    func testValueSentFromAnotherQueueIsRecorded() throws {
        nonisolated(unsafe) let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        DispatchQueue.global().async { subject.send(42) }
        XCTAssertEqual(try wait(for: recorder.next(), timeout: 5), 42)
    }
}
