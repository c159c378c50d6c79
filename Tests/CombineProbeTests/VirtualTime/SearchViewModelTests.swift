import CombineProbe
import Foundation
import Testing
import XCTest

/// The search view model tested end to end in virtual time: debounce,
/// removeDuplicates, a mocked service, in XCTest and Swift Testing.
final class SearchViewModelXCTests: XCTestCase {
    func testTypingIsDebouncedAndSearchedOnce() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = SearchServiceMock()
        service.searchResult = .value(["swift", "swiftly"])
        service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record(timedBy: scheduler)

        model.query = "s"
        scheduler.advance(by: .milliseconds(100))
        model.query = "sw"
        scheduler.advance(by: .milliseconds(100))
        model.query = "swi"

        XCTAssertEqual(try scheduler.wait(for: results.next(), timeout: .seconds(1)), ["swift", "swiftly"])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(700), "300 ms after the last keystroke, and 200 ms of service")
        XCTAssertEqual(service.calls(to: "search(_:)").map { $0.argument(0, as: String.self) }, ["swi"])
        XCTAssertFalse(model.isSearching)
    }

    func testTheSameQueryIsNotSearchedTwice() throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = SearchServiceMock()
        service.searchResult = .value(["swift"])
        service.defaultDelivery = .on(scheduler)
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record(timedBy: scheduler)
        model.query = "swift"
        scheduler.advance(by: .seconds(1))
        model.query = "swif"
        model.query = "swift"
        XCTAssertEqual(try scheduler.wait(for: results.next(), timeout: .seconds(1)), ["swift"])
        try scheduler.wait(for: results.next().inverted, timeout: .seconds(1))
        XCTAssertEqual(results.timeline, [.value(["swift"], at: .milliseconds(300))])
        XCTAssertEqual(service.calls.count, 1)
    }
}

@Suite struct SearchViewModelSwiftTests {
    @Test func typingIsDebouncedAndSearchedOnce() async throws {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = SearchServiceMock()
        service.searchResult = .value(["swift", "swiftly"])
        service.defaultDelivery = .on(scheduler)
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record(timedBy: scheduler)

        model.query = "s"
        await scheduler.advance(by: .milliseconds(100))
        model.query = "swi"

        #expect(try await scheduler.wait(for: results.next(), timeout: .seconds(1)) == ["swift", "swiftly"])
        #expect(scheduler.elapsed == .milliseconds(400))
        expectRecordedTimeline(results, [.value(["swift", "swiftly"], at: .milliseconds(400))])
        #expect(service.calls.count == 1)
    }

    @Test("A view model on a real scheduler is caught at once (fails on purpose)", .tags(.failurePath))
    func aViewModelOnARealSchedulerIsCaughtAtOnce() {
        let scheduler = DispatchQueue.virtualScheduler()
        let service = SearchServiceMock()
        service.searchResult = .value(["swift"])
        // The mistake: the view model gets a real scheduler, not the virtual one.
        let model = SearchViewModel(service: service, scheduler: DispatchQueue(label: "real"))
        let results = model.$results.dropFirst().record()
        model.query = "swift"
        _ = expectIssuesNow(["Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 0s"], atLine: #line + 1) {
            _ = try scheduler.wait(for: results.next(), timeout: .seconds(1))
        }
    }
}
