import Foundation
#if compiler(>=6.2) && canImport(Testing)
import Testing
#endif

/// Attaches the recorded timeline, as text, to the Swift Testing test whose
/// timeline or marble assertion fails, on Swift 6.2 and later (`Attachment`).
///
/// XCTest gets no attachment: attaching there means starting an activity
/// (`XCTContext.runActivity`), which XCTest refuses in some configurations
/// by stopping the process, and from some async main-actor tests ("Current
/// context must not be nil"). The failure message already carries the
/// timeline, so library code starts no XCTest activity.
enum TimelineAttachment {
    /// The name of the attached file.
    static let name = "recorded timeline.txt"

    /// The timeline one event a line, then its marbles.
    static func text<Input, Failure: Error>(_ recorded: [TimedEvent<Input, Failure>], marbles: String, tick: VirtualTime) -> String {
        "recorded timeline:\n"
            + recorded.map { "  \($0.description)" }.joined(separator: "\n")
            + (recorded.isEmpty ? "  (no event)" : "")
            + "\nas marbles (- is \(tick)):\n  \(marbles)\n"
    }

    /// Attaches `text` to the current test when Swift Testing runs it and
    /// takes attachments (Swift 6.2 and later).
    static func record(_ text: String, at site: CallSite) {
        switch TestFramework.detected {
        case .swiftTesting?:
            #if compiler(>=6.2) && canImport(Testing)
            Attachment.record(
                text, named: name,
                sourceLocation: SourceLocation(
                    fileID: String(describing: site.fileID), filePath: String(describing: site.filePath),
                    line: Int(site.line), column: Int(site.column)))
            #else
            break
            #endif
        case .xcTest?, nil:
            // No XCTest activity (see above): the message has the timeline.
            break
        }
    }
}
