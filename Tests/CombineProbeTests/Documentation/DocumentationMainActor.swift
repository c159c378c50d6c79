import CombineProbe
import Foundation
import Testing

// The example of the Testing time guide's "View models on the main actor"
// section, as a test.

@MainActor
final class SuggestionsModel {
    @Published var query = ""
    private(set) var suggestions: [String] = []
    private var subscription: AnyCancellable?

    init(scheduler: some Scheduler) {
        subscription = $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [unowned self] query in
                self.suggestions = [query, query + "ly"]
            }
    }
}

@Test func suggestionsFollowTheQuery() async {
    let scheduler = DispatchQueue.virtualScheduler(actionsOn: .mainActor)
    let model = await SuggestionsModel(scheduler: scheduler)
    await MainActor.run { model.query = "swift" }
    await scheduler.advance(by: .milliseconds(300))
    #expect(await model.suggestions == ["swift", "swiftly"])
}
