import CombineProbe
import Foundation
import XCTest

/// The examples of Documentation/ExhaustiveTests.md, verbatim.
final class DocumentationExhaustive: XCTestCase {
    func testSavingPublishesOneStatus() throws {
        let statuses = ["saving", "saved", "saved again?"].publisher
        let recorder = statuses.record(exhaustive: true)
        XCTAssertEqual(try recorder.next(2).get(), ["saving", "saved"])
        try recorder.skip(1).get()
        try recorder.finished.get()
    }
}

final class CheckoutTests: ProbeTestCase {
    override class var probeSettings: ProbeSettings.Overrides {
        .init(exhaustive: true)
    }

    func testPaymentIsConfirmed() throws {
        let recorder = ["pending", "confirmed"].publisher.record()
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), ["pending", "confirmed"])
    }
}
