import Foundation

/// A message of a support conversation.
public nonisolated struct SupportMessage: Equatable, Sendable {
    /// The desk's number for it.
    public let id: Int
    /// What it says.
    public let text: String

    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}

/// The support desk a conversation talks to, over the network in the app.
public protocol SupportDesk: Sendable {
    /// Sends `text`; returns the message the desk made of it.
    func send(_ text: String) async throws -> SupportMessage
    /// Tells the agent that the user is typing.
    func notifyTyping() async
    /// Tells the desk that the user saw every message up to `id`.
    func markSeen(upTo id: Int) async
}

/// How a receipt counts what it saw: `.exact`, or as in the version that
/// shipped with a bug.
public nonisolated enum ReceiptCounting: Sendable {
    /// The receipt takes off the unread count what it saw.
    case exact
    /// The bug: the receipt sets the unread count to zero, losing the
    /// messages that came while it was on its way to the desk.
    case clearsAll
}

/// A support conversation screen, written the way an app target of Xcode
/// 26 writes it: main-actor by default, plain `Task { }`s, an injected
/// clock, an async service. Nothing in it knows about tests.
///
/// - The agent's messages arrive on a stream, which a task consumes.
/// - Sending retries twice, after 1 s and then 2 s, when the desk fails.
/// - Typing tells the agent once the user paused for 500 ms (debounced).
/// - A message is marked seen 2 s after it arrived, unless another arrives
///   first (the receipt waiting for it is cancelled, and the new one covers
///   both).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class SupportConversation {
    /// The conversation so far.
    public private(set) var messages: [SupportMessage] = []
    /// The agent's messages the user has not seen.
    public private(set) var unread = 0
    /// What happened, in order: what a screen would show in its status line.
    public private(set) var events: [String] = []

    private let desk: any SupportDesk
    private let clock: any Clock<Duration>
    private let counting: ReceiptCounting
    private var feed: Task<Void, Never>?
    private var receipt: Task<Void, Never>?
    private var receiptIsWaiting = false
    private var typing: Task<Void, Never>?

    /// - parameter desk: The support desk.
    /// - parameter clock: The clock the retries, the typing pause and the
    ///   receipts wait on: `ContinuousClock()` in the app.
    /// - parameter incoming: The agent's messages.
    /// - parameter counting: How receipts count: leave the default.
    public init(
        desk: any SupportDesk, clock: any Clock<Duration>, incoming: AsyncStream<SupportMessage>,
        counting: ReceiptCounting = .exact
    ) {
        self.desk = desk
        self.clock = clock
        self.counting = counting
        feed = Task { [weak self] in
            for await message in incoming {
                self?.receive(message)
            }
        }
    }

    /// Sends `text`, trying up to three times.
    public func send(_ text: String) {
        Task {
            for attempt in 1...3 {
                do {
                    let sent = try await desk.send(text)
                    messages.append(sent)
                    events.append("sent \(sent.id) on attempt \(attempt)")
                    return
                } catch {
                    guard attempt < 3 else {
                        events.append("gave up on \"\(text)\"")
                        return
                    }
                    events.append("retrying in \(attempt)s")
                    do { try await clock.sleep(for: .seconds(attempt)) } catch { return }
                }
            }
        }
    }

    /// The user typed: the agent is told once the user pauses.
    public func userTyped() {
        typing?.cancel()
        typing = Task {
            do { try await clock.sleep(for: .milliseconds(500)) } catch { return }
            await desk.notifyTyping()
            events.append("typing sent")
        }
    }

    /// Stops consuming messages and cancels what waits.
    public func close() {
        feed?.cancel()
        receipt?.cancel()
        typing?.cancel()
    }

    private func receive(_ message: SupportMessage) {
        messages.append(message)
        unread += 1
        events.append("received \(message.id)")
        if receiptIsWaiting { receipt?.cancel() }
        receiptIsWaiting = true
        receipt = Task {
            do { try await clock.sleep(for: .seconds(2)) } catch { return }
            receiptIsWaiting = false
            let seen = unread
            await desk.markSeen(upTo: message.id)
            switch counting {
            case .exact: unread -= seen
            case .clearsAll: unread = 0
            }
            events.append("seen \(message.id)")
        }
    }
}
