import CombineProbe
import Foundation
import XCTest

// The example of the Testing time guide's "Tasks that join the virtual
// world" section, as a test.

actor SaveCount {
    private(set) var saves = 0
    func save() { saves += 1 }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AutosaveJoiningTests: XCTestCase {
    func testAPlainTaskSleepsInVirtualTime() async {
        await ProbeSettings.withOverrides(.init(joinsTasks: true)) {
            let scheduler = DispatchQueue.virtualScheduler()
            let count = SaveCount()
            let autosave = Task { // a plain task, as app code starts it
                try? await scheduler.sleep(for: .seconds(2))
                await count.save()
            }
            await scheduler.advance(by: .seconds(1))
            let early = await count.saves
            XCTAssertEqual(early, 0)
            await scheduler.advance(by: .seconds(1))
            let saves = await count.saves
            XCTAssertEqual(saves, 1)
            await autosave.value
        }
    }
}
