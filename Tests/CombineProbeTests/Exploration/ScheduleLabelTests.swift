@testable import CombineProbe
import Foundation
import Testing
import XCTest

/// The label of the work a double schedules (`ScheduleLabel`): set for the
/// synchronous body of `withSource` on its thread, the enclosing one
/// restored after, and seen by no other thread or task.
enum ScheduleLabelCheck {
    /// The names seen: outside, inside, inside a nested label, after it,
    /// after the outer one; on another thread inside; in a task started
    /// inside.
    @Sendable static func name() -> String { ScheduleLabel.current?.name ?? "none" }

    static func namesSeen() async -> [String] {
        var seen = [name()]
        var elsewhere = ""
        var started: Task<String, Never>?
        ScheduleLabel.withSource(ScheduleSource("outer", { "" })) {
            seen.append(name())
            ScheduleLabel.withSource(ScheduleSource("in", { "ner" })) { seen.append(name()) }
            seen.append(name())
            elsewhere = onANewThread { name() }
            // Not detached: a task-local value would be inherited.
            started = Task { name() }
        }
        seen.append(name())
        return seen + [elsewhere, await started!.value]
    }

    static let expected = ["none", "outer", "inner", "outer", "none", "none", "none"]
}

final class ScheduleLabelTests: XCTestCase {
    func testALabelHoldsForItsBodyOnItsThreadOnly() async {
        let seen = await ScheduleLabelCheck.namesSeen()
        XCTAssertEqual(seen, ScheduleLabelCheck.expected)
    }

    @MainActor func testALabelHoldsForItsBodyOnItsThreadOnlyFromTheMainActor() async {
        let seen = await ScheduleLabelCheck.namesSeen()
        XCTAssertEqual(seen, ScheduleLabelCheck.expected)
    }
}

@Suite struct ScheduleLabelSwiftTests {
    @Test func aLabelHoldsForItsBodyOnItsThreadOnly() async {
        #expect(await ScheduleLabelCheck.namesSeen() == ScheduleLabelCheck.expected)
    }

    @Test @MainActor func aLabelHoldsForItsBodyOnItsThreadOnlyFromTheMainActor() async {
        #expect(await ScheduleLabelCheck.namesSeen() == ScheduleLabelCheck.expected)
    }
}
