import AppCore
import CombineProbe
import Testing
import XCTest

// A store that publishes every change and never completes: read now with
// get(), step through changes with next(), check that nothing else came.

final class SettingsStoreTests: ExampleTestCase {
    func testChangesArePublishedInOrder() throws {
        let store = SettingsStore()
        let recorder = store.theme.record()
        XCTAssertEqual(try recorder.next().get(), .system)
        store.update { $0.theme = .dark }
        store.update { $0.notificationsEnabled = false }
        store.update { $0.theme = .light }
        XCTAssertEqual(try recorder.next(2).get(), [.dark, .light])
        XCTAssertRecordedValues(recorder, [.system, .dark, .light])
    }

    func testTheStoreNeverCompletes() throws {
        let recorder = SettingsStore().settings.record()
        try wait(for: recorder.finished.inverted, timeout: 0.01)
        XCTAssertEqual(try recorder.availableElements.get(), [Settings()])
    }

    func testAnUnchangedValueIsNotPublishedAgain() throws {
        let store = SettingsStore()
        let recorder = store.settings.record()
        XCTAssertEqual(try recorder.prefix(1).get(), [Settings()])
        store.update { $0.theme = .system }
        try recorder.next().inverted.get()
    }

    func testTheCurrentThemeWithoutARecorder() throws {
        XCTAssertEqual(try SettingsStore(Settings(theme: .dark)).theme.waitForFirstOutput(timeout: 1), .dark)
    }

    /// What a failure looks like: the recorded values against the expected
    /// ones, side by side, the first difference marked.
    func testWhatAValuesMismatchLooksLike() {
        let store = SettingsStore()
        let recorder = store.theme.record()
        store.update { $0.theme = .dark }
        let messages = failureMessages {
            XCTAssertRecordedValues(recorder, [.system, .light])
        }
        XCTAssertEqual(messages, ["""
            XCTAssertRecordedValues failed
            recorded values differ from the expected ones at index 1, out of 2 expected and 2 recorded:
                 expected  recorded
               0 system    system
             > 1 light     dark
            """])
    }
}

@Suite struct SettingsStoreSwiftTests {
    @Test func changesArePublishedInOrder() async throws {
        let store = SettingsStore()
        let recorder = store.theme.record()
        store.update { $0.theme = .dark }
        #expect(try await wait(for: recorder.next(2), timeout: 1) == [.system, .dark])
        expectRecordedValues(recorder, [.system, .dark])
    }

    @Test("What a values mismatch looks like (fails on purpose)", .tags(.failurePath))
    func whatAValuesMismatchLooksLike() {
        let recorder = SettingsStore().theme.record()
        withKnownIssue {
            expectRecordedValues(recorder, [.dark])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("expectRecordedValues failed\nrecorded values differ from the expected ones at index 0") }
        }
    }
}
