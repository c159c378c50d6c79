import ApproachableApp
import CombineProbe
import Foundation

/// The names the doubles know.
let directory = ["combine", "swift", "swiftui", "testing"]

/// The service double of `SearchModel`: answers after 200 ms of the test's
/// virtual scheduler.
struct NamesDouble: NameSearching {
    let scheduler: VirtualSchedulerOf<DispatchQueue>

    func names(matching query: String) -> AnyPublisher<[String], Never> {
        Just(directory.filter { $0.hasPrefix(query) })
            .delay(for: .milliseconds(200), scheduler: scheduler)
            .eraseToAnyPublisher()
    }
}

/// The async service double of `TaskSearchModel`: answers at once.
struct AsyncNamesDouble: AsyncNameSearching {
    func names(matching query: String) async -> [String] {
        directory.filter { $0.hasPrefix(query) }
    }
}
