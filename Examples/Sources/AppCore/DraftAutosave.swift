import AsyncAlgorithms
import Foundation
import Synchronization

/// Where drafts go: the app's server, a double in tests.
public protocol DraftStoring: Sendable {
    /// Saves the draft's text.
    func save(_ text: String) async
}

/// The editor's autosave, written with swift-async-algorithms'
/// `AsyncTimerSequence`: every `saveInterval`, the text is saved if it
/// changed since the last save, and closing the editor saves what is left.
///
/// It runs on the clock it is given: `ContinuousClock()` in the app, the
/// virtual scheduler's clock in tests. The timer sleeps in the task that
/// iterates it, so a test that runs ``run()`` with the virtual scheduler's
/// executor preference steps it deterministically. (Operators that start
/// tasks of their own, such as `debounce(for:clock:)`, are out of reach of
/// any executor preference: see the Testing time guide.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class DraftAutosave<C: Clock>: Sendable where C.Duration == Duration {
    private let store: any DraftStoring
    private let clock: C
    private let saveInterval: Duration
    /// The latest text, until it is saved.
    private let unsaved = Mutex<String?>(nil)

    /// - parameter store: Where drafts are saved.
    /// - parameter clock: The clock of the timer.
    /// - parameter saveInterval: The time between two saves.
    public init(store: any DraftStoring, clock: C, saveInterval: Duration = .seconds(2)) {
        self.store = store
        self.clock = clock
        self.saveInterval = saveInterval
    }

    /// Takes the editor's text after a change.
    ///
    /// - parameter text: The whole text.
    public func edit(_ text: String) {
        unsaved.withLock { $0 = text }
    }

    /// Saves the unsaved text every `saveInterval`, until the calling task
    /// is cancelled.
    public func run() async {
        for await _ in AsyncTimerSequence(interval: saveInterval, clock: clock) {
            await saveUnsaved()
        }
    }

    /// Closes the editor: saves the unsaved text at once, if any.
    public func close() async {
        await saveUnsaved()
    }

    private func saveUnsaved() async {
        guard let text = unsaved.withLock({ $0.take() }) else { return }
        await store.save(text)
    }
}
