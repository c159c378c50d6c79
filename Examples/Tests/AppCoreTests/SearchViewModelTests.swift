import AppCore
import CombineProbe
import Testing
import XCTest

// The search screen, in virtual time: debounce, removeDuplicates, a mocked
// service that takes 200 ms to answer, loading and error states.

final class SearchViewModelTests: ExampleTestCase {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = RepositorySearchingMock()

    override func setUp() {
        service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
    }

    func testTypingIsDebouncedThenSearched() throws {
        service.searchResult = .value([Repository(name: "swift", stars: 60_000)])
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record(timedBy: scheduler)

        model.query = "s"
        scheduler.advance(by: .milliseconds(100))
        model.query = "swift"

        let found = try scheduler.wait(for: results.next(), timeout: .seconds(1))
        XCTAssertEqual(found.map(\.name), ["swift"])
        XCTAssertEqual(scheduler.elapsed, .milliseconds(600), "300 ms of debounce after the last keystroke, 200 ms of service")
        XCTAssertEqual(service.calls(to: "search(_:)").map { $0.argument(0, as: String.self) }, ["swift"])
    }

    func testTheLoadingStateAroundASearch() throws {
        service.searchResult = .value([])
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let loading = model.$isLoading.record(timedBy: scheduler)
        model.query = "swift"
        scheduler.advance(by: .seconds(1))
        XCTAssertRecordedTimeline(loading, [
            .value(false, at: .zero),
            .value(true, at: .milliseconds(300)),
            .value(false, at: .milliseconds(500)),
        ])
        // The same timeline as a marble diagram, one tick (-) per 100 ms:
        // loading at 300 ms (the debounce), done at 500 ms (the service).
        XCTAssertRecordedMarbles(loading, "f--t-f", values: ["f": false, "t": true], tick: .milliseconds(100))
    }

    func testTheSameQueryIsSearchedOnce() throws {
        service.searchResult = .value([])
        let model = SearchViewModel(service: service, scheduler: scheduler)
        model.query = "swift"
        scheduler.advance(by: .seconds(1))
        model.query = "swif"
        model.query = "swift"
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(service.calls.count, 1)
    }

    func testOfflineIsShownAsAMessage() throws {
        service.searchResult = .failure(.network(.notConnectedToInternet))
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let message = model.$errorMessage.compactMap { $0 }.record()
        model.query = "swift"
        XCTAssertEqual(try scheduler.wait(for: message.next(), timeout: .seconds(1)), "You are offline.")
        XCTAssertEqual(model.results, [])
    }

    /// What a failure looks like: the test waits for results that the model
    /// never publishes, because the query is empty.
    func testWhatATimeoutLooksLike() {
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record(timedBy: scheduler)
        let messages = failureMessages {
            model.query = ""
            _ = try scheduler.wait(for: results.next(), timeout: .seconds(1))
        }
        XCTAssertEqual(messages, [
            "Asynchronous wait failed: nothing is scheduled on the virtual scheduler at 300ms, so virtual time cannot move on, "
            + "and recorder.next() still waits for one more element. Recorded so far: no element, not completed. "
            + "Does the code under test use a real scheduler (DispatchQueue.main, RunLoop.main, a queue of its own) instead of the virtual one?",
        ])
    }
}

@Suite struct SearchViewModelSwiftTests {
    let scheduler = DispatchQueue.virtualScheduler()
    let service = RepositorySearchingMock()

    init() {
        service.defaultDelivery = .after(.milliseconds(200), on: scheduler)
    }

    @Test func typingIsDebouncedThenSearched() async throws {
        service.searchResult = .value([Repository(name: "swift", stars: 60_000)])
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record(timedBy: scheduler)
        model.query = "swift"
        let found = try await scheduler.wait(for: results.next(), timeout: .seconds(1))
        #expect(found == [Repository(name: "swift", stars: 60_000)])
        expectRecordedTimeline(results, [.value(found, at: .milliseconds(500))])
    }

    @Test func noSearchWhileTheUserKeepsTyping() throws {
        service.searchResult = .value([])
        let model = SearchViewModel(service: service, scheduler: scheduler)
        let results = model.$results.dropFirst().record()
        for text in ["s", "sw", "swi", "swif", "swift"] {
            model.query = text
            scheduler.advance(by: .milliseconds(250))
        }
        try scheduler.wait(for: results.next().inverted, timeout: .zero)
        #expect(service.calls.isEmpty)
    }

    /// What a failure looks like in Swift Testing: an unexpected call to the
    /// mock, reported where the mock was created.
    @Test("What an unexpected call looks like (fails on purpose)", .tags(.failurePath))
    func whatAnUnexpectedCallLooksLike() throws {
        let model = SearchViewModel(service: service, scheduler: scheduler)
        withKnownIssue {
            model.query = "swift"
            scheduler.advance(by: .seconds(1))
            _ = service.calls
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("unexpected call to search(_:) with (\"swift\")") }
        }
    }
}
