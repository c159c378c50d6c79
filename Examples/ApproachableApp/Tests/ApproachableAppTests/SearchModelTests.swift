import ApproachableApp
import CombineProbe
import Foundation
import Testing
import XCTest

// `SearchModel`, whose sink the compiler checks for the main actor, from
// every kind of test. Its scheduler stands in for `DispatchQueue.main`:
// `actionsOn: .mainActor` runs the debounce, the service's delay and
// `receive(on:)` on the main actor whatever moves time.

/// One round: type, wait out the debounce and the service, type again.
enum SearchRounds {
    static let expected = [
        #"["swift", "swiftui"] after 600ms, searching: false"#,
        #"["combine"] after 1.2s, searching: false"#,
    ]

    /// From any isolation: this nonisolated async function runs on its
    /// caller's actor (SE-0461).
    static func asyncRound(_ round: Int) async throws -> [String] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let model = await SearchModel(service: NamesDouble(scheduler: scheduler), scheduler: scheduler)
        let results = await MainActor.run { model.$results.dropFirst().record() }
        var trace: [String] = []
        for (first, last) in [("s", "swi"), ("comb", "combine")] {
            await MainActor.run { model.query = first }
            await scheduler.advance(by: .milliseconds(100))
            await MainActor.run { model.query = last }
            let found = try await scheduler.wait(for: results.next(), timeout: .seconds(1))
            let searching = await model.isSearching
            trace.append("\(found) after \(scheduler.elapsed), searching: \(searching)")
        }
        return trace
    }

    /// From synchronous code on any thread: on the main thread, the
    /// scheduler runs the actions there; on another, it hands them to the
    /// main actor and waits.
    static func syncRound(_ round: Int) throws -> [String] {
        let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
        let (model, results) = try onMainActor {
            let model = SearchModel(service: NamesDouble(scheduler: scheduler), scheduler: scheduler)
            return (model, model.$results.dropFirst().record())
        }
        var trace: [String] = []
        for (first, last) in [("s", "swi"), ("comb", "combine")] {
            try onMainActor { model.query = first }
            scheduler.advance(by: .milliseconds(100))
            try onMainActor { model.query = last }
            let found = try scheduler.wait(for: results.next(), timeout: .seconds(1))
            let searching = try onMainActor { model.isSearching }
            trace.append("\(found) after \(scheduler.elapsed), searching: \(searching)")
        }
        return trace
    }
}

@Suite struct SearchModelSwiftTests {
    @Test func nonisolatedAsync() async throws {
        #expect(!isOnMainActor(), "Swift Testing runs a nonisolated test off the main actor")
        let different = try await firstDifferentRound(from: SearchRounds.expected, SearchRounds.asyncRound)
        #expect(different == nil)
    }

    @Test func nonisolatedSynchronous() throws {
        #expect(!isOnMainActor())
        let different = try firstDifferentRound(from: SearchRounds.expected, SearchRounds.syncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorAsync() async throws {
        let different = try await firstDifferentRound(from: SearchRounds.expected, SearchRounds.asyncRound)
        #expect(different == nil)
    }

    @Test @MainActor func mainActorSynchronous() throws {
        let different = try firstDifferentRound(from: SearchRounds.expected, SearchRounds.syncRound)
        #expect(different == nil)
    }
}

final class SearchModelTests: XCTestCase {
    func testNonisolatedAsync() async throws {
        let different = try await firstDifferentRound(from: SearchRounds.expected, SearchRounds.asyncRound)
        XCTAssertNil(different)
    }

    /// XCTest runs a synchronous test on the main thread.
    func testSynchronous() throws {
        let different = try firstDifferentRound(from: SearchRounds.expected, SearchRounds.syncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorAsync() async throws {
        let different = try await firstDifferentRound(from: SearchRounds.expected, SearchRounds.asyncRound)
        XCTAssertNil(different)
    }

    @MainActor func testMainActorSynchronous() throws {
        let different = try firstDifferentRound(from: SearchRounds.expected, SearchRounds.syncRound)
        XCTAssertNil(different)
    }
}
